"""PMT attack formulas (the seed's two worked examples) and the options around them."""

from __future__ import annotations

import pytest

from battlemap.rules.core.combat import AttackRequest, Combatant, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.system import get_system
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.ac import ac_label
from battlemap.rules.pmt.options import PmtOptions
from battlemap.text import words
from tests.helpers.pmt import FIGHTER, GOBLIN_MINION, MONSTER_ASC, MONSTER_DESC, make

ASC = PmtOptions()
CLASSIC = PmtOptions(ac_form="descending")
CIBLE = PmtOptions(ac_form="descending", thac0_formula="cible")


def attack(a: Combatant, t: Combatant, forced: list[int], opts: PmtOptions = ASC,
           sit: Situation | None = None, **kw: object):  # type: ignore[no-untyped-def]
    req = AttackRequest(attacker=a, target=t, situation=sit or Situation(), **kw)  # type: ignore[arg-type]
    return SYSTEM.resolve_attack(req, Dice(forced=forced), opts)


def names(one) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {words(m.name, "fr"): m.value for m in one.modifiers}


def test_registered() -> None:
    assert get_system("pmt") is SYSTEM


def test_seed_example_ascending() -> None:
    # 004 "Exemple": bonus +1, FOR +1, fourbu −2, d20 12 vs CA 12 → 12 ≥ 12, hit "de justesse"
    fighter = make("g", FIGHTER, side="party", conditions=("exhausted",))
    one = attack(fighter, make("m", MONSTER_ASC), [12, 5]).attacks[0]
    assert names(one) == {"Bonus d'attaque": 1, "Mod. de FOR": 1, "Fourbu": -2}
    assert (one.total, one.target_number, words(one.target_label, "fr"), one.outcome) == (12, 12, "CA 12",
                                                                            "hit")
    miss = attack(fighter, make("m", MONSTER_ASC), [11]).attacks[0]
    assert miss.outcome == "miss"


def test_seed_example_thac0_classic() -> None:
    # 004 TAC0 "Formule classique": 12 + 1 − 2 ≥ 18 − 7, soit 11 ≥ 11
    fighter = make("g", FIGHTER, side="party", conditions=("exhausted",))
    one = attack(fighter, make("m", MONSTER_DESC), [12, 5], CLASSIC).attacks[0]
    assert names(one) == {"Mod. de FOR": 1, "Fourbu": -2}
    assert (one.total, one.target_number, one.outcome) == (11, 11, "hit")
    assert words(one.target_label, "fr") == "TAC0 18 − CA 7 = 11"


def test_seed_example_cible_thac0() -> None:
    # 004 "Variante : CibleTAC0": 12 + 1 − 2 + 7 ≥ 18, soit 18 ≥ 18
    fighter = make("g", FIGHTER, side="party", conditions=("exhausted",))
    one = attack(fighter, make("m", MONSTER_DESC), [12, 5], CIBLE).attacks[0]
    assert names(one)["CA du défenseur"] == 7
    assert (one.total, one.target_number, words(one.target_label, "fr"), one.outcome) == (18, 18, "TAC0 18",
                                                                            "hit")


def test_ac_forms_convert_and_label() -> None:
    # AC 12 ascending = AC 7 descending (the seed's examples: bonus +1 ↔ TAC0 18)
    asc = make("m", MONSTER_ASC)
    assert words(ac_label(asc.stats, ASC), "fr") == "CA 12" and words(ac_label(asc.stats, CLASSIC), "fr") == "CA 7"
    desc = make("m", MONSTER_DESC)
    assert words(ac_label(desc.stats, ASC), "fr") == "CA 12"
    one = attack(make("g", FIGHTER), asc, [9, 1], CLASSIC).attacks[0]
    assert one.target_number == 11  # TAC0 18 − CA 7


@pytest.mark.parametrize(("mode", "is_pc", "dmg"), [("all", False, 1), ("pcs", True, 1),
                                                    ("pcs", False, None), ("off", True, None)])
