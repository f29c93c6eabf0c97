"""Initiative, turn order and the turn cycle: start/end of turn effects, condition durations,
dying creatures, re-rolled initiative each round (001; 004's side initiative option)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from battlemap.engine import surprise as surprises
from battlemap.engine.commands import conditions as cond_cmds
from battlemap.engine.errors import EngineError
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry as geom
from battlemap.engine.turn_state import InitiativeSlot, PausedTurn, TurnState
from battlemap.engine.words import condition_word, joined, said
from battlemap.rules.core.combat import InitiativeEntry, TurnEvent
from battlemap.rules.core.waiting import WaitRule
from battlemap.text import AS_DATA, Message

if TYPE_CHECKING:
    from battlemap.engine.state import State


def high_first(state: State) -> bool:
    """2bis acts lowest first (001 "Initiative"); the others highest first."""
    return state.system.initiative_high_first


def reroll_each_round(state: State) -> bool:
    # 001: individual d10 each round; 004's option: side initiative d6 each round (B/X).
    return state.system.rerolls_initiative(state.options)


def roll_initiative(state: State, forced: Iterable[int] = (),
                    tokens: list[str] | None = None) -> list[InitiativeEntry]:
    ids = tokens if tokens is not None else [t.id for t in state.encounter.tokens]
    for i in ids:
        state.token(i)
    with state.command(said("step.initiative")):
        state.dice.force(forced)
        entries = _start_combat(state, ids)
    return entries


def _start_combat(state: State, ids: list[str], surprise: bool = False) -> list[InitiativeEntry]:
    """Combat begins: initiative, the system's combat-start conditions, the first turn."""
    entries = _roll(state, ids, 1)
    st = TurnState(round=1, surprise=surprise,
                   order=[InitiativeSlot(token=e.token, score=e.score, group=e.group)
                          for e in entries])
    state.set_turn(st)
    _log_initiative(state, entries)
    cond_cmds._combat_start_conditions(state, [e.token for e in entries])
    _begin_turn(state)
    return entries


def _roll(state: State, ids: list[str], round_number: int) -> list[InitiativeEntry]:
    entries = state.system.initiative([geom.roller(state, i) for i in ids], state.dice,
                                     state.options, round_number=round_number)
    for e in entries:
        state.replace_token(e.token, initiative=e.score)
    return entries


def _log_initiative(state: State, entries: list[InitiativeEntry]) -> None:
    order = ", ".join(f"{state.name_of(e.token)} {e.score:g}" for e in entries)
    state.write_log("initiative", said("log.initiative", round=state.round, order=order),
              targets=[e.token for e in entries],
              details={"entries": [e.model_dump(mode="json", context=AS_DATA)
                                       for e in entries]})


def set_initiative(state: State, token_id: str, value: float) -> None:
    tok = state.token(token_id)
    with state.command(said("step.set_initiative", name=tok.name)):
        state.replace_token(token_id, initiative=value)
        st = state.turn_state
        if st.active:
            cur = st.current
            slots = [s for s in st.order if s.token != token_id]
            slots.append(InitiativeSlot(token=token_id, score=value))
            slots.sort(key=lambda s: -s.score if high_first(state) else s.score)
            st.order = slots
            st.index = st.ids().index(cur) if cur else 0
            state.set_turn(st)
        state.write_log("initiative", said("log.set_initiative", name=tok.name,
                                           value=f"{value:g}"), actor=token_id)


def move_in_order(state: State, token_id: str, index: int) -> None:
    st = state.turn_state
    if token_id not in st.ids():
        raise EngineError(said("error.not_in_order", id=token_id))
    with state.command(said("step.reorder")):
        cur = st.current
        slot = st.order.pop(st.ids().index(token_id))
        st.order.insert(max(0, min(index, len(st.order))), slot)
        st.index = st.ids().index(cur) if cur else 0
        state.set_turn(st)


def next_turn(state: State, forced: Iterable[int] = ()) -> str | None:
    """End the acting creature's turn and begin the next one; `forced` dice go to what
    happens by itself (death saves, dying creatures, re-rolled initiative)."""
    st = state.turn_state
    if not st.active:
        raise EngineError(said("error.not_started"))
    with state.command(said("step.next_turn")):
        state.dice.force(forced)
        _end_turn(state, st.current or "")
        _advance(state)
        _begin_turn(state)
    return state.current_token_id


