"""A creature's AD&D 2bis numbers, as stored in `token.stats`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from battlemap.rules.adnd2bis.tables import parse_rate, parse_strength
from battlemap.rules.core.damage_parts import MAX_PARTS, ExtraDamage
from battlemap.rules.core.notation import DiceNotation
from battlemap.rules.core.weapons import pick_weapon

Feat = Literal[
    "improved_initiative", "offensive_reflexes", "multiattack", "combat_casting", "archery",
    "underwater_combat", "free_action", "unarmed", "riding", "flyby", "healing",
    "grappler",  # 001 "Grappled": the grappler's "relevant feat" (one action left to its victim)
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Weapon(_Strict):
    name: str = "Poings"
    kind: Literal["melee", "ranged"] = "melee"
    damage: DiceNotation = "1d2"
    damage_type: Literal["slashing", "piercing", "blunt"] = "blunt"
    reach_m: float | None = Field(default=None, ge=0, le=30)
    range_m: float | None = Field(default=None, ge=0, le=1000)  # short range
    bonus: int = Field(default=0, ge=-5, le=10)  # magic: to hit and damage
    thrown: bool = False  # thrown weapons add Strength like melee
    polearm: bool = False  # long thrusting weapon (pike, halberd, lance): charge, counter-charge
    bow: bool = False  # bows don't work underwater
    # More parts, each with its type (a flaming sword's {"dice": "1d6", "type": "fire"}): the
    # seed gives no rule by damage type, so they are rolled and added to the weapon's.
    extra_damage: list[ExtraDamage] = Field(default_factory=list, max_length=MAX_PARTS)


class Saves(_Strict):
    """AD&D saving throw numbers (d20 ≥ number); defaults: a level-0 human."""

    paralyzation: int = Field(default=16, ge=1, le=30)  # paralysie, poison, mort magique
    rod: int = Field(default=18, ge=1, le=30)  # baguette, bâton, bâtonnet
    petrification: int = Field(default=17, ge=1, le=30)  # pétrification, métamorphose
    breath: int = Field(default=20, ge=1, le=30)  # souffle
    spell: int = Field(default=19, ge=1, le=30)  # sort


class Adnd2bisStats(_Strict):
    """Sample (a 7th-level fighter): {"max_hp": 58, "ac": 2, "thac0": 14, "level": 7,
    "class_group": "fighter", "strength": "18/76", "dexterity": 15, "weapons": [{"name":
    "Épée longue", "damage": "1d8", "damage_type": "slashing", "bonus": 1}]}."""

    max_hp: int = Field(default=1, ge=0, le=10000)
    ac: int = Field(default=10, ge=-15, le=10)  # descending AC
    thac0: int = Field(default=20, ge=-10, le=30)
    level: int = Field(default=1, ge=0, le=40)  # class level (or HD for monsters)
    hd: float = Field(default=1, ge=0, le=100)  # hit dice, for Tumbling DC 15 + HD
    class_group: Literal["fighter", "thief", "monk", "other", "monster"] = "monster"
    attacks_per_round: str | None = None  # overrides the class table, e.g. "3/2" for monsters
    race: Literal["human", "elf", "half_elf", "half_orc", "dwarf", "gnome", "halfling",
                  "other"] = "human"
    speed_m: float | None = Field(default=None, ge=0, le=300)  # overrides the race table
    encumbered: bool = False  # "surchargé"
    unencumbered: bool = False  # no armour, weapons or gear over 5 kg: full move ×4
    strength: str = "10"  # "18/76" is a real score
    dexterity: int = Field(default=10, ge=1, le=25)
    constitution: int = Field(default=10, ge=1, le=25)
    intelligence: int = Field(default=10, ge=1, le=25)
    wisdom: int = Field(default=10, ge=1, le=25)
    charisma: int = Field(default=10, ge=1, le=25)
    saves: Saves = Field(default_factory=Saves)
    infravision_m: float = Field(default=0.0, ge=0, le=300)  # the stat block's range (001 is silent)
    skills: dict[str, int] = Field(default_factory=dict)  # "acrobatics": 4, "tumbling": 6…
    feats: list[Feat] = Field(default_factory=list)
    sneak_attack: DiceNotation | None = None  # dice a thief adds on flanked/surprised targets
    shield: Literal["none", "buckler", "small", "medium", "tower"] = "none"
    helm: bool = False  # fumble "Stumble": CON DC 10 instead of 18
    armour: Literal["none", "light", "semi_light", "medium", "heavy"] = "none"
    arms: int = Field(default=2, ge=0, le=100)  # limbs or tentacles (grapple limit)
    legs: int = Field(default=2, ge=0, le=100)  # limbs supporting it on the ground (trip)
    weapons: list[Weapon] = Field(default_factory=lambda: [Weapon()])
    # An object on the map (door, chest): hardness off each blow, broken at 0 hp, no Dying
    # (001 "Dommages aux objets et matériaux"); `objects.object_stats` fills these.
    is_object: bool = False
    hardness: int = Field(default=0, ge=0, le=100)
    break_dc: int | None = Field(default=None, ge=0, le=100)

    @field_validator("strength", mode="before")
    @classmethod
    def _strength(cls, v: object) -> str:
        text = str(v).strip()
        parse_strength(text)  # raises a ValueError naming the bad score
        return text

    @field_validator("attacks_per_round")
    @classmethod
    def _rate(cls, v: str | None) -> str | None:
        if v is not None:
            parse_rate(v)
        return v

    def has(self, feat: str) -> bool:
        return feat in self.feats

    def weapon(self, name: str | None) -> Weapon:
        return pick_weapon(self.weapons, name, Weapon)


SAMPLE_FIGHTER = {
    "max_hp": 58, "ac": 2, "thac0": 14, "level": 7, "hd": 7, "class_group": "fighter",
    "strength": "18/76", "dexterity": 15, "constitution": 16, "helm": True, "armour": "heavy",
    "shield": "medium", "feats": ["offensive_reflexes"],
    "weapons": [{"name": "Épée longue", "damage": "1d8", "damage_type": "slashing", "bonus": 1},
                {"name": "Arc long", "kind": "ranged", "damage": "1d6", "damage_type": "piercing",
                 "range_m": 21, "bow": True}],
}
