"""Heroic Inspiration (003 "Inspiration héroïque"): reroll any die just rolled, keep the new."""

from __future__ import annotations

import pytest

from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.inspiration import NoSuchDie, heroic_reroll


def test_reroll_the_d20_of_an_attack_keeps_the_new_result():
    roll = Dice(forced=[3]).roll("1d20+6")
    new = heroic_reroll(roll, 0, Dice(forced=[2]))
    assert (roll.total, new.total, new.natural) == (9, 8, 2)  # kept even though lower
    assert new.faces(20, kept_only=False) == [3, 2]


def test_reroll_one_die_of_an_advantage_roll_rekeeps_the_highest():
    roll = Dice(forced=[3, 11]).d20("advantage")
    new = heroic_reroll(roll, 0, Dice(forced=[17]))
    assert (new.total, new.natural) == (17, 17)
    new2 = heroic_reroll(roll, 0, Dice(forced=[5]))
    assert (new2.total, new2.natural) == (11, 11)


def test_reroll_a_damage_die():
    roll = Dice(forced=[1, 6]).roll("2d6+3")
    new = heroic_reroll(roll, 0, Dice(forced=[4]))
    assert new.total == 4 + 6 + 3
    assert new.label == "relancé (Inspiration héroïque)"


def test_a_die_that_does_not_exist():
    with pytest.raises(NoSuchDie):
        heroic_reroll(Dice(forced=[3]).roll("1d20"), 1, Dice())