def _advance(state: State) -> None:
    """The next creature in the order; past the last one, a new round begins."""
    st = state.turn_state
    st.index += 1
    if st.index >= len(st.order):
        _end_round(state)
        _return_waiting(state)
        st = state.turn_state
        st.index = 0
        st.round += 1
        st.reactions = {}
        state.set_turn(st)
        state.write_log("round", said("log.round", round=st.round))
        if st.surprise:
            st.surprise = False
            state.set_turn(st)
            surprises._end_surprise(state)
        if reroll_each_round(state):
            entries = _roll(state, st.ids(), st.round)
            st.order = [InitiativeSlot(token=e.token, score=e.score, group=e.group)
                        for e in entries]
            state.set_turn(st)
            _log_initiative(state, entries)
    state.set_turn(st)


def _end_round(state: State) -> None:
    """What the system ends with the round (2bis: a fumble, 001 "Fumbles"), logged in the
    round that ends; only creatures with a condition can have one to end."""
    fighters = [state.combatant(t.id) for t in state.encounter.tokens if t.conditions]
    if fighters:
        _apply_events(state, state.system.end_of_round(fighters, state.dice, state.options))


def waiting_rule(state: State) -> WaitRule:
    return state.system.waiting


def delay(state: State, token_id: str) -> None:
    """The acting creature waits (the 3.5 delay, the 2bis hold): it leaves the order, the
    next one acts, and `act_now` puts it back where the GM says it acts."""
    st = state.turn_state
    rule = waiting_rule(state)
    if rule.missing is not None:
        raise EngineError(said("error.no_wait", why=rule.missing))
    if st.current != token_id:
        raise EngineError(said("error.delay_not_turn", current=st.current))
    if st.index >= len(st.order) - 1:  # nobody acts later in the round (000 « Retarder »)
        raise EngineError(said("error.delay_last"))
    if st.used or st.moved_m or st.stepped:
        # It waits instead of acting (000 « Retarder » : « on choisit d'agir plus tard » ;
        # 001 "Hold Action": « Aucune autre action ni mouvement n'est alors possible »).
        raise EngineError(said("error.wait_after_acting", name=state.name_of(token_id)))
    with state.command(said("step.wait", name=state.name_of(token_id))):
        slot = st.order.pop(st.index)
        st.waiting.append(slot)
        if token_id not in st.delayed:
            st.delayed.append(token_id)
        if st.paused is not None and st.paused.token == token_id:
            st.paused = None
        state.set_turn(st)
        name = state.name_of(token_id)
        state.write_log("turn", said(f"log.wait.{rule.kind}", name=name), actor=token_id,
                        details={"source": rule.source})
        _begin_turn(state)


def act_now(state: State, token_id: str) -> None:
    """A waiting creature acts now: it goes back into the order just before the creature
    whose turn it is, whose turn pauses (what it has spent is kept) and resumes after."""
    st = state.turn_state
    if token_id not in st.waiting_ids():
        raise EngineError(said("error.not_waiting", name=state.name_of(token_id)))
    rule = waiting_rule(state)
    with state.command(said("step.act_now", name=state.name_of(token_id))):
        slot = st.waiting.pop(st.waiting_ids().index(token_id))
        cur = st.current
        if cur is not None:
            st.paused = PausedTurn(token=cur, used=dict(st.used), moved_m=st.moved_m,
                                   movement_left_m=st.movement_left_m, stepped=st.stepped,
                                   charge_blow_used=st.charge_blow_used)
        st.order.insert(st.index, slot)
        state.set_turn(st)
        before = state.name_of(cur) if cur else "—"
        state.write_log("turn", said(f"log.act_now.{rule.kind}", name=state.name_of(token_id),
                                     before=before),
                        actor=token_id, details={"source": rule.source})
        # What starts its turn by itself (a dying creature's roll, a condition ending) was
        # made when its turn first came: not again.
        _begin_turn(state, start_effects=False)


def _return_waiting(state: State) -> None:
    """The round ends with creatures still waiting: they let their turn pass and take their
    old place again (000 « plus tard dans le round »; 001: « jusqu'à la prochaine
    initiative »)."""
    st = state.turn_state
    if not st.waiting:
        return
    back = st.waiting
    st.waiting = []
    for slot in back:
        place = next((i for i, s in enumerate(st.order)
                      if (s.score < slot.score if high_first(state) else s.score > slot.score)),
                     len(st.order))
        st.order.insert(place, slot)
        state.write_log("turn", said("log.wait.lapsed", name=state.name_of(slot.token)),
                        actor=slot.token)
    state.set_turn(st)


