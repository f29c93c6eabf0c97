"""D&D 2024's area presets. The glossary (003) defines the six shapes (« Cône », « Cube »,
« Cylindre », « Émanation », « Ligne », « Sphère ») and leaves each size to « l'effet qui
crée » the area; it names no effect, so there is nothing to preset."""

from __future__ import annotations

from battlemap.rules.core.presets import AreaPreset, no_presets
from battlemap.rules.dnd2024.tables import NAME, SEED
from battlemap.text import Message

PRESETS: tuple[AreaPreset, ...] = ()
MISSING = no_presets(NAME, SEED, Message.of(
    "presets.about.shapes", shapes="Cône, Cube, Cylindre, Émanation, Ligne, Sphère"))
