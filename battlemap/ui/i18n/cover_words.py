"""The words for a cover level (the geometry core's CoverLevel) in the interface language; the
French UI uses each system's own noun and degrees (RULES.md §5: abri, couverture, couvert)."""

from __future__ import annotations

from battlemap.rules.core.system import get_system
from battlemap.ui import i18n

_EN = {"none": "no cover", "partial": "partial cover", "half": "half cover",
       "three_quarters": "three-quarters cover", "total": "total cover"}


def cover_words(level: object, system: str) -> str:
    """e.g. "half" in D&D 2024 → "half cover" / "abri partiel"; "75" in AD&D 2bis → "75% cover"
    / "couverture 75 %"."""
    key = str(getattr(level, "value", level) or "none")
    if i18n.language() == "fr":
        from battlemap.geometry.words import cover_name  # the geometry core: not at start-up

        # The rulings' own table: the panel said « couvert lourd — couvert important » for
        # one PMT level, the UI's copy and the geometry's disagreeing.
        return i18n.say(cover_name(key, get_system(system).geometry))
    if key.isdigit():  # AD&D 2bis: the hidden share of the target
        return f"{key}% cover"
    return _EN.get(key, key)
