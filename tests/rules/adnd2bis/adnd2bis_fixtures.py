"""Realistic AD&D 2bis stat blocks for the tests."""

from __future__ import annotations

from battlemap.model import Condition, Size
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.core.combat import Combatant

ORC = {"max_hp": 6, "ac": 6, "thac0": 19, "level": 1, "hd": 1, "strength": "13",
       "weapons": [{"name": "Cimeterre", "damage": "1d8", "damage_type": "slashing"}]}
OGRE = {"max_hp": 26, "ac": 5, "thac0": 15, "level": 4, "hd": 4, "strength": "18/00",
        "weapons": [{"name": "Massue", "damage": "1d10", "damage_type": "blunt"}]}
THIEF = {"max_hp": 22, "ac": 6, "thac0": 18, "level": 5, "hd": 5, "class_group": "thief",
         "dexterity": 17, "strength": "12", "sneak_attack": "2d6",
         "skills": {"acrobatics": 4, "tumbling": 6},
         "weapons": [{"name": "Épée courte", "damage": "1d6", "damage_type": "piercing"}]}


def make(cid: str, stats: dict, size: Size = Size.MEDIUM, side: str = "foe",
         conditions: tuple[str, ...] = (), hp: int | None = None) -> Combatant:
    return Combatant(id=cid, name=cid, side=side, size=size,
                     stats=Adnd2bisStats.model_validate(stats), hp=hp,
                     conditions=[Condition(name=n) for n in conditions])
