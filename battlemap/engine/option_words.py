"""The encounter's options as the GM reads them, for the log's « Options modifiées » line:
each option's label (the map-wide ones here, a system's from its field name, the way the
options dock shows it) and value, in English and in the interface's French
(the interface's dictionary, which the UI gives the catalogues: `text.term`)."""

from __future__ import annotations

from typing import Any

from battlemap.engine.shared_options import SHARED_OPTIONS, merged_rules
from battlemap.model import EncounterOptions
from battlemap.text import Message

# EncounterOptions fields: (English label, choices with English labels).
MAP_OPTIONS: dict[str, tuple[str, list[tuple[Any, str]]]] = {
    "diagonals": ("Diagonal movement", [("d35", "1-2-1-2 diagonals"),
                                        ("chebyshev", "every square 1.5 m")]),
    "aoe_method": ("Squares in an area", [("dnd35", "3.5 far corner"), ("half", "half covered"),
                                          ("touch", "any overlap"), ("center", "centre inside")]),
    "flanking": ("Flanking", [(True, "on"), (False, "off")]),
    "opportunity_attacks": ("Opportunity attacks", [(True, "on"), (False, "off")]),
    "keep_defeated": ("Defeated creatures' turns", [(False, "skipped"), (True, "kept")]),
    "ambient": ("Ambient light", [("bright", "bright"), ("dim", "dim"), ("dark", "dark")]),
}


def _both(en: str) -> Message:
    """A word the options dock shows, said as the interface says it."""
    return Message.of("text.term", text=en)


# The abbreviations the rules write in capitals, as a field id spells them in lower case.
_ACRONYMS = {"ac": "AC", "hd": "HD", "dc": "DC", "hp": "HP", "bab": "BAB", "thac0": "THAC0",
             "dr": "DR"}


def field_label(name: str) -> str:
    """English label for a field id ("max_hp" → "Max HP", "break_dc" → "Break DC"), the key
    the French is found by."""
    text = name.replace("_", " ").strip().capitalize()
    return " ".join(_ACRONYMS.get(w.lower(), w) for w in text.split(" "))


def option_label(name: str) -> Message:
    return _both(MAP_OPTIONS[name][0] if name in MAP_OPTIONS else field_label(name))


def option_value(name: str, value: Any) -> str:
    if value is None:
        return _both("system default")
    if isinstance(value, bool):
        return _both("on" if value else "off")
    for choice, text in MAP_OPTIONS.get(name, ("", []))[1]:
        if choice == value:
            return _both(text)
    if isinstance(value, int | float):
        return Message.of("text.number", n=value) if isinstance(value, float) else str(value)
    if isinstance(value, list | tuple):
        parts = [option_value(name, v) for v in value]
        return Message.of("text.commas", parts=parts)
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
