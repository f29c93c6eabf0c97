"""Dice expressions in stat blocks are checked when they load, with the roller's grammar and
limits, so a typo is refused in one sentence instead of crashing the attack later."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.core.dice import Dice, max_of
from battlemap.rules.core.notation import NotationError, check_notation
from battlemap.rules.dnd2024.stats import Dnd2024Stats
from battlemap.rules.pmt.stats import PmtStats

BAD = {
    "1d8+": "'1d8+' is not dice notation (it ends too early)",
    "1d": "'1d' is not dice notation (it ends too early)",
    "d": "'d' is not dice notation (it ends too early)",
    "2d6++1": "'2d6++1' has two signs in a row ('++')",
    "1d1000000": "'1d1000000' has a d1000000; a die has 1 to 1000 sides",
    "999d6": "'999d6' rolls 999 dice, over the limit of 100",
    "1d0": "'1d0' has a d0; a die has 1 to 1000 sides",
    "2d6x": "'2d6x' is not dice notation ('x' at character 4 is unexpected)",
    "(60d6)+(50d6)": "'(60d6)+(50d6)' rolls 110 dice, over the limit of 100",
}
GOOD = ["1d8", "d8", "2d6+1", "2d4 - 1", "3", "1d8+1d6", "4d6kh3", "1d%", "100d6", "1d1000"]


@pytest.mark.parametrize("expr", BAD)
def test_a_bad_expression_is_refused_in_one_sentence(expr: str) -> None:
    with pytest.raises(NotationError) as err:
        check_notation(expr)
    assert str(err.value) == BAD[expr]


@pytest.mark.parametrize("expr", GOOD)
def test_a_good_expression_passes_and_rolls(expr: str) -> None:
    assert check_notation(expr) == expr
    Dice(seed=3).roll(expr)  # what loads, rolls


@pytest.mark.parametrize("model", [Breche35Stats, Dnd2024Stats, Adnd2bisStats, PmtStats])
def test_every_system_refuses_a_bad_weapon_damage_naming_the_weapon(model: type) -> None:
    with pytest.raises(ValidationError) as err:
        model.model_validate({"weapons": [{"name": "Hache", "damage": "1d8+"}]})
    first = err.value.errors()[0]
    assert first["loc"] == ("weapons", 0, "damage")
    assert first["msg"] == "Value error, weapon 'Hache': '1d8+' is not dice notation (it ends too early)"
    good = model.model_validate({"weapons": [{"name": "Hache", "damage": "1d8+1"}]})
    assert good.weapons[0].damage == "1d8+1"


def test_bonus_and_sneak_attack_dice_are_checked_too() -> None:
    with pytest.raises(ValidationError, match=r"'1d6\+' is not dice notation \(it ends too early\)"):
        Breche35Stats.model_validate({"weapons": [{"name": "Épée", "bonus_damage": "1d6+"}]})
    with pytest.raises(ValidationError, match=r"'999d6' rolls 999 dice, over the limit of 100"):
        Adnd2bisStats.model_validate({"sneak_attack": "999d6"})


def test_the_largest_allowed_damage_still_rolls_as_a_times_six_critical() -> None:
    # breche35 rolls a critical as "(expr) + (expr) + …", up to ×6 (crit_mult ≤ 6).
    expr = " + ".join(["(100d6)"] * 6)
    assert Dice(seed=1).roll(expr).total >= 600


def test_a_roll_that_fails_anyway_is_a_notation_error_and_changes_no_dice() -> None:
    dice = Dice(seed=2, forced=[4])
    with pytest.raises(NotationError) as err:
        dice.roll("1d8/0")
    assert str(err.value) == "'1d8/0' cannot be rolled (cannot divide by zero)"
    assert list(dice.forced) == [4]
    with pytest.raises(NotationError) as err:
        Dice(seed=2).roll("1d1e1")  # explodes on every face: d20 stops at 1,000 rolls
    assert str(err.value) == "'1d1e1' rolls too many dice (over 1000 with rerolls and criticals)"
    with pytest.raises(NotationError) as err:
        max_of("1d6e6")
    assert str(err.value) == "'1d6e6' has no highest total (its dice explode)"


@pytest.mark.parametrize(("expr", "highest"), [
    ("1d8+1", 9), ("2d6", 12), ("7", 7), ("4d6kh3", 18), ("2d20kl1", 20), ("1d6rr1", 6),
    ("(1d8+2)*2", 20), ("1d4-1", 3),
])
def test_the_highest_total_reads_keep_and_reroll_like_a_roll(expr: str, highest: int) -> None:
    # adnd2bis doubles the highest damage on a helpless target, pmt takes it on a natural 20:
    # a kept-highest group is only the dice kept (4d6kh3 → 18, not 24).
    assert max_of(expr) == highest
