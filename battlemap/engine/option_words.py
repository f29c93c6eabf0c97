"""The encounter's options as the GM reads them, for the log's « Options modifiées » line:
each option's label (the map-wide ones here, a system's from its field name, the way the
options dock shows it) and value, in English and in the interface's French
(assets/i18n/fr.json, the dock's translations)."""

from __future__ import annotations

from typing import Any

from battlemap.engine.shared_options import SHARED_OPTIONS, merged_rules
from battlemap.model import EncounterOptions
from battlemap.model.words import Said, interface_french, number

# EncounterOptions fields: (English label, choices with English labels).
MAP_OPTIONS: dict[str, tuple[str, list[tuple[Any, str]]]] = {
    "diagonals": ("Diagonal movement", [("d35", "1-2-1-2 diagonals"),
                                        ("chebyshev", "every square 1.5 m")]),
    "aoe_method": ("Squares in an area", [("dnd35", "3.5 far corner"), ("half", "half covered"),
                                          ("touch", "any overlap"), ("center", "centre inside")]),
    "flanking": ("Flanking", [(True, "on"), (False, "off")]),
    "opportunity_attacks": ("Opportunity attacks", [(True, "on"), (False, "off")]),
}


def _both(en: str) -> Said:
    return Said(en, interface_french().get(en, en))


def field_label(name: str) -> str:
    """English label for a field id ("max_hp" → "Max hp"), the key the French is found by."""
    return name.replace("_", " ").strip().capitalize()


def option_label(name: str) -> Said:
    return _both(MAP_OPTIONS[name][0] if name in MAP_OPTIONS else field_label(name))


def option_value(name: str, value: Any) -> Said:
    if value is None:
        return _both("system default")
    if isinstance(value, bool):
        return _both("on" if value else "off")
    for choice, text in MAP_OPTIONS.get(name, ("", []))[1]:
        if choice == value:
            return _both(text)
    if isinstance(value, int | float):
        return Said(number(value, "en"), number(value, "fr")) if isinstance(value, float) \
            else Said(str(value))
    if isinstance(value, list | tuple):
        parts = [option_value(name, v) for v in value]
        return Said(", ".join(parts), ", ".join(p.fr for p in parts))
    return _both(str(value))


def option_changes(old: EncounterOptions, new: EncounterOptions,
                   options_model: type[Any]) -> list[tuple[str, Any, Any]]:
    """(option, old value, new value) for each option that changed: the map-wide ones as
    set (None: the system's default), the system's own as the rules read them."""
    out = [(name, getattr(old, name), getattr(new, name)) for name in MAP_OPTIONS
           if getattr(old, name) != getattr(new, name)]
    before, after = merged_rules(old, options_model), merged_rules(new, options_model)
    for name in options_model.model_fields:
        if name in SHARED_OPTIONS:
            continue  # said once, as the map-wide switch
        if getattr(before, name) != getattr(after, name):
            out.append((name, getattr(before, name), getattr(after, name)))
    return out
