"""Two weapons, manoeuvres, defensive posture, spell failure, 0 hp, initiative, budget."""

from __future__ import annotations

import pytest

from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.ac import ac_label
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.saves import spell_failure
from battlemap.rules.pmt.stats import PmtStats
from battlemap.text import words
from tests.helpers.pmt import FIGHTER, MONSTER_ASC, MONSTER_DESC, make
from tests.helpers.words import fr

ASC = PmtOptions()


def two(off: str, forced: list[int], opts: PmtOptions = ASC, stats: dict = FIGHTER):  # type: ignore[no-untyped-def]
    req = AttackRequest(attacker=make("a", stats), target=make("m", MONSTER_ASC),
                        options={"two_weapon": off})
    return SYSTEM.resolve_attack(req, Dice(forced=forced), opts)


def test_two_weapons_standard() -> None:
    # 004: two attacks, −2 with the primary weapon and −4 with the secondary
    res = two("Dague", [10, 13])  # 10 + 1 + 1 − 2 = 10; 13 + 1 + 1 − 4 = 11 vs CA 12
    assert [a.total for a in res.attacks] == [10, 11]
    assert [a.outcome for a in res.attacks] == ["miss", "miss"]
    res2 = two("Dague", [12, 3, 14, 2])
    assert [a.outcome for a in res2.attacks] == ["hit", "hit"]


@pytest.mark.parametrize(("primary", "secondary", "ok"), [
    ("1d8", "1d4", True), ("1d6", "1d6", True), ("1d8", "1d6", False), ("1d10", "1d4", False)])
def test_two_weapon_dice_limits(primary: str, secondary: str, ok: bool) -> None:
    # 004: d8 + d4 at most, or both at most d6
    stats = {**FIGHTER, "weapons": [{"name": "A", "damage": primary},
                                    {"name": "B", "damage": secondary}]}
    req = AttackRequest(attacker=make("a", stats), target=make("m", MONSTER_ASC),
                        options={"two_weapon": "B"})
    if ok:
        assert len(SYSTEM.resolve_attack(req, Dice(forced=[1, 1]), ASC).attacks) == 2
    else:
        with pytest.raises(ValueError, match="d8 \\+ d4"):
            SYSTEM.resolve_attack(req, Dice(forced=[1, 1]), ASC)


def test_two_weapons_need_str_or_dex_prime() -> None:
    with pytest.raises(ValueError, match="STR or DEX as a Prime Requisite"):
        two("Dague", [10, 10], stats={**FIGHTER, "prime": ["int"]})


def test_two_weapons_simplified() -> None:
    # 004 "Variante simplifiée": one attack +1/+1, plus the secondary weapon's magic bonus
    stats = {**FIGHTER, "weapons": [{"name": "Épée", "damage": "1d8"},
                                    {"name": "Dague +1", "damage": "1d4", "bonus": 1}]}
    res = two("Dague +1", [8, 3], PmtOptions(two_weapon="simplified"), stats)
    assert len(res.attacks) == 1
    one = res.attacks[0]
    assert one.total == 8 + 1 + 1 + 2 and one.outcome == "hit"
    assert one.damage is not None and one.damage.total == 3 + 1 + 2


def man(name: str, forced: list[int], opts: PmtOptions = ASC, **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=make("a", FIGHTER), target=make("m", MONSTER_ASC),
                           options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), opts)


def test_manoeuvre_coup_de_maitre_and_normal_hit() -> None:
    # 004 "Manœuvres": Coup de maître (natural 20 by default) → manoeuvre, no damage
    cdm = man("envoyer au sol", [20])
    assert cdm.success and cdm.damage is None
    assert cdm.conditions_added["m"][0].name == "prone"
    # a normal hit: the defender chooses the manoeuvre or the damage
    normal = man("envoyer au sol", [15, 5])
    assert normal.success and normal.damage is not None and normal.damage.total == 6
    assert "le défenseur choisit" in fr(normal.effects)[0]
    # Coup de maître from 19 when the GM says so
    assert man("désarmer", [19], PmtOptions(coup_de_maitre=19)).damage is None
    # unarmed: brawl damage 1d2 + FOR
    brawl = man("attraper et tirer à soi", [15, 2], unarmed=True)
    assert brawl.damage is not None and brawl.damage.total == 3
    assert not man("faire reculer", [3]).success


def test_a_manoeuvre_says_what_its_roll_had_to_reach() -> None:
    # Walkthrough: a missed "faire reculer" showed "1d20 → (3) = 3, Mod. de FOR +1 | attaque
    # ratée" without the number to reach. 004 "Formule" (ascending AC): d20 3 + attack bonus
    # 1 + FOR 1 = 5 against CA 12.
    assert fr(man("faire reculer", [3]).notes)[0] == "5 contre CA 12"