def defeated(state: State, token_id: str) -> bool:
    """Out of the fight for good (the system's list), and the encounter skips such turns."""
    if state.encounter.options.keep_defeated:
        return False
    tok = state.token(token_id)
    return any(tok.has_condition(n) for n in state.system.defeated_conditions)


def _begin_turn(state: State, start_effects: bool = True) -> None:
    st = state.turn_state
    cur = st.current
    if cur is None:
        return
    skip = surprises._skip_reason(state, cur)
    if skip is None and defeated(state, cur) and not all(defeated(state, t) for t in st.ids()):
        skip = said("log.skip_defeated", conditions=_defeated_words(state, cur))
    if skip is not None:
        name = state.name_of(cur)
        state.write_log("turn", said("log.skip", name=name, why=skip), actor=cur)
        _advance(state)  # a new round ends the surprise; someone is not defeated
        _begin_turn(state)
        return
    if st.paused is not None and st.paused.token == cur:
        _resume(state, st)
        return
    st.used, st.moved_m, st.stepped = {}, 0.0, False
    st.charging = [t for t in st.charging if t != cur]  # charge penalties last until now
    st.movement_left_m = budgets.base_budget(state, cur).movement_m if budgets.economy(state).free_movement else 0.0
    state.set_turn(st)
    name = state.name_of(cur)
    state.write_log("turn", said("log.turn", name=name, round=st.round), actor=cur)
    if start_effects:
        _apply_events(state, state.system.start_of_turn(state.combatant(cur), state.dice,
                                                        state.options))


def _defeated_words(state: State, token_id: str) -> Message:
    tok = state.token(token_id)
    return joined([condition_word(state.system, c.name) for c in tok.conditions
                   if c.name in state.system.defeated_conditions], "text.commas")


def _resume(state: State, st: TurnState) -> None:
    """The paused turn goes on with what its creature had left, without a second start."""
    p = st.paused
    assert p is not None
    st.used, st.moved_m, st.movement_left_m = dict(p.used), p.moved_m, p.movement_left_m
    st.stepped, st.charge_blow_used, st.paused = p.stepped, p.charge_blow_used, None
    state.set_turn(st)
    state.write_log("turn", said("log.turn_resumes", name=state.name_of(p.token), round=st.round),
                    actor=p.token)


def _end_turn(state: State, token_id: str) -> None:
    if not any(t.id == token_id for t in state.encounter.tokens):
        return
    events = state.system.end_of_turn(state.combatant(token_id), state.dice, state.options)
    _apply_events(state, events)
    _tick_durations(state, token_id, {n for e in events for n in e.conditions_removed})


def _tick_durations(state: State, token_id: str, removed: set[str]) -> None:
    """Timed conditions lose a round at the end of their creature's turn."""
    tok = state.token(token_id)
    kept = []
    for c in tok.conditions:
        if c.name in removed or (c.rounds_left is not None and c.rounds_left <= 1):
            continue
        kept.append(c if c.rounds_left is None else
                    c.model_copy(update={"rounds_left": c.rounds_left - 1}))
    if kept != tok.conditions:
        state.replace_token(token_id, conditions=kept)


def _apply_events(state: State, events: list[TurnEvent]) -> None:
    for ev in events:
        # Removals first, then the HP change (which removes and adds its own): a 2024 death
        # save removes the old counter and adds the new one under the same name.
        if ev.conditions_removed:
            tok = state.token(ev.token)
            state.replace_token(ev.token, conditions=[
                c for c in tok.conditions if c.name not in set(ev.conditions_removed)])
        if ev.hp is not None:
            state.apply_hp(ev.hp)
        name = state.name_of(ev.token)
        state.write_log("turn_event", said("log.turn_event", name=name, what=ev.what),
                  actor=ev.token,
                  details={"roll": ev.roll.model_dump(mode="json", context=AS_DATA) if ev.roll else None,
                           "hp": [ev.hp.model_dump(mode="json", context=AS_DATA)] if ev.hp else [],
                           "removed": ev.conditions_removed})
