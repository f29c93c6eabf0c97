"""Realistic stat blocks (2024 Monster Manual numbers, level-5 heroes) for the demo encounter
and the tests: plain dicts, valid for `Dnd2024Stats`."""

from __future__ import annotations

from typing import Any

from battlemap.rules.dnd2024.stats import SAMPLE

FIGHTER: dict[str, Any] = SAMPLE

ROGUE: dict[str, Any] = {
    "max_hp": 33, "ac": 15, "proficiency_bonus": 3, "level": 5, "player_character": True,
    "abilities": {"str": 10, "dex": 18, "con": 12, "int": 13, "wis": 12, "cha": 14},
    "save_proficiencies": ["dex", "int"], "skill_proficiencies": ["acrobatics", "stealth"],
    "speed_m": 9.0, "initiative_bonus": 0,
    "weapons": [
        {"name": "Rapière", "kind": "melee", "damage": "1d8", "damage_type": "piercing",
         "properties": ["finesse"]},
        {"name": "Arc court", "kind": "ranged", "damage": "1d6", "damage_type": "piercing",
         "range_m": 24.0, "long_range_m": 96.0, "properties": ["ammunition", "two-handed"]},
    ],
}

CLERIC: dict[str, Any] = {
    "max_hp": 38, "ac": 18, "proficiency_bonus": 3, "level": 5, "player_character": True,
    "abilities": {"str": 14, "dex": 10, "con": 14, "int": 10, "wis": 17, "cha": 12},
    "save_proficiencies": ["wis", "cha"], "speed_m": 9.0,
    "weapons": [{"name": "Masse d'armes", "kind": "melee", "damage": "1d6",
                 "damage_type": "bludgeoning"}],
}

WIZARD: dict[str, Any] = {
    "max_hp": 27, "ac": 12, "proficiency_bonus": 3, "level": 5, "player_character": True,
    "abilities": {"str": 8, "dex": 14, "con": 14, "int": 17, "wis": 12, "cha": 10},
    "save_proficiencies": ["int", "wis"], "speed_m": 9.0, "initiative_bonus": 3,
    "weapons": [{"name": "Dague", "kind": "melee", "damage": "1d4", "damage_type": "piercing",
                 "properties": ["finesse", "light", "thrown"]}],
}

SKELETON: dict[str, Any] = {
    "max_hp": 13, "ac": 14, "proficiency_bonus": 2, "challenge": "1/4",
    "abilities": {"str": 10, "dex": 16, "con": 15, "int": 6, "wis": 8, "cha": 5},
    "vulnerabilities": ["bludgeoning"], "immunities": ["poison"],
    "condition_immunities": ["exhaustion", "poisoned"], "speed_m": 9.0,
    "weapons": [
        {"name": "Épée courte", "kind": "melee", "damage": "1d6", "damage_type": "piercing",
         "properties": ["finesse", "light"]},
        {"name": "Arc court", "kind": "ranged", "damage": "1d6", "damage_type": "piercing",
         "range_m": 24.0, "long_range_m": 96.0},
    ],
}

GHOUL: dict[str, Any] = {
    "max_hp": 22, "ac": 12, "proficiency_bonus": 2, "challenge": "1",
    "abilities": {"str": 13, "dex": 15, "con": 10, "int": 7, "wis": 10, "cha": 6},
    "immunities": ["poison"], "condition_immunities": ["charmed", "exhaustion", "poisoned"],
    "speed_m": 9.0, "attacks_per_action": 2,
    "weapons": [
        # SRD 5.2 Ghoul, Bite: "5 (1d6 + 2) Piercing damage plus 3 (1d6) Necrotic damage".
        {"name": "Morsure", "kind": "melee", "damage": "1d6", "damage_type": "piercing",
         "properties": ["finesse"], "extra_damage": [{"dice": "1d6", "type": "necrotic"}]},
        {"name": "Griffe", "kind": "melee", "damage": "1d4", "damage_type": "slashing",
         "properties": ["finesse"]},
    ],
}

OGRE: dict[str, Any] = {
    "max_hp": 68, "ac": 11, "proficiency_bonus": 2, "challenge": "2",
    "abilities": {"str": 19, "dex": 8, "con": 16, "int": 5, "wis": 7, "cha": 7},
    "speed_m": 12.0,
    "weapons": [
        {"name": "Massue", "kind": "melee", "damage": "2d8", "damage_type": "bludgeoning"},
        {"name": "Javeline", "kind": "ranged", "damage": "2d6", "damage_type": "piercing",
         "range_m": 9.0, "long_range_m": 36.0, "ability": "str"},
    ],
}
