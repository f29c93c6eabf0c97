"""The breche35 stat block of a token (validated from `token.stats`), with a realistic sample.

`ac` is the total printed in the stat block; the parts (armour, shield, natural…) let the
rules derive touch and flat-footed AC (000 "Classe d'armure")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from battlemap.rules.breche35.tables import ability_mod
from battlemap.rules.core.damage_parts import MAX_PARTS, ExtraDamage
from battlemap.rules.core.notation import DiceNotation
from battlemap.rules.core.weapons import pick_weapon


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Weapon(_Strict):
    name: str = Field(default="Mains nues", min_length=1, max_length=80)
    kind: Literal["melee", "ranged"] = "melee"
    damage: DiceNotation = "1d3"
    damage_type: str = "bludgeoning"
    reach_m: float | None = Field(default=None, ge=0, le=30)  # reach weapon: doubles reach
    # A reach weapon that also strikes adjacent foes (the 3.5 spiked chain; 000 is silent):
    # without it a reach weapon threatens only beyond natural reach (the 3.5 rule).
    reach_adjacent: bool = False
    range_m: float | None = Field(default=None, gt=0, le=1000)  # range increment
    crit_range: int = Field(default=20, ge=2, le=20)  # lowest natural threat: 19 = "19-20"
    crit_mult: int = Field(default=2, ge=2, le=6)
    two_handed: bool = False  # Str × 1.5 to damage
    off_hand: bool = False  # Str × 0.5 to damage
    light: bool = False  # −4 to disarm checks
    firearm: bool = False  # no Str to damage; may be fired prone
    crossbow: bool = False  # may be fired prone
    thrown: bool = False  # a thrown weapon adds Str to damage
    enhancement: int = Field(default=0, ge=0, le=10)  # "altération", attack and damage
    attack_misc: int = Field(default=0, ge=-20, le=20)  # feats such as Arme de prédilection
    bonus_damage: DiceNotation | None = None  # "1d6" fire: not multiplied
    bonus_damage_type: str = "fire"
    # More parts, each with its type ({"dice": "1d6", "type": "cold"}), after `bonus_damage`:
    # not multiplied on a critical either (000 "Attaquer", « Coup critique »).
    extra_damage: list[ExtraDamage] = Field(default_factory=list, max_length=MAX_PARTS)
    nonlethal: bool = False
    materials: list[str] = Field(default_factory=list)  # what it counts as vs DR: magic, silver…


class Breche35Stats(_Strict):
    """A Brèche / D&D 3.5 stat block. Every field has a default so a bare token is valid."""

    level: int = Field(default=1, ge=0, le=40)
    class_name: str = ""
    max_hp: int = Field(default=6, ge=1, le=10_000)
    strength: int = Field(default=10, ge=0, le=60)
    dexterity: int = Field(default=10, ge=0, le=60)
    constitution: int = Field(default=10, ge=0, le=60)
    intelligence: int = Field(default=10, ge=0, le=60)
    wisdom: int = Field(default=10, ge=0, le=60)
    charisma: int = Field(default=10, ge=0, le=60)
    bab: int = Field(default=0, ge=0, le=40)  # base attack bonus (BBA)
    base_fort: int = Field(default=0, ge=0, le=30)
    base_ref: int = Field(default=0, ge=0, le=30)
    base_will: int = Field(default=0, ge=0, le=30)
    ac: int = Field(default=10, ge=-10, le=80)
    armor: int = Field(default=0, ge=0, le=30)
    shield: int = Field(default=0, ge=0, le=20)
    natural_armor: int = Field(default=0, ge=0, le=40)
    deflection: int = Field(default=0, ge=0, le=20)
    dodge: int = Field(default=0, ge=0, le=20)
    max_dex: int | None = Field(default=None, ge=0, le=20)  # armour's maximum Dex bonus
    speed_m: float = Field(default=9.0, ge=0, le=300)
    body: Literal["tall", "long"] = "tall"  # 000 "Taille": natural reach of G and larger
    initiative_misc: int = Field(default=0, ge=-20, le=20)  # e.g. Science de l'initiative +4
    feats: list[str] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    dr_amount: int = Field(default=0, ge=0, le=100)  # RD x/…
    dr_bypass: str = "-"  # what overcomes it: "magic", "silver"…; "-" = nothing
    energy_resistance: dict[str, int] = Field(default_factory=dict)  # fire: 10…
    spell_resistance: int = Field(default=0, ge=0, le=100)
    # 000 "Capacités spéciales": « Vision dans le noir (x m) » and « Vision nocturne ».
    darkvision_m: float = Field(default=0.0, ge=0, le=300)
    low_light_vision: bool = False

    def mod(self, ability: str) -> int:
        return ability_mod(getattr(self, ability))

    def dex_to_ac(self) -> int:
        """The Dex modifier counted in AC, capped by armour (000 "Charge", "Classe d'armure")."""
        m = self.mod("dexterity")
        return m if self.max_dex is None else min(m, self.max_dex)

    def weapon(self, name: str | None) -> Weapon:
        """The named weapon, the first one, or an unarmed strike."""
        return pick_weapon(self.weapons, name, Weapon)


# A 5th-level street fighter of Brèche, reused by the demo encounter and the tests.
SAMPLE: dict[str, object] = {
    "level": 5, "class_name": "Combattant de rue", "max_hp": 42,
    "strength": 16, "dexterity": 14, "constitution": 14,
    "intelligence": 10, "wisdom": 12, "charisma": 8,
    "bab": 5, "base_fort": 4, "base_ref": 1, "base_will": 1,
    "ac": 17, "armor": 4, "shield": 0, "natural_armor": 0, "dodge": 1,
    "feats": ["Esquive", "Tir de précision", "Attaques réflexes"],
    "weapons": [
        {"name": "Machette", "kind": "melee", "damage": "1d6", "damage_type": "slashing",
         "crit_range": 19, "crit_mult": 2},
        {"name": "Pistolet 9 mm", "kind": "ranged", "damage": "2d6", "damage_type": "piercing",
         "range_m": 9, "crit_mult": 2, "firearm": True},
    ],
}
