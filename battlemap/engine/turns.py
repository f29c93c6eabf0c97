"""Initiative, turn order and the turn cycle: start/end of turn effects, condition durations,
dying creatures, re-rolled initiative each round (2bis; pmt side initiative option)."""

from __future__ import annotations

from collections.abc import Iterable

from battlemap.engine.budget import BudgetMixin
from battlemap.engine.cmd_conditions import ConditionCommands
from battlemap.engine.errors import EngineError
from battlemap.engine.turn_state import InitiativeSlot, TurnState
from battlemap.engine.words import said
from battlemap.model.words import de
from battlemap.rules.core.combat import InitiativeEntry, TurnEvent


class TurnCommands(BudgetMixin, ConditionCommands):
    @property
    def high_first(self) -> bool:
        """2bis acts lowest first (001 "Initiative"); the others highest first."""
        return self.system.initiative_high_first

    @property
    def reroll_each_round(self) -> bool:
        # 001: individual d10 each round; pmt option: side initiative d6 each round (B/X).
        return self.system.rerolls_initiative(self.options)

    def roll_initiative(self, forced: Iterable[int] = (),
                        tokens: list[str] | None = None) -> list[InitiativeEntry]:
        ids = tokens if tokens is not None else [t.id for t in self.encounter.tokens]
        for i in ids:
            self.token(i)
        with self._command(said("step.initiative")):
            self.dice.force(forced)
            entries = self._start_combat(ids)
        return entries

    def _start_combat(self, ids: list[str], surprise: bool = False) -> list[InitiativeEntry]:
        """Combat begins: initiative, the system's combat-start conditions, the first turn."""
        entries = self._roll(ids, 1)
        st = TurnState(round=1, surprise=surprise,
                       order=[InitiativeSlot(token=e.token, score=e.score, group=e.group)
                              for e in entries])
        self._set_turn(st)
        self._log_initiative(entries)
        self._combat_start_conditions([e.token for e in entries])
        self._begin_turn()
        return entries

    def _roll(self, ids: list[str], round_number: int) -> list[InitiativeEntry]:
        entries = self.system.initiative([self.roller(i) for i in ids], self.dice,
                                         self.options, round_number=round_number)
        for e in entries:
            self._replace_token(e.token, initiative=e.score)
        return entries

    def _log_initiative(self, entries: list[InitiativeEntry]) -> None:
        order = ", ".join(f"{self.name_of(e.token)} {e.score:g}" for e in entries)
        self._log("initiative", f"Initiative (round {self.round}) : {order}",
                  f"Initiative (round {self.round}): {order}",
                  targets=[e.token for e in entries],
                  details={"entries": [e.model_dump(mode="json") for e in entries]})

    def set_initiative(self, token_id: str, value: float) -> None:
        tok = self.token(token_id)
        with self._command(said("step.set_initiative", name=tok.name)):
            self._replace_token(token_id, initiative=value)
            st = self.turn_state
            if st.active:
                cur = st.current
                slots = [s for s in st.order if s.token != token_id]
                slots.append(InitiativeSlot(token=token_id, score=value))
                slots.sort(key=lambda s: -s.score if self.high_first else s.score)
                st.order = slots
                st.index = st.ids().index(cur) if cur else 0
                self._set_turn(st)
            self._log("initiative", f"Initiative {de(tok.name)} : {value:g}",
                      f"{tok.name}'s initiative: {value:g}", actor=token_id)

    def move_in_order(self, token_id: str, index: int) -> None:
        st = self.turn_state
        if token_id not in st.ids():
            raise EngineError(said("error.not_in_order", id=token_id))
        with self._command(said("step.reorder")):
            cur = st.current
            slot = st.order.pop(st.ids().index(token_id))
            st.order.insert(max(0, min(index, len(st.order))), slot)
            st.index = st.ids().index(cur) if cur else 0
            self._set_turn(st)

    def next_turn(self, forced: Iterable[int] = ()) -> str | None:
        """End the acting creature's turn and begin the next one; `forced` dice go to what
        happens by itself (death saves, dying creatures, re-rolled initiative)."""
        st = self.turn_state
        if not st.active:
            raise EngineError(said("error.not_started"))
        with self._command(said("step.next_turn")):
            self.dice.force(forced)
            self._end_turn(st.current or "")
            self._advance()
            self._begin_turn()
        return self.current_token_id

    def _advance(self) -> None:
        """The next creature in the order; past the last one, a new round begins."""
        st = self.turn_state
        st.index += 1
        if st.index >= len(st.order):
            self._end_round()
            st.index = 0
            st.round += 1
            st.reactions = {}
            self._set_turn(st)
            self._log("round", f"Round {st.round}", f"Round {st.round}")
            if st.surprise:
                st.surprise = False
                self._set_turn(st)
                self._end_surprise()
            if self.reroll_each_round:
                entries = self._roll(st.ids(), st.round)
                st.order = [InitiativeSlot(token=e.token, score=e.score, group=e.group)
                            for e in entries]
                self._set_turn(st)
                self._log_initiative(entries)
        self._set_turn(st)

    def _end_round(self) -> None:
        """What the system ends with the round (2bis: a fumble, 001 "Fumbles"), logged in the
        round that ends; only creatures with a condition can have one to end."""
        fighters = [self.combatant(t.id) for t in self.encounter.tokens if t.conditions]
        if fighters:
            self._apply_events(self.system.end_of_round(fighters, self.dice, self.options))

    def _end_surprise(self) -> None:
        """The surprise round is over: no one is surprised any more (hook of the surprise
        commands; plain turns have nothing to do)."""

    def _skip_reason(self, token_id: str) -> tuple[str, str] | None:
        """(French, English) why the creature does not act this turn, or None when it acts
        (overridden by the surprise commands)."""
        return None

    def delay(self, token_id: str) -> None:
        """The acting creature waits: it moves one place later and the next one acts."""
        st = self.turn_state
        if st.current != token_id:
            raise EngineError(said("error.delay_not_turn", current=st.current))
        if st.index >= len(st.order) - 1:
            raise EngineError(said("error.delay_last"))
        with self._command(said("step.delay", name=self.name_of(token_id))):
            slot = st.order.pop(st.index)
            st.order.insert(st.index + 1, slot)
            if token_id not in st.delayed:
                st.delayed.append(token_id)
            self._set_turn(st)
            name = self.name_of(token_id)
            self._log("turn", f"{name} retarde son action", f"{name} delays", actor=token_id)
            self._begin_turn()

    # -- the cycle -------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        st = self.turn_state
        cur = st.current
        if cur is None:
            return
        skip = self._skip_reason(cur)
        if skip is not None:
            name = self.name_of(cur)
            self._log("turn", f"{name} : {skip[0]}", f"{name}: {skip[1]}", actor=cur)
            self._advance()  # a new round ends the surprise, so this always stops
            self._begin_turn()
            return
        st.used, st.moved_m, st.stepped = {}, 0.0, False
        st.charging = [t for t in st.charging if t != cur]  # charge penalties last until now
        st.movement_left_m = self.base_budget(cur).movement_m if self.economy.free_movement else 0.0
        self._set_turn(st)
        name = self.name_of(cur)
        self._log("turn", f"Tour {de(name)} (round {st.round})", f"{name}'s turn (round {st.round})",
                  actor=cur)
        self._apply_events(self.system.start_of_turn(self.combatant(cur), self.dice, self.options))

    def _end_turn(self, token_id: str) -> None:
        if not any(t.id == token_id for t in self.encounter.tokens):
            return
        events = self.system.end_of_turn(self.combatant(token_id), self.dice, self.options)
        self._apply_events(events)
        self._tick_durations(token_id, {n for e in events for n in e.conditions_removed})

    def _tick_durations(self, token_id: str, removed: set[str]) -> None:
        """Timed conditions lose a round at the end of their creature's turn."""
        tok = self.token(token_id)
        kept = []
        for c in tok.conditions:
            if c.name in removed or (c.rounds_left is not None and c.rounds_left <= 1):
                continue
            kept.append(c if c.rounds_left is None else
                        c.model_copy(update={"rounds_left": c.rounds_left - 1}))
        if kept != tok.conditions:
            self._replace_token(token_id, conditions=kept)

    def _apply_events(self, events: list[TurnEvent]) -> None:
        for ev in events:
            # Removals first, then the HP change (which removes and adds its own): a 2024 death
            # save removes the old counter and adds the new one under the same name.
            if ev.conditions_removed:
                tok = self.token(ev.token)
                self._replace_token(ev.token, conditions=[
                    c for c in tok.conditions if c.name not in set(ev.conditions_removed)])
            if ev.hp is not None:
                self._apply_hp(ev.hp)
            name = self.name_of(ev.token)
            self._log("turn_event", f"{name} : {ev.what_fr or ev.what}", f"{name}: {ev.what}",
                      actor=ev.token,
                      details={"roll": ev.roll.model_dump(mode="json") if ev.roll else None,
                               "hp": [ev.hp.model_dump(mode="json")] if ev.hp else [],
                               "removed": ev.conditions_removed})
