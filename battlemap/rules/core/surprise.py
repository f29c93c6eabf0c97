"""The shape of a system's surprise rule: who acts in the surprise round, what the aware may
do in it, and how (if at all) the system rolls whether a side is surprised. Each system
declares its `SurpriseRule` in its `surprise.py`; the engine starts combat with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlemap.rules.core.dice import Dice, Roll

# (dice, ambush kind "none" / "ambush" / "undetectable") → (roll, surprised?, threshold).
SurpriseRoller = Callable[[Dice, str], tuple[Roll, bool, int]]

SURPRISED = "surprised"  # the condition every system reads for a surprised creature


@dataclass(frozen=True)
class SurpriseRule:
    surprised_wait: bool  # surprised creatures do not act in the surprise round
    aware_single_action: bool  # the aware have one standard or move action (3.5)
    source: str
    roll: SurpriseRoller | None = None  # how the system rolls a side's surprise, if it does
