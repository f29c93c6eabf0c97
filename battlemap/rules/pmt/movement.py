"""The kinds of move at PMT: 004 names one move only, "leur mouvement de combat" (spell
casters): no step, no charge (RULES.md §2 "not in seed — off"), no run or withdraw."""

from __future__ import annotations

MOVE_KIND_NAMES = {"normal": ("mouvement de combat", "combat movement")}
