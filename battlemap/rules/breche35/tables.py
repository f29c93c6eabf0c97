"""Numbers from the seed's tables (000 "Taille", "Caractéristiques") and the way every
modifier cites its section."""

from __future__ import annotations

import unicodedata

from battlemap.model import Size

SEED = "000_d623f1b22a06cede.txt"


def src(section: str) -> str:
    """A modifier's source: the seed file and the section it comes from."""
    return f'{SEED}, "{section}"'


# 000 "Taille": attack and AC modifier, and the special grapple modifier (also used for the
# other opposed Strength manoeuvres, "test de Force opposé, avec la taille").
SIZE_ATTACK_AC = {
    Size.TINY: 2, Size.SMALL: 1, Size.MEDIUM: 0,
    Size.LARGE: -1, Size.HUGE: -2, Size.GARGANTUAN: -4,
}
SIZE_GRAPPLE = {
    Size.TINY: -8, Size.SMALL: -4, Size.MEDIUM: 0,
    Size.LARGE: 4, Size.HUGE: 8, Size.GARGANTUAN: 12,
}
# 000 "Taille", column "Espace, allonge": natural reach of a tall (first) or long creature.
NATURAL_REACH_M = {
    Size.TINY: (0.0, 0.0), Size.SMALL: (1.5, 1.5), Size.MEDIUM: (1.5, 1.5),
    Size.LARGE: (3.0, 1.5), Size.HUGE: (4.5, 3.0), Size.GARGANTUAN: (6.0, 4.5),
}

ABILITY_FR = {
    "strength": "Force", "dexterity": "Dextérité", "constitution": "Constitution",
    "intelligence": "Intelligence", "wisdom": "Sagesse", "charisma": "Charisme",
}


def ability_mod(score: int) -> int:
    """000 "Caractéristiques": (value − 10) ÷ 2, rounded down (8-9 → −1)."""
    return (score - 10) // 2


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()


# Feats the map needs, by id, with the French names a GM may type in a stat block.
FEATS = {
    "precise_shot": {"tir de precision", "precise shot", "precise_shot"},
    "combat_reflexes": {"attaques reflexes", "combat reflexes", "combat_reflexes"},
    # 000 actions table: an unarmed attack provokes « sans don » (3.5's name for it).
    "improved_unarmed_strike": {"science du combat a mains nues", "improved unarmed strike",
                                "improved_unarmed_strike"},
}
# An unarmed strike: the stat block's default weapon ("Mains nues") or one named so.
UNARMED = {"mains nues", "a mains nues", "unarmed", "unarmed strike"}


def has_feat(feats: list[str], feat_id: str) -> bool:
    names = FEATS[feat_id]
    return any(_plain(f) in names for f in feats)


def is_unarmed(weapon_name: str) -> bool:
    return _plain(weapon_name) in UNARMED
