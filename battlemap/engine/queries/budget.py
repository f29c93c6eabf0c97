"""Per-turn action budgets: a creature's full budget, what is left of it, its speed, what a
manoeuvre costs. Spending is `commands.spending`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battlemap.engine import surprise as surprises
from battlemap.engine._memo import MISS
from battlemap.rules.core.combat import TurnBudget
from battlemap.rules.core.economy import Economy

if TYPE_CHECKING:
    from battlemap.engine.state import State


def economy(state: State) -> Economy:
    return state.system.economy


def base_budget(state: State, token_id: str) -> TurnBudget:
    """The creature's full budget this turn: the system's, as a surprise round leaves it."""
    return surprises.surprise_budget(state, token_id, _system_budget(state, token_id))


def _system_budget(state: State, token_id: str) -> TurnBudget:
    """The system's full budget for this creature (conditions included)."""
    speed = float(getattr(state.stats(token_id), "speed_m", None) or state.token(token_id).speed_m)
    try:
        return state.system.turn_budget(state.combatant(token_id), state.options)
    except (AttributeError, NotImplementedError):
        return TurnBudget(slots=dict(economy(state).default_slots), movement_m=speed)


def speed_m(state: State, token_id: str) -> float:
    return float(_base_budget_seen(state, token_id).movement_m)


def _base_budget_seen(state: State, token_id: str) -> TurnBudget:
    """`base_budget`, remembered while the token, the options, the turn and the system
    are the same objects (commands replace them when they change): a drag preview asks
    at every square. Shared: read it, never change it."""
    memo = state.caches.base_budget
    ask = (state.token(token_id), state.encounter.options, state.encounter.turn, state.system)
    hit = memo.lookup_all(token_id, ask)
    if hit is MISS:
        hit = memo.store(token_id, base_budget(state, token_id), ask)
    return hit  # type: ignore[no-any-return]


def budget(state: State, token_id: str) -> TurnBudget:
    """What is left: the acting creature's spent slots and movement are taken off; every
    other creature shows its reactions left this round."""
    base = _base_budget_seen(state, token_id)
    st = state.turn_view()
    slots = dict(base.slots)
    notes = list(base.notes)
    if st.active and st.current == token_id:
        for name, n in st.used.items():
            if name in slots:
                slots[name] = max(0, slots[name] - n)
        movement = st.movement_left_m
        if not economy(state).free_movement and not st.stepped:
            movement += base.movement_m * sum(slots.get(s, 0) for s in economy(state).move)
        if st.stepped:
            notes.append("1.5 m step taken: no other movement this turn")
    else:
        movement = base.movement_m * (1 if economy(state).free_movement else
                                      max(1, sum(slots.get(s, 0) for s in economy(state).move)))
    reaction = economy(state).reaction
    if reaction and reaction in slots:
        slots[reaction] = max(0, slots[reaction] - st.reactions.get(token_id, 0))
    return TurnBudget(slots=slots, movement_m=movement, notes=notes)


def manoeuvre_cost(state: State, name: str, attacker_id: str,
                   options: dict[str, Any] | None = None) -> tuple[tuple[str, ...], ...]:
    """The slots a manoeuvre spends: each inner tuple is one payment and the slots that
    may make it. The system says so with `manoeuvre_cost(name, actor, options)` (2bis:
    full actions take the round, releases are free); None: one attack / standard action."""
    cost = state.system.manoeuvre_cost(name, state.combatant(attacker_id), options or {})
    return (economy(state).attack,) if cost is None else tuple(tuple(g) for g in cost)
