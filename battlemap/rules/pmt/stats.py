"""A creature's Portes, Monstres & Trésors numbers, as stored in `token.stats`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from battlemap.rules.core.damage_parts import MAX_PARTS, ExtraDamage
from battlemap.rules.core.notation import DiceNotation
from battlemap.rules.core.weapons import pick_weapon
from battlemap.rules.pmt.tables import ability_mod, thac0_from_bonus

Ability = Literal["str", "dex", "con", "int", "wis", "cha"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Weapon(_Strict):
    name: str = "Mains nues"
    kind: Literal["melee", "ranged"] = "melee"
    damage: DiceNotation = "1d2"
    damage_type: str = "contondant"
    reach_m: float | None = Field(default=None, ge=0, le=30)
    range_m: float | None = Field(default=None, ge=0, le=1000)  # short range
    bonus: int = Field(default=0, ge=-5, le=10)  # "bonus de l'arme" (magic)
    proficient: bool = True  # False: a weapon the class forbids (−4)
    two_handed: bool = False
    # More parts, each with its type (a flaming sword's {"dice": "1d6", "type": "fire"}): the
    # seed gives no rule by damage type, so they are rolled and added to the weapon's.
    extra_damage: list[ExtraDamage] = Field(default_factory=list, max_length=MAX_PARTS)


class Saves(_Strict):
    """B/X saving throws (d20 ≥ number); defaults: a normal human."""

    death: int = Field(default=14, ge=1, le=30)  # mort / poison
    wands: int = Field(default=15, ge=1, le=30)  # baguettes
    paralysis: int = Field(default=16, ge=1, le=30)  # paralysie / pétrification
    breath: int = Field(default=17, ge=1, le=30)  # souffle
    spells: int = Field(default=18, ge=1, le=30)  # sorts


class PmtStats(_Strict):
    """Sample: a 3rd-level fighter, {"max_hp": 18, "ac": 16, "attack_bonus": 1, "level": 3,
    "is_pc": true, "strength": 14, "weapons": [{"name": "Épée", "damage": "1d8"}]}."""

    max_hp: int = Field(default=1, ge=0, le=10000)
    ac: int = Field(default=10, ge=-20, le=40)  # in the form `ac_form` says
    ac_form: Literal["ascending", "descending"] = "ascending"
    attack_bonus: int | None = Field(default=None, ge=-5, le=30)  # None: from thac0 (or 0)
    thac0: int | None = Field(default=None, ge=-10, le=30)  # None: 19 − attack bonus
    level: int = Field(default=1, ge=0, le=40)  # class level or hit dice
    is_pc: bool = False
    important: bool = False  # an NPC the GM keeps alive at 0 hp like a PC
    minion: bool = False  # "sbire"
    strength: int = Field(default=10, ge=1, le=25)
    dexterity: int = Field(default=10, ge=1, le=25)
    prime: list[Ability] = Field(default_factory=list)  # Caractéristiques Principales
    armour_proficient: bool = True  # False: armour the class forbids (−2 AC)
    shield_ac: int = Field(default=0, ge=0, le=5)  # the shield's part of `ac`
    shield_proficient: bool = True  # False: the shield gives nothing
    armour_penalty: int = Field(default=0, ge=0, le=100)  # "malus de l'armure" (spell failure %)
    arcane_caster: bool = False  # barde, magicien, illusionniste
    dex_ac_cap: int | None = Field(default=None, ge=0, le=10)  # armour's Dex limit (plate: +1)
    attacks_per_round: int = Field(default=1, ge=1, le=10)
    speed_m: float = Field(default=12.0, ge=0, le=300)  # B/X 120': 40' (12 m) a round
    saves: Saves = Field(default_factory=Saves)
    weapons: list[Weapon] = Field(default_factory=lambda: [Weapon()])

    @property
    def bonus(self) -> int:
        if self.attack_bonus is not None:
            return self.attack_bonus
        return 19 - self.thac0 if self.thac0 is not None else 0

    @property
    def to_hit_0(self) -> int:
        """TAC0: given, or 19 − attack bonus."""
        return self.thac0 if self.thac0 is not None else thac0_from_bonus(self.bonus)

    @property
    def str_mod(self) -> int:
        return ability_mod(self.strength)

    @property
    def dex_mod(self) -> int:
        return ability_mod(self.dexterity)

    def weapon(self, name: str | None) -> Weapon:
        return pick_weapon(self.weapons, name, Weapon)


SAMPLE_FIGHTER = {
    "max_hp": 18, "ac": 16, "attack_bonus": 1, "level": 3, "is_pc": True, "strength": 14,
    "dexterity": 13, "prime": ["str"], "shield_ac": 1,
    "weapons": [{"name": "Épée", "damage": "1d8", "damage_type": "tranchant"},
                {"name": "Dague", "damage": "1d4", "damage_type": "perforant"}],
}
