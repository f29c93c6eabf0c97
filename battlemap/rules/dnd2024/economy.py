"""What a creature may do on its turn (D&D 2024 PHB, Actions): one action, one bonus action,
one reaction per round, and its Speed, as the conditions cut them; movement is given at the
start of the turn (no move action)."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant, TurnBudget
from battlemap.rules.core.economy import ACTION_BONUS_REACTION
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.conditions import (
    SPEED_ZERO,
    exhaustion_level,
    is_incapacitated,
)
from battlemap.rules.dnd2024.words import condition_named, note

ECONOMY = ACTION_BONUS_REACTION
EXHAUSTION_SPEED_M = 1.5  # −5 ft per level


def speed_m(who: Combatant) -> float:
    if any(who.has(n) for n in SPEED_ZERO):
        return 0.0
    return max(0.0, stats_of(who).speed_m - EXHAUSTION_SPEED_M * exhaustion_level(who))


def turn_budget(who: Combatant) -> TurnBudget:
    notes: list[str] = []  # messages
    slots = {"action": 1, "bonus_action": 1, "reaction": 1}
    if is_incapacitated(who):
        slots = {"action": 0, "bonus_action": 0, "reaction": 0}
        notes.append(note("no_actions", src=src.condition('Incapacitated')))
    zero = [condition_named(n) for n in sorted(SPEED_ZERO) if who.has(n)]
    if zero:
        notes.append(note("speed_zero", conds=zero))
    level = exhaustion_level(who)
    if level and not zero:
        notes.append(note("exhaustion_speed", level=level, m=float(EXHAUSTION_SPEED_M * level),
                          src=src.condition('Exhaustion')))
    if who.has("prone") and not zero:
        notes.append(note("prone_stand", m=float(stats_of(who).speed_m / 2),
                          src=src.condition('Prone')))
    if who.has("frightened"):
        notes.append(note("frightened_approach"))
    return TurnBudget(slots=slots, movement_m=speed_m(who), notes=notes)
