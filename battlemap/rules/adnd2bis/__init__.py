"""AD&D 2bis house rules (seed 001_dd346e63a171f715.txt): THAC0 against descending AC,
advantage/disadvantage, 2 actions a round, d10 initiative lowest first, zone-of-control
opportunity attacks, cover percentages, fumbles, conditions with default durations."""

from battlemap.rules.adnd2bis.system import SYSTEM

__all__ = ["SYSTEM"]
