"""The dnd2024 stat block a token carries (`token.stats`), with a realistic SAMPLE.

Every field has a default so a token without stats is valid: a 10-everything commoner."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from battlemap.rules.core.damage_parts import MAX_PARTS, ExtraDamage
from battlemap.rules.core.notation import DiceNotation

Ability = Literal["str", "dex", "con", "int", "wis", "cha"]
ABILITIES: tuple[Ability, ...] = ("str", "dex", "con", "int", "wis", "cha")

# Ways the GM may spell an ability in a save request (English ids, French abbreviations).
ABILITY_ALIASES: dict[str, Ability] = {
    "str": "str", "strength": "str", "for": "str", "force": "str",
    "dex": "dex", "dexterity": "dex", "dextérité": "dex",
    "con": "con", "constitution": "con",
    "int": "int", "intelligence": "int",
    "wis": "wis", "wisdom": "wis", "sag": "wis", "sagesse": "wis",
    "cha": "cha", "charisma": "cha", "charisme": "cha",
}

ABILITY_FR: dict[Ability, str] = {
    "str": "Force", "dex": "Dextérité", "con": "Constitution",
    "int": "Intelligence", "wis": "Sagesse", "cha": "Charisme",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


# Ability scores are named by their usual ids ("str", "int"), which shadow builtins inside the
# class body, so fields are typed through this alias and the modifier is a module function.
Score = Annotated[int, Field(ge=1, le=30)]


class Abilities(_Strict):
    str: Score = 10
    dex: Score = 10
    con: Score = 10
    int: Score = 10
    wis: Score = 10
    cha: Score = 10


def ability_mod(abilities: Abilities, ability: Ability) -> int:
    # Division rounds down, even for negatives (003 "Arrondi"): 9 → −1.
    return (getattr(abilities, ability) - 10) // 2


class Weapon(_Strict):
    name: str = Field(default="Attaque à mains nues", min_length=1, max_length=80)
    kind: Literal["melee", "ranged"] = "melee"
    damage: DiceNotation = "1"  # ability mod added apart
    damage_type: str = Field(default="bludgeoning", max_length=30)
    reach_m: float | None = Field(default=None, ge=0, le=60)  # None: 1.5 m (003 "Allonge")
    range_m: float | None = Field(default=None, ge=0, le=2000)  # normal range
    long_range_m: float | None = Field(default=None, ge=0, le=2000)
    # None: Str for melee, Dex for ranged; "finesse" properties pick the better of the two.
    ability: Ability | None = None
    properties: list[str] = Field(default_factory=list, max_length=12)  # finesse, heavy…
    proficient: bool = True
    attack_bonus: int = Field(default=0, ge=-20, le=20)  # magic weapon +1…
    damage_bonus: int = Field(default=0, ge=-20, le=40)
    # More parts of its damage, each with its type (a ghoul's bite: +1d6 necrotic): rolled
    # apart, each met by its own resistance; a critical hit doubles their dice too.
    extra_damage: list[ExtraDamage] = Field(default_factory=list, max_length=MAX_PARTS)


class Dnd2024Stats(_Strict):
    """A creature's numbers for the 2024 rules. See SAMPLE for a filled-in fighter."""

    max_hp: int = Field(default=4, ge=1, le=10000)
    ac: int = Field(default=10, ge=0, le=40)  # left out: 10 + Dex (003 "Classe d'armure")
    abilities: Abilities = Field(default_factory=Abilities)
    proficiency_bonus: int = Field(default=2, ge=0, le=10)
    level: int = Field(default=0, ge=0, le=30)  # class level for PCs
    challenge: str = Field(default="", max_length=8)  # monsters: "1/4", "2"…
    player_character: bool = False  # PCs make death saving throws at 0 hp
    save_proficiencies: list[Ability] = Field(default_factory=list)
    skill_proficiencies: list[str] = Field(default_factory=list, max_length=20)  # "athletics"…
    weapons: list[Weapon] = Field(default_factory=list, max_length=20)
    attacks_per_action: int = Field(default=1, ge=1, le=8)  # Extra Attack, Multiattack
    speed_m: float = Field(default=9.0, ge=0, le=300)
    reach_m: float | None = Field(default=None, ge=0, le=60)
    initiative_bonus: int = Field(default=0, ge=-10, le=20)  # beyond Dex (Alert feat…)
    initiative_advantage: bool = False
    resistances: list[str] = Field(default_factory=list, max_length=20)  # damage types
    vulnerabilities: list[str] = Field(default_factory=list, max_length=20)
    darkvision_m: float = Field(default=0.0, ge=0, le=300)  # the stat block's range (003 is silent)
    immunities: list[str] = Field(default_factory=list, max_length=20)
    condition_immunities: list[str] = Field(default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _base_ac(self) -> Dnd2024Stats:
        # "Votre CA de base est égale à 10 + votre modificateur de Dextérité" (003).
        if "ac" not in self.model_fields_set:
            self.ac = 10 + self.mod("dex")
        return self

    def mod(self, ability: Ability) -> int:
        return ability_mod(self.abilities, ability)

    def save_bonus(self, ability: Ability) -> int:
        prof = self.proficiency_bonus if ability in self.save_proficiencies else 0
        return self.mod(ability) + prof


# A level-5 human fighter (longsword + longbow, Extra Attack): a realistic party member.
SAMPLE: dict[str, object] = {
    "max_hp": 44,
    "ac": 18,
    "abilities": {"str": 17, "dex": 14, "con": 14, "int": 10, "wis": 12, "cha": 8},
    "proficiency_bonus": 3,
    "level": 5,
    "player_character": True,
    "save_proficiencies": ["str", "con"],
    "skill_proficiencies": ["athletics", "perception"],
    "attacks_per_action": 2,
    "speed_m": 9.0,
    "weapons": [
        {"name": "Épée longue", "kind": "melee", "damage": "1d8", "damage_type": "slashing",
         "properties": ["versatile"]},
        {"name": "Arc long", "kind": "ranged", "damage": "1d8", "damage_type": "piercing",
         "range_m": 45.0, "long_range_m": 180.0, "properties": ["heavy", "ammunition"]},
    ],
}
