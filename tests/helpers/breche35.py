"""Stat blocks and builders for the breche35 tests (realistic Brèche characters)."""

from __future__ import annotations

from typing import Any

from battlemap.model import Condition, Size
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import SAMPLE, Breche35Stats
from battlemap.rules.core.combat import (
    AttackRequest,
    AttackResult,
    Combatant,
    SaveRequest,
    SaveResult,
    Situation,
)
from battlemap.rules.core.dice import Dice
from battlemap.text import words

SEED = "000_d623f1b22a06cede.txt"

# Mara, the SAMPLE street fighter: BBA +5, Str 16 (+3), Dex 14 (+2), AC 17 (armour 4, Dex 2,
# dodge 1), machete 1d6 19-20/×2, 9 mm pistol 2d6 (range 9 m), Tir de précision.
MARA = dict(SAMPLE)

# A ganger: BBA +2, Str 13 (+1), Dex 12 (+1), leather jacket armour 2: AC 13, touch 11,
# flat-footed 12. Fort +3 (base 3, Con 10), Ref +1 (base 0, Dex +1), Will −1 (base 0, Wis 8).
GANGER: dict[str, Any] = {
    "level": 2, "class_name": "Voyou", "max_hp": 15, "strength": 13, "dexterity": 12,
    "constitution": 10, "wisdom": 8, "bab": 2, "base_fort": 3, "ac": 13, "armor": 2,
    "weapons": [{"name": "Batte", "kind": "melee", "damage": "1d6", "damage_type": "bludgeoning",
                 "two_handed": True}],
}

# A troll-like brute (G, long body): BBA +6, Str 23 (+6), Dex 14 (+2), natural armour 5,
# AC 16 = 10 + 5 + 2 − 1 (size); RD 5/silver, fire resistance 10.
BRUTE: dict[str, Any] = {
    "level": 6, "class_name": "Brute", "max_hp": 63, "strength": 23, "dexterity": 14,
    "constitution": 23, "bab": 6, "base_fort": 5, "base_ref": 2, "base_will": 2,
    "ac": 16, "natural_armor": 5, "body": "long", "dr_amount": 5, "dr_bypass": "silver",
    "energy_resistance": {"fire": 10},
    "weapons": [{"name": "Griffe", "kind": "melee", "damage": "1d6", "damage_type": "slashing"}],
}


class ForcedDice(Dice):
    """Dice that refuse to roll anything the test did not force: every number is chosen."""

    def _next_face(self, size: int) -> int:
        if not self.forced:
            raise AssertionError(f"a d{size} was rolled without a forced value")
        return super()._next_face(size)


def stats(data: dict[str, Any], **over: Any) -> Breche35Stats:
    return Breche35Stats.model_validate({**data, **over})


def combatant(cid: str, data: dict[str, Any] | None = None, size: Size = Size.MEDIUM,
              conditions: tuple[str, ...] = (), hp: int | None = None, nonlethal: int = 0,
              temp_hp: int = 0, **over: Any) -> Combatant:
    return Combatant(id=cid, name=cid.capitalize(), size=size,
                     stats=stats(data if data is not None else {}, **over),
                     conditions=[Condition(name=c) for c in conditions], hp=hp,
                     nonlethal=nonlethal, temp_hp=temp_hp)


def mara(*conditions: str, **over: Any) -> Combatant:
    return combatant("mara", MARA, conditions=conditions, **over)


def ganger(*conditions: str, **over: Any) -> Combatant:
    return combatant("ganger", GANGER, conditions=conditions, **over)


def attack(a: Combatant, t: Combatant, forced: list[int], weapon: str | None = None,
           full_attack: bool = False, options: dict[str, Any] | None = None,
           **situation: Any) -> AttackResult:
    req = AttackRequest(attacker=a, target=t, weapon=weapon, full_attack=full_attack,
                        situation=Situation(**situation))
    dice = ForcedDice(forced=forced)
    res = SYSTEM.resolve_attack(req, dice, Breche35Options.model_validate(options or {}))
    assert not dice.forced, "every forced die should have been used"
    return res


def save(t: Combatant, ability: str, dc: int, forced: int, **situation: Any) -> SaveResult:
    req = SaveRequest(token=t, ability=ability, dc=dc, situation=Situation(**situation))
    return SYSTEM.resolve_save(req, ForcedDice(forced=[forced]), Breche35Options())


def mods(res_mods: list[Any], applies_to: str = "attack") -> dict[str, int]:
    return {words(m.name, "fr"): m.value for m in res_mods if m.applies_to == applies_to}
