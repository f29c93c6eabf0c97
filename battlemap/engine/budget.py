"""Per-turn action budgets: what is left, spending it, refusal or GM override (logged)."""

from __future__ import annotations

from typing import Any

from battlemap.engine.economy import MOVE_KINDS, Economy, first_free
from battlemap.engine.errors import EngineError, Refused
from battlemap.engine.geo_bridge import GeometryAccess
from battlemap.engine.turn_state import TurnState
from battlemap.engine.words import either, move_kind, said
from battlemap.rules.core.combat import TurnBudget


class BudgetMixin(GeometryAccess):
    @property
    def economy(self) -> Economy:
        return self.system.economy

    def base_budget(self, token_id: str) -> TurnBudget:
        """The system's full budget for this creature (conditions included)."""
        speed = float(getattr(self.stats(token_id), "speed_m", None) or self.token(token_id).speed_m)
        try:
            return self.system.turn_budget(self.combatant(token_id), self.options)
        except (AttributeError, NotImplementedError):
            return TurnBudget(slots=dict(self.economy.default_slots), movement_m=speed)

    def speed_m(self, token_id: str) -> float:
        return float(self._base_budget_seen(token_id).movement_m)

    def _base_budget_seen(self, token_id: str) -> TurnBudget:
        """`base_budget`, remembered while the token, the options, the turn and the system
        are the same objects (commands replace them when they change): a drag preview asks
        at every square. Shared: read it, never change it."""
        memo = self.__dict__.setdefault("_base_budget_memo", {})
        ask = (self.token(token_id), self.encounter.options, self.encounter.turn, self.system)
        hit = memo.get(token_id)
        if hit is None or any(a is not b for a, b in zip(hit[0], ask, strict=True)):
            hit = memo[token_id] = (ask, self.base_budget(token_id))
        return hit[1]  # type: ignore[no-any-return]

    def budget(self, token_id: str) -> TurnBudget:
        """What is left: the acting creature's spent slots and movement are taken off; every
        other creature shows its reactions left this round."""
        base = self._base_budget_seen(token_id)
        st = self._turn_view()
        slots = dict(base.slots)
        notes = list(base.notes)
        if st.active and st.current == token_id:
            for name, n in st.used.items():
                if name in slots:
                    slots[name] = max(0, slots[name] - n)
            movement = st.movement_left_m
            if not self.economy.free_movement and not st.stepped:
                movement += base.movement_m * sum(slots.get(s, 0) for s in self.economy.move)
            if st.stepped:
                notes.append("1.5 m step taken: no other movement this turn")
        else:
            movement = base.movement_m * (1 if self.economy.free_movement else
                                          max(1, sum(slots.get(s, 0) for s in self.economy.move)))
        reaction = self.economy.reaction
        if reaction and reaction in slots:
            slots[reaction] = max(0, slots[reaction] - st.reactions.get(token_id, 0))
        return TurnBudget(slots=slots, movement_m=movement, notes=notes)

    def manoeuvre_cost(self, name: str, attacker_id: str,
                       options: dict[str, Any] | None = None) -> tuple[tuple[str, ...], ...]:
        """The slots a manoeuvre spends: each inner tuple is one payment and the slots that
        may make it. The system says so with `manoeuvre_cost(name, actor, options)` (2bis:
        full actions take the round, releases are free); None: one attack / standard action."""
        cost = self.system.manoeuvre_cost(name, self.combatant(attacker_id), options or {})
        return (self.economy.attack,) if cost is None else tuple(tuple(g) for g in cost)

    def _charge_blow(self, st: TurnState, attacker_id: str, full_attack: bool) -> bool:
        """Mark the attack that ends a charge as made (its bonus is spent); True when the
        charge already paid for it (3.5: a whole-turn charge includes one attack)."""
        if not st.charge_blow_pending(attacker_id):
            return False
        st.charge_blow_used = True
        return not full_attack and self.economy.charge_bonus_m is None

    def spend(self, token_id: str, slot: str, gm_override: bool = False) -> TurnBudget:
        """Spend one slot of the acting creature's turn (a UI button: "bonus action"…)."""
        base = self.base_budget(token_id)
        if slot not in base.slots:
            raise EngineError(said("error.not_slot", slot=slot, known=", ".join(base.slots)))
        with self._command(said("step.spend", slot=slot)):
            st = self.turn_state
            override = self._take(st, token_id, base, (slot,), gm_override,
                                  said("what.spend", slot=slot))
            self._set_turn(st)
            name = self.name_of(token_id)
            self._log("override" if override else "spend",
                      f"{name} utilise : {slot}" + (" (décision du MJ)" if override else ""),
                      f"{name} uses: {slot}" + (" (GM override)" if override else ""),
                      actor=token_id, details={"slot": slot, "override": override or None})
        return self.budget(token_id)

    def _take(self, st: TurnState, token_id: str, base: TurnBudget, candidates: tuple[str, ...],
              gm_override: bool, what: str) -> str:
        """Spend the first free candidate slot. Returns "" when paid normally, or the reason
        that was overridden. Raises Refused when none is left and no override."""
        if not (st.active and st.current == token_id):
            return ""  # out of turn (GM rulings, readied actions): no budget to check
        slot = first_free(base.slots, st.used, candidates)
        if slot is not None:
            self._use(st, base, slot)
            return ""
        known = [c for c in candidates if c in base.slots] or list(candidates)
        reason = said("refused.no_slot", name=self.name_of(token_id), slots=either(known),
                      what=what)
        if not gm_override:
            raise Refused(reason)
        if candidates:
            st.used[candidates[0]] = st.used.get(candidates[0], 0) + 1
        return reason

    def _use(self, st: TurnState, base: TurnBudget, slot: str) -> None:
        """Spend a slot; a 3.5 full-round action and the standard/move actions exclude each
        other (000 "Actions")."""
        st.used[slot] = st.used.get(slot, 0) + 1
        whole = self.economy.whole_turn
        if whole is None or whole not in base.slots:
            return
        if slot == whole:
            for s in (*self.economy.attack, *self.economy.move):
                if s in base.slots:
                    st.used[s] = max(st.used.get(s, 0), base.slots[s])
        elif slot in (*self.economy.attack, *self.economy.move):
            st.used[whole] = max(st.used.get(whole, 0), base.slots[whole])

    def _pay_move(self, st: TurnState, token_id: str, cost_m: float, kind: str,
                  gm_override: bool) -> str:
        """Pay a move's cost from the turn budget; returns the overridden reason or ""."""
        if not (st.active and st.current == token_id):
            return ""
        base = self.base_budget(token_id)
        econ = self.economy
        speed = base.movement_m
        mult, whole_turn = MOVE_KINDS.get(kind, (1.0, False))
        if kind == "run":
            mult = float(self.policy.run_multiplier)
        problem = ""
        move_charge = kind == "charge" and econ.charge_bonus_m is not None
        if kind == "step":
            slot = first_free(base.slots, st.used, econ.step) if econ.step else None
            if slot is None or st.moved_m > 0 or cost_m > 1.5 + 1e-6:
                problem = said("problem.step_only", kind=move_kind(self.system, "step"))
            else:
                st.used[slot] = st.used.get(slot, 0) + 1
                st.stepped = True
        elif st.stepped:
            problem = said("problem.after_step", kind=move_kind(self.system, "step"))
        elif econ.free_movement:
            if kind in ("withdraw", "run"):  # 2024 Disengage / Dash: the action
                if first_free(base.slots, st.used, econ.attack) is None:
                    problem = said("problem.needs_action", kind=move_kind(self.system, kind))
                else:
                    st.used[econ.attack[0]] = st.used.get(econ.attack[0], 0) + 1
                    if kind == "run":
                        st.movement_left_m += speed
            elif kind == "charge":
                problem = said("problem.no_charge")
        elif move_charge:
            # 2bis: the move action plus 10', the combat action kept for the blow.
            move = first_free(base.slots, st.used, econ.move[:1])
            if move is None or st.moved_m > 0 or first_free(base.slots, st.used,
                                                            econ.attack) is None:
                problem = said("problem.charge_slots", kind=move_kind(self.system, kind))
            else:
                self._use(st, base, move)
                st.movement_left_m = speed + float(econ.charge_bonus_m or 0.0)
        elif whole_turn:
            spent = [s for s in (*econ.attack, *econ.move) if st.used.get(s, 0)]
            if spent or st.moved_m > 0:
                problem = said("problem.whole_turn", kind=move_kind(self.system, kind))
            else:
                for s in (*econ.attack, *econ.move, *((econ.whole_turn,) if econ.whole_turn
                                                       else ())):
                    if s in base.slots:
                        st.used[s] = base.slots[s]
                st.movement_left_m = speed * mult
        if not problem and move_charge and st.movement_left_m + 1e-6 < cost_m:
            problem = said("problem.too_far", cost=float(cost_m), left=float(st.movement_left_m))
        if not problem and kind != "step" and not move_charge:
            while st.movement_left_m + 1e-6 < cost_m:
                slot = first_free(base.slots, st.used, econ.move)
                if slot is None:
                    problem = said("problem.too_far", cost=float(cost_m),
                                   left=float(st.movement_left_m))
                    break
                self._use(st, base, slot)
                st.movement_left_m += speed
        if problem and not gm_override:
            raise Refused(said("refused.move", name=self.name_of(token_id), problem=problem))
        st.movement_left_m = max(0.0, st.movement_left_m - cost_m)
        st.moved_m += cost_m
        if kind == "charge":
            self._start_charge_blow(st, token_id)
            st.movement_left_m = 0.0  # the charge ends at its target
        return problem

    @staticmethod
    def _start_charge_blow(st: TurnState, token_id: str) -> None:
        """The creature's next attack this turn is its charge's blow (`charge_blow_pending`),
        whether the charge was dragged or declared as a manoeuvre; a charge declared again
        gives no second blow."""
        if token_id in st.charging:
            return
        st.charging.append(token_id)
        st.charge_blow_used = False
