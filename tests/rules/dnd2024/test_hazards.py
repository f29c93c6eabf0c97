"""Burning (003 "Embrasement") and falling (003 "Chute")."""

from __future__ import annotations

import pytest

from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.hazards import fall_dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, SKELETON
from battlemap.text import words
from tests.helpers.dnd2024 import combatant

OPTS = Dnd2024Options()


def test_burning_deals_1d4_fire_at_start_of_turn(system):
    # 003 "Embrasement": 1d4 dégâts de feu au début de chacun de ses tours.
    (ev,) = system.start_of_turn(combatant("f", FIGHTER, "burning", hp=30), Dice(forced=[3]), OPTS)
    assert (ev.roll.expr, ev.roll.total, ev.hp.after) == ("1d4", 3, 27)


def test_burning_at_0_hp_is_a_failed_death_save_before_the_death_save(system):
    down = combatant("f", FIGHTER, "burning", "unconscious", hp=0)
    fire, save = system.start_of_turn(down, Dice(forced=[2, 4]), OPTS)
    assert [(c.name, c.level) for c in fire.hp.conditions_added] == [("death_failures", 1)]
    assert [(c.name, c.level) for c in save.hp.conditions_added] == [("death_failures", 2)]


@pytest.mark.parametrize(("height", "count"), [(2.9, 0), (3.0, 1), (5.9, 1), (9.0, 3),
                                               (60.0, 20), (200.0, 20)])
def test_one_d6_per_3_m_at_most_20(height, count):
    # 003 "Chute": 1d6 par tranche de 3 m, maximum 20d6; fractions rounded down.
    assert fall_dice(height) == count


def test_fall_damage_then_prone(system):
    res = system.falling(combatant("f", FIGHTER, hp=30), 9.5, Dice(forced=[2, 5, 6]), OPTS)
    assert (res.roll.expr, res.damage, res.hp.after) == ("3d6", 13, 17)
    assert [c.name for c in res.hp.conditions_added] == ["prone"]


def test_short_fall_no_damage_no_prone(system):
    # 003 "Chute": À terre sauf si la chute ne lui a infligé aucun dégât.
    res = system.falling(combatant("f", FIGHTER), 2.5, Dice(forced=[6]), OPTS)
    assert (res.roll, res.damage, res.hp) == (None, 0, None)


def test_fall_into_water_after_a_passed_check_halves(system):
    # 003: test DD 15 réussi en tombant dans l'eau → dégâts réduits de moitié (arrondi inférieur).
    res = system.falling(combatant("f", FIGHTER, hp=30), 6.0, Dice(forced=[3, 4]), OPTS,
                         into_liquid_check_passed=True)
    assert (res.damage, res.hp.after) == (3, 27)


def test_fall_that_kills_a_monster_adds_no_prone(system):
    res = system.falling(combatant("s", SKELETON, hp=4), 6.0, Dice(forced=[3, 4]), OPTS)
    assert [c.name for c in res.hp.conditions_added] == ["dead"]


def test_a_fall_that_deals_no_damage_does_not_knock_prone(system):
    # 003_04e386f09d3dfd89.txt, "Chute": "subit alors l'état À terre, sauf si la chute ne lui
    # a infligé aucun dégât" — the damage taken, after resistance and immunity (D&D 2024 PHB,
    # Damage Resistance): 1 halved (petrified: resistance to all) is 0; immune: 0.
    statue = combatant("s", FIGHTER, "petrified", hp=30)
    res = system.falling(statue, 3.0, Dice(forced=[1]), OPTS)
    assert (res.roll.total, res.damage, res.hp.after, res.hp.conditions_added) == (1, 0, 30, [])
    assert [words(n, "fr") for n in res.hp.notes] == [
        "résistance (Pétrifié) : 1 → 0 (D&D 2024 PHB, Damage Resistance and Vulnerability)"]
    assert res.notes[-1] == 'damage taken: 0 of 1 (003_04e386f09d3dfd89.txt, "Chute")'
    assert words(res.notes[-1], "fr") == "dégâts subis : 0 sur 1 (D&D 2024 — Chute)"
    golem = combatant("g", FIGHTER | {"immunities": ["bludgeoning"]}, hp=30)
    res = system.falling(golem, 6.0, Dice(forced=[3, 4]), OPTS)
    assert (res.roll.total, res.damage, res.hp.after, res.hp.conditions_added) == (7, 0, 30, [])


def test_a_resisted_fall_reports_the_damage_taken_and_still_knocks_prone(system):
    # 003 "Chute": 2d6 = 7 bludgeoning, halved by resistance (rounded down) → 3 taken: prone.
    tough = combatant("r", FIGHTER | {"resistances": ["bludgeoning"]}, hp=30)
    res = system.falling(tough, 6.0, Dice(forced=[3, 4]), OPTS)
    assert (res.roll.total, res.damage, res.hp.after) == (7, 3, 27)
    assert [c.name for c in res.hp.conditions_added] == ["prone"]
    assert 'damage taken: 3 of 7 (003_04e386f09d3dfd89.txt, "Chute")' in res.notes
