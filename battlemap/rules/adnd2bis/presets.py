"""AD&D 2bis's area presets. 001 changes combat, not spells: it names no area effect (its
lines on spells are about casting in melee, under water, summoning and Haste), so there is nothing to preset."""

from __future__ import annotations

from battlemap.rules.adnd2bis.tables import NAME, SEED
from battlemap.rules.core.presets import AreaPreset, no_presets
from battlemap.text import Message

PRESETS: tuple[AreaPreset, ...] = ()
MISSING = no_presets(NAME, SEED, Message.of("presets.about.none"))
