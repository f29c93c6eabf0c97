"""A move along given squares: its cost, whether it is allowed and why (`paths`), and the
opportunity attacks it provokes (`opportunity`; DESIGN.md §4.2, §4.8)."""

from battlemap.geometry.movement.opportunity import opportunity_attacks
from battlemap.geometry.movement.paths import MOVE_KINDS, MoveKind, plan_path

__all__ = ["MOVE_KINDS", "MoveKind", "opportunity_attacks", "plan_path"]
