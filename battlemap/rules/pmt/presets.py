"""PMT's area presets. 004 speaks of spells only for armour and spell failure and the
casters' combat movement; it names no area effect, so there is nothing to preset."""

from __future__ import annotations

from battlemap.rules.core.presets import AreaPreset, no_presets
from battlemap.rules.pmt.tables import NAME, SEED
from battlemap.text import Message

PRESETS: tuple[AreaPreset, ...] = ()
MISSING = no_presets(NAME, SEED, Message.of("presets.about.none"))
