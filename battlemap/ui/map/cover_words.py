"""The words for a cover level (the geometry core's CoverLevel) in the interface language; the
French UI uses each system's own noun and degrees (RULES.md §5: abri, couverture, couvert)."""

from __future__ import annotations

from battlemap.ui import i18n

_EN = {"none": "no cover", "partial": "partial cover", "half": "half cover",
       "three_quarters": "three-quarters cover", "total": "total cover"}
_FR_BY_SYSTEM = {
    "dnd2024": {"none": "pas d'abri", "half": "abri partiel", "three_quarters": "abri supérieur",
                "total": "abri total"},
    "breche35": {"none": "pas de couverture", "partial": "couverture partielle",
                 "total": "couverture totale"},
    "adnd2bis": {"none": "pas de couverture", "total": "couverture totale"},
    "pmt": {"none": "pas de couvert", "half": "couvert partiel", "three_quarters": "couvert lourd",
            "total": "couvert total"},
}
_FR_ANY = {"none": "pas de couverture", "partial": "couverture partielle",
           "half": "couverture partielle", "three_quarters": "couverture aux trois quarts",
           "total": "couverture totale"}


def cover_words(level: object, system: str) -> str:
    """e.g. ("half", "dnd2024") → "half cover" / "abri partiel"; ("75", "adnd2bis") → "75% cover"
    / "couverture 75 %"."""
    key = str(getattr(level, "value", level) or "none")
    french = i18n.language() == "fr"
    if key.isdigit():  # AD&D 2bis: the hidden share of the target
        return f"couverture {key} %" if french else f"{key}% cover"
    if not french:
        return _EN.get(key, key)
    return _FR_BY_SYSTEM.get(system, {}).get(key) or _FR_ANY.get(key, key)
