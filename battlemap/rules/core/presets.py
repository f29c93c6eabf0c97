"""Area presets: the area effects a system's text names, with the shape, size, save and
damage it gives, offered when the GM places a template. Each system declares its own in
`rules/<system>/presets.py`; where its text names none, `presets_missing` says so, naming
the seed. The GM's own presets are the interface's (its settings), not the rules'."""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.text import Message


@dataclass(frozen=True)
class AreaPreset:
    name: Message  # the effect's name, in both languages
    shape: str  # an AreaShape value
    size_m: float  # radius, length or side
    source: str  # the seed and section that give it
    width_m: float | None = None  # a line's width
    height_m: float | None = None  # a cylinder's height
    save: str | None = None  # a save id of the system (`save_kinds`)
    dc: int | None = None
    damage: str | None = None  # dice notation
    damage_kind: str | None = None  # a damage type id of the system (`damage_kinds`)
    half_on_success: bool = True


def no_presets(system: str, seed: str, about: str) -> Message:
    """The one sentence a system without presets says: its text, and what it does say of
    areas, in `about` (a message)."""
    return Message.of("presets.none", system=system, seed=seed, about=about)
