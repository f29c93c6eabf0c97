"""Surprise in 2bis (001 "Surprise"): a side is surprised on 1–3 on a d10 (×2 in an ambush,
×3 when undetectable); the surprised get no action for a round and −2 AC (conditions.py reads
the `surprised` condition)."""

from __future__ import annotations

from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.surprise import SurpriseRule

_AMBUSH = {"none": 1, "ambush": 2, "undetectable": 3}


def surprise(dice: Dice, ambush: str = "none") -> tuple[Roll, bool, int]:
    """(roll, surprised?, threshold): 1–3 on a d10, ×2 in an ambush, ×3 undetectable."""
    threshold = 3 * _AMBUSH[ambush]
    roll = dice.d(10, label="surprise")
    return roll, roll.total <= threshold, threshold


SURPRISE = SurpriseRule(surprised_wait=True, aware_single_action=False,
                        source='001_dd346e63a171f715.txt, "Surprise"', roll=surprise)
