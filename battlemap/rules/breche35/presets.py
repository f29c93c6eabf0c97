"""Brèche's area presets. 000 "Lancer un sort" names the kinds of area (« rayonnement,
cône, ligne, étendue ») and "Jets de sauvegarde" the Reflex save for explosions (« un
« Réflexes pour moitié » réussi divise les dégâts par deux »), but no effect with its size
and damage: there is nothing to preset, and the menu says so."""

from __future__ import annotations

from battlemap.rules.breche35.tables import NAME, SEED
from battlemap.rules.core.presets import AreaPreset, no_presets
from battlemap.text import Message

PRESETS: tuple[AreaPreset, ...] = ()
MISSING = no_presets(NAME, SEED, Message.of(
    "presets.about.shapes", shapes="rayonnement, cône, ligne, étendue"))
