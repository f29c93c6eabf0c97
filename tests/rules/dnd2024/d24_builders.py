"""Builders for dnd2024 tests: realistic combatants from the system's sample stat blocks."""

from __future__ import annotations

from typing import Any

from battlemap.model import Condition, Size
from battlemap.rules.core.combat import Combatant
from battlemap.rules.dnd2024.stats import Dnd2024Stats


def combatant(cid: str, stats: dict[str, Any], *conditions: str, hp: int | None = None,
              size: Size = Size.MEDIUM, side: str = "foe", **levels: int) -> Combatant:
    """`levels` gives a condition's level, e.g. exhaustion=2."""
    conds = [Condition(name=c) for c in conditions]
    conds += [Condition(name=n, level=lv) for n, lv in levels.items()]
    return Combatant(id=cid, name=cid, side=side, size=size,
                     stats=Dnd2024Stats.model_validate(stats), hp=hp, conditions=conds)
