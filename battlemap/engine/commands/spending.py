"""Spending the acting creature's turn: a slot by hand, the slots an attack or a manoeuvre
pays, a move's cost by its kind (step, withdraw, charge, run), refusal or GM override."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlemap.engine.errors import EngineError, Refused
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry as geom
from battlemap.engine.turn_state import TurnState
from battlemap.engine.words import either, move_kind, said
from battlemap.rules.core.combat import TurnBudget
from battlemap.rules.core.economy import MOVE_KINDS, first_free

if TYPE_CHECKING:
    from battlemap.engine.state import State


def _charge_blow(state: State, st: TurnState, attacker_id: str, full_attack: bool) -> bool:
    """Mark the attack that ends a charge as made (its bonus is spent); True when the
    charge already paid for it (3.5: a whole-turn charge includes one attack)."""
    if not st.charge_blow_pending(attacker_id):
        return False
    st.charge_blow_used = True
    return not full_attack and budgets.economy(state).charge_bonus_m is None


def spend(state: State, token_id: str, slot: str, gm_override: bool = False) -> TurnBudget:
    """Spend one slot of the acting creature's turn (a UI button: "bonus action"…)."""
    base = budgets.base_budget(state, token_id)
    if slot not in base.slots:
        raise EngineError(said("error.not_slot", slot=slot, known=", ".join(base.slots)))
    with state.command(said("step.spend", slot=slot)):
        st = state.turn_state
        override = _take(state, st, token_id, base, (slot,), gm_override,
                              said("what.spend", slot=slot))
        state.set_turn(st)
        name = state.name_of(token_id)
        state.write_log("override" if override else "spend",
                  said("log.spend", name=name, slot=slot,
                       over=said("log.gm_override") if override else ""),
                  actor=token_id, details={"slot": slot, "override": override or None})
    return budgets.budget(state, token_id)


def _take(state: State, st: TurnState, token_id: str, base: TurnBudget, candidates: tuple[str, ...],
          gm_override: bool, what: str) -> str:
    """Spend the first free candidate slot. Returns "" when paid normally, or the reason
    that was overridden. Raises Refused when none is left and no override."""
    if not (st.active and st.current == token_id):
        return ""  # out of turn (GM rulings, readied actions): no budget to check
    slot = first_free(base.slots, st.used, candidates)
    if slot is not None:
        _use(state, st, base, slot)
        return ""
    known = [c for c in candidates if c in base.slots] or list(candidates)
    reason = said("refused.no_slot", name=state.name_of(token_id), slots=either(known),
                  what=what)
    if not gm_override:
        raise Refused(reason)
    if candidates:
        st.used[candidates[0]] = st.used.get(candidates[0], 0) + 1
    return reason


def _use(state: State, st: TurnState, base: TurnBudget, slot: str) -> None:
    """Spend a slot; a 3.5 full-round action and the standard/move actions exclude each
    other (000 "Actions")."""
    st.used[slot] = st.used.get(slot, 0) + 1
    whole = budgets.economy(state).whole_turn
    if whole is None or whole not in base.slots:
        return
    if slot == whole:
        for s in (*budgets.economy(state).attack, *budgets.economy(state).move):
            if s in base.slots:
                st.used[s] = max(st.used.get(s, 0), base.slots[s])
    elif slot in (*budgets.economy(state).attack, *budgets.economy(state).move):
        st.used[whole] = max(st.used.get(whole, 0), base.slots[whole])


def _pay_move(state: State, st: TurnState, token_id: str, cost_m: float, kind: str,
              gm_override: bool) -> str:
    """Pay a move's cost from the turn budget; returns the overridden reason or ""."""
    if not (st.active and st.current == token_id):
        return ""
    base = budgets.base_budget(state, token_id)
    econ = budgets.economy(state)
    speed = base.movement_m
    mult, whole_turn = MOVE_KINDS.get(kind, (1.0, False))
    if kind == "run":
        mult = float(geom.policy(state).run_multiplier)
    problem = ""
    move_charge = kind == "charge" and econ.charge_bonus_m is not None
    if kind == "step":
        slot = first_free(base.slots, st.used, econ.step) if econ.step else None
        if slot is None or st.moved_m > 0 or cost_m > 1.5 + 1e-6:
            problem = said("problem.step_only", kind=move_kind(state.system, "step"))
        else:
            st.used[slot] = st.used.get(slot, 0) + 1
            st.stepped = True
    elif st.stepped:
        problem = said("problem.after_step", kind=move_kind(state.system, "step"))
    elif econ.free_movement:
        if kind in ("withdraw", "run"):  # 2024 Disengage / Dash: the action
            if first_free(base.slots, st.used, econ.attack) is None:
                problem = said("problem.needs_action", kind=move_kind(state.system, kind))
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
            problem = said("problem.charge_slots", kind=move_kind(state.system, kind))
        else:
            _use(state, st, base, move)
            st.movement_left_m = speed + float(econ.charge_bonus_m or 0.0)
    elif whole_turn:
        spent = [s for s in (*econ.attack, *econ.move) if st.used.get(s, 0)]
        if spent or st.moved_m > 0:
            problem = said("problem.whole_turn", kind=move_kind(state.system, kind))
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
            _use(state, st, base, slot)
            st.movement_left_m += speed
    if problem and not gm_override:
        raise Refused(said("refused.move", name=state.name_of(token_id), problem=problem))
    st.movement_left_m = max(0.0, st.movement_left_m - cost_m)
    st.moved_m += cost_m
    if kind == "charge":
        _start_charge_blow(st, token_id)
        st.movement_left_m = 0.0  # the charge ends at its target
    return problem


def _start_charge_blow(st: TurnState, token_id: str) -> None:
    """The creature's next attack this turn is its charge's blow (`charge_blow_pending`),
    whether the charge was dragged or declared as a manoeuvre; a charge declared again
    gives no second blow."""
    if token_id in st.charging:
        return
    st.charging.append(token_id)
    st.charge_blow_used = False
