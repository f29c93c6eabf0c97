"""Which budget slot each kind of act spends: each system declares its `Economy` (RULES.md §4
"Actions"; `rules/<system>/economy.py`), the engine reads it from the session's system."""

from __future__ import annotations

from battlemap.rules.core.economy import MOVE_KINDS, Economy, first_free
from battlemap.rules.core.system import get_system

__all__ = ["MOVE_KINDS", "Economy", "economy_for", "first_free"]


def economy_for(system_id: str) -> Economy:
    return get_system(system_id).economy