def test_manoeuvre_list_is_configurable() -> None:
    with pytest.raises(ValueError, match="does not allow"):
        man("désarmer", [20], PmtOptions(manoeuvres=["envoyer au sol"]))


def test_defensive_posture() -> None:
    # 004 "posture défensive": AC + FOR or DEX mod; Dex limited by armour with that option;
    # with descending AC it may be subtracted from the opponent's roll instead
    agile = {"ac": 14, "strength": 10, "dexterity": 16, "dex_ac_cap": 1}
    t = make("t", agile, conditions=("defensive_posture",))
    assert words(ac_label(t.stats, ASC, t), "fr") == "CA 16"
    assert words(ac_label(t.stats, PmtOptions(dex_ac_option=True), t), "fr") == "CA 15"
    sub = PmtOptions(ac_form="descending", defensive_posture="subtract")
    req = AttackRequest(attacker=make("a", FIGHTER), target=t)
    one = SYSTEM.resolve_attack(req, Dice(forced=[10, 1]), sub).attacks[0]
    assert {words(m.name, "fr"): m.value for m in one.modifiers}["Posture défensive de l'adversaire"] == -2
    assert one.target_number == 18 - 5  # AC 14 → descending 5, not changed by the posture
    budget = SYSTEM.turn_budget(t, ASC)
    assert budget.slots["attack"] == 0


def test_spell_failure() -> None:
    # 004: d100 ≤ the armour penalty → the spell fails (arcane casters)
    mage = PmtStats(arcane_caster=True, armour_penalty=20)
    assert spell_failure(mage, Dice(forced=[20]), ASC).failed
    assert not spell_failure(mage, Dice(forced=[21]), ASC).failed
    assert spell_failure(PmtStats(armour_penalty=20), Dice(), ASC).roll is None


def test_zero_hp_pc_not_dead_monster_dead() -> None:
    # 004: a PC at 0 hp does not die at once (default unconscious, dying; the GM decides)
    pc = make("pc", FIGHTER, hp=3)
    ch = SYSTEM.damage(pc, 5, Dice(), ASC)
    assert ch.after == -2 and ch.state_after == "unconscious"
    assert {c.name for c in ch.conditions_added} == {"unconscious", "dying"}
    monster = SYSTEM.damage(make("m", MONSTER_DESC, hp=2), 2, Dice(), ASC)
    assert monster.state_after == "dead"
    # "Les personnages récupèrent l'intégralité de leurs PV après un repos long."
    assert SYSTEM.long_rest(make("pc", FIGHTER, hp=5)).after == 18
    up = SYSTEM.heal(make("pc", FIGHTER, hp=-2, conditions=("unconscious", "dying")), 4, ASC)
    assert up.after == 2 and set(up.conditions_removed) == {"unconscious", "dying"}


def test_initiative_individual_and_side() -> None:
    # B/X (seed silent): d6 + DEX mod, highest first; option: one d6 per side each round
    quick = make("quick", {"dexterity": 16}, side="party")
    slow = make("slow", {"dexterity": 10}, side="party")
    orc = make("orc", MONSTER_ASC)
    order = SYSTEM.initiative([slow, quick, orc], Dice(forced=[4, 3, 6]), ASC)
    assert [(e.token, e.score) for e in order] == [("orc", 6), ("quick", 5), ("slow", 4)]
    side = SYSTEM.initiative([slow, quick, orc], Dice(forced=[2, 5]),
                             PmtOptions(side_initiative=True))
    assert [(e.token, e.score) for e in side] == [("orc", 5), ("slow", 2), ("quick", 2)]


def test_saves() -> None:
    # B/X saves (seed silent): d20 ≥ the category number
    from battlemap.rules.core.combat import SaveRequest
    c = make("c", {"saves": {"breath": 15}})
    res = SYSTEM.resolve_save(SaveRequest(token=c, ability="breath", dc=0), Dice(forced=[15]), ASC)
    assert res.success and res.dc == 15
    assert not SYSTEM.resolve_save(SaveRequest(token=c, ability="spells", dc=0),
                                   Dice(forced=[17]), ASC).success


def test_flanking_option() -> None:
    sit = Situation(flanked=True)
    req = AttackRequest(attacker=make("a", FIGHTER), target=make("m", MONSTER_ASC), situation=sit)
    off = SYSTEM.resolve_attack(req, Dice(forced=[10, 1]), ASC).attacks[0]
    on = SYSTEM.resolve_attack(req, Dice(forced=[10, 1]), PmtOptions(flanking=True)).attacks[0]
    assert on.total - off.total == 2
