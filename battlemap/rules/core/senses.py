"""What a creature sees by in the dark (`Senses`): the part of its stat block the fog of war
reads (geometry/vision/light.py). A system's `senses(stats)` fills it where its text or the
stat block gives a sense; without one, a creature sees only what light reaches."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Senses:
    """`dark_m`: how far it sees without any light (3.5 and 2024 darkvision, 2bis
    infravision), in metres; `light_factor`: how far lights reach for its eyes, as a multiple
    of their radii (2 for 3.5 low-light vision); `source`: the text that says so."""

    dark_m: float = 0.0
    light_factor: float = 1.0
    source: str = ""


NONE = Senses()
