"""Manoeuvres (000_d623f1b22a06cede.txt, "Manœuvres"; sizes from "Taille", column "Lutte").
Mara: Str +3, Dex +2, BBA 5, machete; ganger: Str +1, Dex +1, BBA 2, touch AC 11, two-handed
bat; the brute: large, Str +6, BBA 6."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.model import Size
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest, ManoeuvreResult, Situation
from battlemap.text import words
from tests.helpers.breche35 import BRUTE, ForcedDice, combatant, ganger, mara
from tests.helpers.words import fr


def run(name: str, a: Combatant, t: Combatant, forced: list[int], opts: dict[str, Any] | None = None,
        **options: Any) -> ManoeuvreResult:
    dice = ForcedDice(forced=forced)
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options,
                           situation=Situation(charging=options.pop("charging", False)))
    res = SYSTEM.resolve_manoeuvre(req, dice, Breche35Options.model_validate(opts or {}))
    assert not dice.forced
    return res


def brute() -> Combatant:
    return combatant("brute", BRUTE, size=Size.LARGE)


@pytest.mark.parametrize(("forced", "push"), [
    ([6, 4], 1.5),    # 9 against 5: margin 4
    ([7, 4], 3.0),    # margin 5: "plus 1,5 m par tranche de 5 points d'écart"
    ([15, 4], 4.5),   # margin 13
])
def test_bull_rush_pushes_by_margin(forced: list[int], push: float) -> None:
    res = run("bull_rush", mara(), ganger(), forced)
    assert res.success is True and res.push_m == push


def test_bull_rush_failure_and_tie() -> None:
    fail = run("bull_rush", mara(), ganger(), [4, 15])
    assert (fail.success, fail.push_m) == (False, None)
    # 8 against 8: "le plus gros modificateur gagne" (+3 against +1).
    assert run("bull_rush", mara(), ganger(), [5, 7]).success is True


def test_bull_rush_counts_size_and_charge() -> None:
    # Brute: Str 6 + size G +4 = 10 against Mara's 3: 15 against 13, margin 2.
    res = run("bull_rush", brute(), mara(), [5, 10])
    assert res.success is True and res.push_m == 1.5
    assert {words(m.name, "fr"): m.value for m in res.modifiers}["Taille"] == 4
    charged = run("bull_rush", mara(), ganger(), [5, 8], charging=True)  # 10 vs 9
    assert charged.success is True


def test_trip_touch_attack_then_strength() -> None:
    # "une attaque de contact, puis test de Force (ou Dextérité) opposé : la cible tombe".
    res = run("trip", mara(), ganger(), [5, 10, 10])
    assert res.success is True
    assert [c.name for c in res.conditions_added["ganger"]] == ["prone"]


def test_trip_touch_attack_missed() -> None:
    res = run("trip", mara(), ganger(), [2])  # 2 + 8 = 10 against touch AC 11
    assert res.success is False and res.conditions_added == {}


def test_failed_trip_lets_the_target_trip_back() -> None:
    # "Raté : elle peut vous faire tomber en retour." 6 vs 13, then 13 vs 7.
    res = run("trip", mara(), ganger(), [5, 3, 12, 12, 4])
    assert res.success is False
    assert [c.name for c in res.conditions_added["mara"]] == ["prone"]
    off = run("trip", mara(), ganger(), [5, 3, 12], {"counter_attempts": False})
    assert off.conditions_added == {}


def test_disarm_opposed_attack_rolls_with_weapon_modifiers() -> None:
    # "+4 pour une arme à deux mains, −4 pour une arme légère": 18 against 2 + 1 + 4 + 10 = 17.
    res = run("disarm", mara(), ganger(), [10, 10])
    assert res.success is True and fr(res.effects) == ["Ganger lâche Batte"]
    assert {words(m.name, "fr"): m.value for m in res.modifiers}["Arme à deux mains"] == 4
    dagger = [{"name": "Dague", "damage": "1d4", "light": True}]
    light = run("disarm", mara(weapons=dagger), ganger(), [10, 10, 5, 18])
    assert light.success is False  # 14 against 17; the ganger then fails 12 against 23
    assert fr(light.effects) == []


ATTAQUER = '000_d623f1b22a06cede.txt, "Attaquer"'
ETATS = '000_d623f1b22a06cede.txt, "États"'
MANOEUVRES = '000_d623f1b22a06cede.txt, "Manœuvres"'
GANGER_DISARM = [("BBA", 2, ATTAQUER), ("Force", 1, ATTAQUER),
                 ("Arme à deux mains", 4, MANOEUVRES)]  # 2 + 1 + 4 = 7


@pytest.mark.parametrize(("condition", "penalty"), [
    ("dazzled", [("Ébloui", -1, ETATS)]),              # "Ébloui : −1 aux attaques"
    ("entangled", [("Enchevêtré", -2, ETATS)]),        # "Enchevêtré : −2 aux attaques"
    ("prone", [("À terre (attaquant à terre)", -4, ETATS)]),  # "−4 aux attaques au corps à corps"
    ("fighting_defensively", [("Combat sur la défensive", -4,
                               '000_d623f1b22a06cede.txt, "Le round de combat"')]),
    ("blinded", []),  # "−4 aux tests de Force et de Dextérité": a check, not an attack
])
def test_disarm_is_an_opposed_attack_roll(condition: str, penalty: list[Any]) -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": « Désarmement : test d'attaque opposé » ; the
    # attack penalties come from "États". Mara's machete +1: 5 + 3 + 1 = 9, then the penalty.
    machete = [{"name": "Machette +1", "damage": "1d6", "enhancement": 1}]
    res = run("disarm", mara(condition, weapons=machete), ganger(), [10, 9], no_counter=True)
    assert [(words(m.name, "fr"), m.value, m.source) for m in res.modifiers] == [
        ("BBA", 5, ATTAQUER), ("Force", 3, ATTAQUER),
        ("Altération (arme)", 1, ATTAQUER), *penalty, *GANGER_DISARM]
    mine = 10 + 9 + sum(p[1] for p in penalty)
    assert fr(res.notes) == [f"attaque {mine} contre 16"]
    assert res.success is (mine > 16)


def test_disarm_defender_rolls_its_own_attack_with_its_conditions() -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres" and "États": a dazzled ganger defends at
    # 2 + 1 + 4 − 1 = 6; Mara 8 + 10 = 18 against 11 + 6 = 17.
    res = run("disarm", mara(), ganger("dazzled"), [10, 11])
    assert [(words(m.name, "fr"), m.value) for m in res.modifiers] == [
        ("BBA", 5), ("Force", 3), ("BBA", 2), ("Force", 1), ("Ébloui", -1),
        ("Arme à deux mains", 4)]
    assert (res.success, fr(res.notes)) == (True, ["attaque 18 contre 17"])


def test_disarm_size_gives_4_per_category_of_difference() -> None:
    # 000_d623f1b22a06cede.txt, "Taille", column "Lutte": the brute (G) +4 and the ganger (M) 0;
    # the attack column (−1 for G) is not added on top.
    res = run("disarm", brute(), ganger(), [10, 10], no_counter=True)
    assert [(words(m.name, "fr"), m.value) for m in res.modifiers] == [
        ("BBA", 6), ("Force", 6), ("Taille", 4), *[(n, v) for n, v, _ in GANGER_DISARM]]
    assert fr(res.notes) == ["attaque 26 contre 17"]


def test_failed_disarm_lets_the_target_disarm_back() -> None:
    res = run("disarm", mara(), ganger(), [2, 15, 15, 3])
    assert fr(res.effects) == ["Mara lâche Machette (désarmement en retour)"]


def test_grapple_start_needs_a_touch_attack_then_opposed_checks() -> None:
    res = run("grapple", mara(), ganger(), [5, 10, 10])
    assert res.success is True
    assert {k: [c.name for c in v] for k, v in res.conditions_added.items()} == {
        "mara": ["grappling"], "ganger": ["grappling"]}


def test_grapple_check_uses_the_special_size_modifier() -> None:
    # "1d20 + BBA + Force + modificateur spécial de taille": brute 6 + 6 + 4 = 16, Mara 8.
    res = run("grapple", brute(), mara(), [10, 10, 10], action="start")
    names = {words(m.name, "fr"): m.value for m in res.modifiers if m.applies_to == "check"}
    assert names["Taille (lutte)"] == 4
    assert "lutte 26 contre 18" in fr(res.notes)


def test_pin_escape_and_grapple_damage() -> None:
    g = ganger("grappling")
    m = mara("grappling")
    pin = run("grapple", m, g, [10, 10], action="pin")
    assert [c.name for c in pin.conditions_added["ganger"]] == ["pinned"]
    escape = run("grapple", g, m, [18, 2], action="escape")  # 21 against 10
    assert escape.success is True
    assert escape.conditions_removed == {"ganger": ["grappling", "pinned"], "mara": ["grappling"]}
    hurt = run("grapple", m, g, [10, 10, 2], action="damage")
    assert hurt.damage is not None and (hurt.damage.total, hurt.damage.kind) == (5, "nonlethal")


def test_overrun() -> None:
    # "il peut s'écarter, sinon test de Force opposé : il tombe à terre."
    aside = run("overrun", mara(), ganger(), [], target_avoids=True)
    assert aside.success is True and aside.rolls == []
    down = run("overrun", mara(), ganger(), [10, 5])
    assert [c.name for c in down.conditions_added["ganger"]] == ["prone"]
    stopped = run("overrun", mara(), ganger(), [3, 10])
    assert stopped.success is False


def test_overrun_target_blocks_with_strength_only() -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": « Renversement : … il peut s'écarter, sinon test
    # de Force opposé » (no « ou Dextérité » as for the trip). A nimble ganger (Str +1, Dex +4)
    # blocks: Mara 10 + 3 = 13 against 11 + 1 = 12 (with its Dex it would be 15 and hold).
    res = run("overrun", mara(), ganger(dexterity=18), [10, 11])
    assert [(words(m.name, "fr"), m.value, m.source) for m in res.modifiers] == [
        ("Force", 3, '000_d623f1b22a06cede.txt, "Caractéristiques"'),
        ("Force", 1, '000_d623f1b22a06cede.txt, "Caractéristiques"')]
    assert fr(res.notes) == ["Force 13 contre 12"]
    assert res.success is True
    assert [c.name for c in res.conditions_added["ganger"]] == ["prone"]


def test_coup_de_grace_automatic_critical_then_fortitude_or_death() -> None:
    # "critique automatique, puis jet de Vigueur (DD 10 + dégâts) ou mort."
    res = run("coup_de_grace", mara(), ganger("helpless"), [4, 5, 10])
    assert res.damage is not None and res.damage.total == (4 + 3) + (5 + 3)
    assert "Vigueur 13 contre DD 25" in fr(res.notes)
    assert [c.name for c in res.conditions_added["ganger"]] == ["dead"]
    lucky = run("coup_de_grace", mara(), ganger("unconscious"), [4, 5, 20])
    assert lucky.conditions_added == {}


def test_coup_de_grace_needs_a_helpless_target() -> None:
    res = run("coup_de_grace", mara(), ganger(), [])
    assert res.success is False and res.damage is None


def test_unknown_manoeuvre() -> None:
    with pytest.raises(ValueError, match="unknown breche35 manoeuvre"):
        run("feint", mara(), ganger(), [])
