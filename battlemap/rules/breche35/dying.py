"""A dying creature's turn: from −1 to −9 it rolls d100 at the start of each of its turns,
stable on 10 % or less, otherwise it loses 1 hp, dead at −10 (000 "Points de vie, mort et
guérison"; hp.py puts the states on and off)."""

from __future__ import annotations

from battlemap.rules.breche35.hp import current_hp, hp_change, hp_state
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.words import note
from battlemap.rules.core.combat import Combatant, TurnEvent
from battlemap.rules.core.dice import Dice


def dying_tick(t: Combatant, dice: Dice, opts: Breche35Options) -> TurnEvent | None:
    """Start of a dying creature's turn: d100 ≤ 10 → stable, otherwise it loses 1 hp."""
    if hp_state(t) != "dying":
        return None
    roll = dice.d(100, label=note("stabilise_roll"))
    hp = current_hp(t)
    if roll.total <= opts.stabilise_chance_pct:
        change = hp_change(t, hp, t.nonlethal, t.temp_hp, True,
                         [note("stabilised", roll=roll.total, pct=opts.stabilise_chance_pct)])
        return TurnEvent(token=t.id, what=note("stabilises"), roll=roll, hp=change)
    change = hp_change(t, hp - 1, t.nonlethal, t.temp_hp, False,
                     [note("loses_hp", roll=roll.total, pct=opts.stabilise_chance_pct)])
    return TurnEvent(token=t.id, what=note("loses_hp_dying"), roll=roll, hp=change)
