"""Realistic PMT stat blocks and a helper to build combatants."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant
from battlemap.rules.pmt.stats import PmtStats

# The seed's worked examples: a fighter with attack bonus +1 (TAC0 18) and FOR +1 (13).
FIGHTER = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "level": 3, "is_pc": True,
           "strength": 13, "dexterity": 10, "prime": ["str"],
           "weapons": [{"name": "Épée", "damage": "1d8", "damage_type": "tranchant"},
                       {"name": "Dague", "damage": "1d4", "damage_type": "perforant"},
                       {"name": "Épée courte", "damage": "1d6"},
                       {"name": "Arc court", "kind": "ranged", "damage": "1d6", "range_m": 15}]}
MONSTER_ASC = {"max_hp": 9, "ac": 12, "thac0": 17, "level": 2,
               "weapons": [{"name": "Griffes", "damage": "1d6"}]}
MONSTER_DESC = {"max_hp": 9, "ac": 7, "ac_form": "descending", "thac0": 17, "level": 2,
                "weapons": [{"name": "Griffes", "damage": "1d6"}]}
GOBLIN_MINION = {"max_hp": 4, "ac": 13, "thac0": 19, "minion": True,
                 "weapons": [{"name": "Lance", "damage": "1d6"}]}


def make(cid: str, stats: dict, side: str = "foe", conditions: tuple[str, ...] = (),
         hp: int | None = None) -> Combatant:
    return Combatant(id=cid, name=cid, side=side, stats=PmtStats.model_validate(stats), hp=hp,
                     conditions=[Condition(name=n) for n in conditions])
