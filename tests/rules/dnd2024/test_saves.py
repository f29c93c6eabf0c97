"""dnd2024 saving throws: ability + proficiency, cover on Dex saves (003 "L'abri"), the
conditions that fail or hinder saves (D&D 2024 PHB, Conditions), area effects."""

from __future__ import annotations

import pytest

from battlemap.rules.core.combat import AreaEffectRequest, SaveRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, ROGUE, SKELETON
from battlemap.text import words
from tests.helpers.dnd2024 import combatant


def _save(system, who, ability, dc, forced, **situation):
    req = SaveRequest(token=who, ability=ability, dc=dc, situation=Situation(**situation))
    return system.resolve_save(req, Dice(forced=forced), Dnd2024Options())


def test_proficient_save_adds_proficiency(system):
    # D&D 2024 PHB, Saving Throws: fighter Str save = Str +3 + proficiency +3.
    s = _save(system, combatant("f", FIGHTER), "str", 15, [9])
    assert (s.total, s.success) == (15, True)
    assert [(words(m.name, "fr"), m.value) for m in s.modifiers] == [
        ("Modificateur de Force", 3), ("Bonus de maîtrise", 3)]


def test_french_ability_names_are_understood(system):
    s = _save(system, combatant("f", FIGHTER), "sagesse", 12, [10])
    assert (s.ability, s.total, s.success) == ("wis", 11, False)


@pytest.mark.parametrize(("cover", "bonus"), [("none", 0), ("half", 2), ("three_quarters", 5)])
def test_cover_adds_to_dex_saves_only(system, cover, bonus):
    # 003 "L'abri": +2 / +5 à la CA et aux jets de sauvegarde de Dextérité.
    rogue = combatant("r", ROGUE)
    dex = _save(system, rogue, "dex", 15, [5], cover=cover)
    assert dex.total == 5 + 4 + 3 + bonus  # Dex 18, proficient
    con = _save(system, rogue, "con", 15, [5], cover=cover)
    assert con.total == 5 + 1


@pytest.mark.parametrize("condition", ["paralyzed", "petrified", "stunned", "unconscious"])
def test_conditions_that_fail_str_and_dex_saves(system, condition):
    # D&D 2024 PHB, Conditions: automatically fails Strength and Dexterity saving throws.
    dice = Dice(forced=[20])
    req = SaveRequest(token=combatant("r", ROGUE, condition), ability="dex", dc=5)
    s = system.resolve_save(req, dice, Dnd2024Options())
    assert (s.success, s.total) == (False, 0)
    assert list(dice.forced) == [20]  # no die rolled
    wis = _save(system, combatant("r", ROGUE, condition), "wis", 5, [20])
    assert wis.success


def test_restrained_gives_disadvantage_on_dex_saves(system):
    # D&D 2024 PHB, Restrained: Disadvantage on Dexterity saving throws.
    s = _save(system, combatant("r", ROGUE, "restrained"), "dex", 15, [16, 6])
    assert (s.advantage, s.natural, s.total, s.success) == ("disadvantage", 6, 13, False)
    w = _save(system, combatant("r", ROGUE, "restrained"), "wis", 15, [16, 6])
    assert w.advantage == "normal"


def test_exhaustion_on_saves(system):
    # D&D 2024 PHB, Exhaustion: −2 per level on every d20 test.
    s = _save(system, combatant("f", FIGHTER, exhaustion=3), "con", 12, [10])
    assert s.total == 10 + 2 + 3 - 6


def test_no_automatic_success_on_a_natural_20_save(system):
    # D&D 2024 PHB, Saving Throws: the natural 20 rule belongs to attack rolls only.
    s = _save(system, combatant("s", SKELETON), "int", 25, [20])
    assert (s.total, s.success) == (18, False)


def test_area_effect_halves_on_success_with_cover_on_the_save(system):
    # 003 "L'abri": the rogue's half cover turns a 13 into a 15 against DD 15.
    rogue, skel = combatant("r", ROGUE), combatant("s", SKELETON)
    req = AreaEffectRequest(targets=[(rogue, Situation(cover="half")), (skel, Situation())],
                            save_ability="dex", dc=15, damage="8d6", damage_kind="fire")
    res = system.area_effect(req, Dice(forced=[6, 6, 6, 6, 6, 6, 6, 6, 6, 11]),
                             Dnd2024Options())
    assert res.damage_roll.total == 48
    rogue_res, skel_res = res.targets
    assert (rogue_res.save.total, rogue_res.damage) == (6 + 7 + 2, 24)
    assert (skel_res.save.total, skel_res.damage) == (11 + 3, 48)
