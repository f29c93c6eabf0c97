"""Cover on the 2024 grid (003 "L'abri"): half +2, three-quarters +5, to AC and Dex saves;
total cover means no direct target. Only the best level counts, and geometry picks it."""

from __future__ import annotations

from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.words import named

# "partial" is the 3.5 word the engine may send: the 2024 lowest level, half cover.
_LEVELS = {"half": ("half_cover", 2), "partial": ("half_cover", 2),
           "three_quarters": ("three_quarters_cover", 5)}


def cover_modifier(level: str, applies_to: str) -> Modifier | None:
    """The AC ("ac") or Dexterity-save ("save") bonus of a cover level, or None."""
    if level not in _LEVELS:
        return None
    name, value = _LEVELS[level]
    return Modifier(name=named(name), value=value, type="cover", source=src.COVER, applies_to=applies_to)