def test_miss_still_deals_one(mode: str, is_pc: bool, dmg: int | None) -> None:
    # 004 "Un coup raté inflige quand même 1 dommage. Le MdT peut limiter cet avantage aux PJ."
    a = make("a", {**FIGHTER, "is_pc": is_pc})
    one = attack(a, make("m", MONSTER_ASC), [2], PmtOptions(miss_damage=mode)).attacks[0]  # type: ignore[arg-type]
    assert one.outcome == "miss"
    assert (one.damage.total if one.damage else None) == dmg


def test_natural_twenty_max_and_fixed_damage() -> None:
    # 004 "Sur un 20 naturel … les dommages maximums": épée 1d8 → 8, + FOR 1 = 9
    a, m = make("a", FIGHTER), make("m", MONSTER_ASC)
    one = attack(a, m, [20]).attacks[0]
    assert one.damage is not None and one.damage.total == 9 and one.damage.roll is None
    # 004 "la moitié des dommages potentiels": 1d8 → 4, + FOR 1 = 5
    fixed = attack(a, m, [15], PmtOptions(fixed_damage=True)).attacks[0]
    assert fixed.damage is not None and fixed.damage.total == 5
    rolled = attack(a, m, [15, 3]).attacks[0]
    assert rolled.damage is not None and rolled.damage.total == 4


def test_minions() -> None:
    # 004 "Sbires": any hit takes them out; their damage is half the maximum (1d6 → 3)
    gob = make("gob", GOBLIN_MINION)
    hit = attack(make("a", FIGHTER), gob, [13, 1]).attacks[0]
    assert hit.outcome == "hit" and hit.damage is not None and hit.damage.total == 4
    out = SYSTEM.damage(gob, hit.damage.total, Dice(), ASC)
    assert out.state_after == "out"
    back = attack(gob, make("a", FIGHTER), [19]).attacks[0]
    assert back.outcome == "hit" and back.damage is not None and back.damage.total == 3


def test_nonproficient_weapon_and_armour() -> None:
    # 004: forbidden weapon −4; forbidden armour −2 AC [+2 descending]; forbidden shield: nothing
    a = make("a", {**FIGHTER, "weapons": [{"name": "Arbalète", "kind": "ranged",
                                            "damage": "1d6", "proficient": False}]})
    one = attack(a, make("m", MONSTER_ASC), [10, 1], sit=Situation(kind="ranged")).attacks[0]
    assert names(one)["Arme interdite"] == -4 and one.total == 7
    mage = make("mage", {"ac": 15, "armour_proficient": False, "shield_ac": 1,
                         "shield_proficient": False})
    assert words(ac_label(mage.stats, ASC), "fr") == "CA 12"  # 15 − 2 − 1
    assert words(ac_label(mage.stats, CLASSIC), "fr") == "CA 7"  # 4 + 2 + 1


def test_cover_penalties() -> None:
    # docs/rules/README.md#geometry-by-system (seed silent): partial −2, heavy −4, total: no target
    a, m = make("a", FIGHTER), make("m", MONSTER_ASC)
    assert names(attack(a, m, [10, 1], sit=Situation(cover="half")).attacks[0])[
        "Couvert partiel"] == -2
    assert names(attack(a, m, [10, 1], sit=Situation(cover="three_quarters")).attacks[0])[
        "Couvert important"] == -4
    total = attack(a, m, [], sit=Situation(cover="total")).attacks[0]
    assert total.outcome == "no_target" and total.roll is None


def test_unconscious_target_is_hit_automatically() -> None:
    # 004 "Toute attaque contre un personnage inconscient réussit automatiquement"
    pc = make("pc", FIGHTER, side="party", conditions=("unconscious",), hp=0)
    one = attack(make("m", MONSTER_ASC), pc, [4]).attacks[0]
    assert one.outcome == "auto_hit" and one.roll is None
    assert one.damage is not None and one.damage.total == 4
