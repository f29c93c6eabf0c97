"""Moving a token along a path: the command with its opportunity attacks resolved, skipped
or asked, and merging consecutive drags of one token (its preview is `queries.previews`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from battlemap.engine.commands import conditions as cond_cmds
from battlemap.engine.commands import provoke as oas
from battlemap.engine.commands import spending
from battlemap.engine.decision import Decision, OAChoice, OAMode, plan_of
from battlemap.engine.errors import Refused
from battlemap.engine.history import Step
from battlemap.engine.queries import previews
from battlemap.engine.results import MoveOutcome
from battlemap.engine.words import move_kind, said
from battlemap.text import Message, from_data, to_data

if TYPE_CHECKING:
    from battlemap.engine.state import State

MERGE_WINDOW_S = 1.0  # moves of one token closer than this are one drag (one undo step)


def _gain_move_conditions(state: State, token_id: str, kind: str) -> None:
    """The states a move leaves on its creature, as the system's `move_conditions(combatant,
    kind)` gives them (000: a charger's −2 AC until its next turn)."""
    for cond in state.system.move_conditions(state.combatant(token_id), kind):
        cond_cmds._set_condition(state, token_id, cond)


def move(state: State, token_id: str, squares: list[tuple[int, int]], kind: str = "normal",
         oa: OAMode = "ask",
         oa_choices: dict[str, OAChoice] | None = None, forced: Iterable[int] = (),
         gm_override: bool = False, merge_key: Any = None,
         decision: Decision | None = None) -> MoveOutcome | Decision:
    """`oa="ask"` (the default) returns a `Decision` when someone may make an opportunity
    attack: nothing moved; answer with `oa_choices` and `decision` (its path is reused)."""
    undeclared = previews._undeclared_kind(state, kind)
    if undeclared is not None:  # no GM override: the system has no such move to make
        raise Refused(said("refused.move_there", name=state.name_of(token_id),
                           reason=undeclared))
    if not squares:
        return MoveOutcome(token=token_id)
    args = (token_id, tuple(map(tuple, squares)), kind)
    plan = plan_of(decision, state, "move", args)
    path = previews._plan(state, token_id, squares, kind) if plan is None else plan
    if not gm_override:
        if kind != "step" or path.legal:  # a step's own length rule speaks first
            spending._pay_move(state, state.turn_state, token_id, path.cost_m, kind, False)  # dry run
        if not path.legal:
            raise Refused(said("refused.move_there", name=state.name_of(token_id),
                               reason=path.reason))
    provokes = oas._eligible(state, path.provokes)
    chosen = oas._choose(state, provokes, oa, oa_choices)
    if chosen is None:
        return oas.ask_first(state, "move", token_id, said("what.move"), provokes, path, args)
    resolving = [p for p in provokes if chosen[p.by] == "resolve"]
    start = state.token(token_id)
    out = MoveOutcome(token=token_id, provokes=provokes, cost_m=path.cost_m)
    label = said("step.move", name=start.name)
    prev = state.history.undo_stack[-1] if state.history.undo_stack else None
    with state.command(label, move=token_id, oas=bool(resolving), key=merge_key,
                       at=state.clock(), override=gm_override, kind=kind):
        st = state.turn_state
        why = spending._pay_move(state, st, token_id, path.cost_m, kind, gm_override)
        if not path.legal:
            why = "; ".join(x for x in (why, path.reason) if x)
        state.set_turn(st)
        if st.current == token_id:  # before its opportunity attacks: they meet its AC
            _gain_move_conditions(state, token_id, kind)
        state.dice.force(forced)
        oas._resolve_oas(state, token_id, resolving, chosen, out, out.hp_changes, place=True)
        end = tuple(squares[-1])
        if out.stopped_early:  # it went down on the square it was leaving
            tok = state.token(token_id)
            end = (int(tok.col), int(tok.row))
        state.replace_token(token_id, col=end[0], row=end[1])
        state.check_placement(moved=token_id)  # even a GM override keeps the file loadable
        out.moved_to = (float(end[0]), float(end[1]))
        out.override = bool(why)
        out.log_id = _log_move(state, token_id, start.col, start.row, squares, path, kind,
                                    chosen, out, why)
    if prev is not None and not resolving:
        _maybe_merge(state, prev, token_id, merge_key)
    return out


def _log_move(state: State, token_id: str, col: float, row: float, squares: list[tuple[int, int]],
              path: Any, kind: str, chosen: Mapping[str, str], out: MoveOutcome,
              why: str) -> int:
    name = state.name_of(token_id)
    to = out.moved_to or (col, row)
    stop = said("log.move_stopped") if out.stopped_early else ""
    over: str = said("log.gm_override") if why else ""
    if kind != "normal":  # the kind decides what provokes and what it costs: say it
        over = said("log.move_kind", kind=move_kind(state.system, kind), over=over)
    return state.write_log(
        "move", _move_line(name, (col, row), to, path.cost_m, stop, over),
        actor=token_id, targets=sorted(chosen),
        details={"from": [col, row], "squares": [list(s) for s in squares], "kind": kind,
                 "cost_m": path.cost_m, "opportunity": chosen, "override": why or None})


def _maybe_merge(state: State, prev: Step, token_id: str, key: Any) -> None:
    """Fold this move into the previous step when both are plain moves of one drag."""
    stack = state.history.undo_stack
    if len(stack) < 2 or stack[-2] is not prev:
        return
    new = stack[-1]
    pm, nm = prev.meta, new.meta
    if pm.get("move") != token_id or nm.get("move") != token_id or pm.get("oas"):
        return
    if pm.get("override") or nm.get("override"):
        return  # an override stays its own, visible entry
    if pm.get("kind", "normal") != "normal" or nm.get("kind", "normal") != "normal":
        return  # a step, a withdraw, a charge or a run is its own move, as the rules count
    same_drag = (key is not None and pm.get("key") == key) or (
        key is None and pm.get("key") is None and nm["at"] - pm["at"] <= MERGE_WINDOW_S)
    if not same_drag:
        return
    merged = _combine_logs(prev.log_added + new.log_added)
    del state.encounter.log[prev.log_before:]
    state.encounter.log.extend(merged)
    stack[-2:] = [Step(
        label=prev.label,
        before={**new.before, **prev.before}, after={**prev.after, **new.after},
        log_before=prev.log_before, log_added=merged, dice_before=prev.dice_before,
        dice_after=new.dice_after, meta={**nm, "at": nm["at"]})]


def _combine_logs(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Two move entries of one drag become one entry from the first start to the last end."""
    moves = [e for e in entries if e.get("kind") == "move"]
    if len(moves) != 2 or len(entries) != 2:
        return entries
    a, b = moves
    da, db = a["details"], b["details"]
    cost = da["cost_m"] + db["cost_m"]
    frm = da["from"]
    to = db["squares"][-1]
    first = from_data(a["summary"])
    name = first.params.get("name", "") if hasattr(first, "params") else ""
    return [{**a, "summary": to_data(_move_line(name, frm, to, cost)),
             "details": {**da, "squares": da["squares"] + db["squares"], "cost_m": cost}}]


def _move_line(name: str, frm: Any, to: Any, cost_m: float, stop: str = "", over: str = ""
               ) -> Message:
    """« Goule se déplace de (1, 2) à (3, 2), 4,5 m »: the squares as the file writes them."""
    return said("log.move", name=name, col=f"{frm[0]:g}", row=f"{frm[1]:g}", tc=f"{to[0]:g}",
                tr=f"{to[1]:g}", cost=float(cost_m), stop=stop, over=over)
