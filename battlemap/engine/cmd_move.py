"""Moving a token along a path: preview (cost, legality, opportunity attacks), the command
with OAs resolved / skipped / asked, and merging consecutive drags of one token."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from battlemap.engine.cmd_combat import CombatCommands
from battlemap.engine.economy import MOVE_KINDS
from battlemap.engine.errors import Refused
from battlemap.engine.history import Step
from battlemap.engine.provoke import OAChoice, OAMode
from battlemap.engine.results import MoveOutcome, MovePreview
from battlemap.engine.words import move_kind, said
from battlemap.model.words import Said, number

MERGE_WINDOW_S = 1.0  # moves of one token closer than this are one drag (one undo step)
NO_LIMIT_M = 1e6


class MoveCommands(CombatCommands):
    def _plan(self, token_id: str, squares: list[tuple[int, int]], kind: str,
              geo: Any = None) -> Any:
        from battlemap.geometry import plan_path

        path = plan_path(geo if geo is not None else self.geo, token_id,
                         [(int(c), int(r)) for c, r in squares], self.policy, move_kind=kind,  # type: ignore[arg-type]
                         speed_m=self._speed_limit(token_id, kind), reach_of=self.threat_reach_m,
                         can_threaten=self.can_threaten,
                         moves_within_provoke=self.moves_within_provoke)
        barred = self._undeclared_kind(kind) or self._barred_move(token_id, kind)
        if barred and path.legal:
            path = path.model_copy(update={"legal": False, "reason": barred,
                                           "reason_fr": barred.fr})
        return path

    def _undeclared_kind(self, kind: str) -> Said | None:
        """Why the system has no move of this kind (RuleSystem.move_kinds), naming its seed."""
        from battlemap.rules.core.system import undeclared_move_kind

        why = undeclared_move_kind(self.system, kind)
        return Said(*why) if why else None

    def _barred_move(self, token_id: str, kind: str) -> Said | None:
        """Why the creature's condition forbids this kind of move, if the system says so with
        an optional `move_barred_by(combatant, kind)` giving the condition (breche35: a
        fatigued creature "ne peut ni courir ni charger", 000 "États")."""
        hook = getattr(self.system, "move_barred_by", None)
        cid = hook(self.combatant(token_id), kind) if callable(hook) else None
        if not cid:
            return None
        info = self.system.conditions().get(cid)
        label = Said(info.label_en, info.label_fr) if info else Said(cid)
        return said("problem.barred_by", kind=move_kind(self.system, kind), condition=label)

    def _gain_move_conditions(self, token_id: str, kind: str) -> None:
        """The states a move leaves on its creature, if the system says so with an optional
        `move_conditions(combatant, kind)` (breche35: a charger's −2 AC until its next turn)."""
        hook = getattr(self.system, "move_conditions", None)
        for cond in hook(self.combatant(token_id), kind) if callable(hook) else ():
            self._set_condition(token_id, cond)

    def _speed_limit(self, token_id: str, kind: str) -> float:
        """The speed geometry checks the path against: out of its turn a creature is placed
        by the GM (no limit); in its turn a normal move may use all the movement left
        (a 3.5 double move is one drag); other kinds are the speed × their multiplier."""
        if self._turn_view().current != token_id:
            return NO_LIMIT_M
        if kind == "normal":
            return self.budget(token_id).movement_m
        return self.speed_m(token_id)

    def preview_move(self, token_id: str, squares: list[tuple[int, int]],
                     kind: str = "normal") -> MovePreview:
        path = self._plan(token_id, squares, kind)
        speed = self.speed_m(token_id)
        in_turn = self._turn_view().current == token_id
        budget = self.budget(token_id) if in_turn else None
        mult = MOVE_KINDS.get(kind, (1.0, False))[0]
        if budget is not None and kind == "normal":
            allowance = budget.movement_m
        elif kind == "charge" and self.economy.charge_bonus_m is not None:
            allowance = speed + self.economy.charge_bonus_m  # 2bis: the move action + 10'
        else:
            allowance = 1.5 if kind == "step" else speed * mult
        legal = bool(path.legal)
        reason = Said(str(path.reason), getattr(path, "reason_fr", "") or str(path.reason))
        if legal and in_turn and path.cost_m > allowance + 1e-6:
            legal, reason = False, _said_once("preview.over_budget", cost=float(path.cost_m),
                                              left=float(allowance))
        said_lines = [_said_once("preview.cost", cost=float(path.cost_m),
                                 allow=float(allowance))]
        provokes = self._eligible(path.provokes)
        said_lines += [_said_once("preview.oa", name=self.name_of(p.by), at=tuple(p.at))
                       for p in provokes]
        if reason:
            said_lines.append(reason)
        return MovePreview(token=token_id, kind=kind, path=path, speed_m=speed,
                           allowance_m=allowance, budget=budget, legal=legal, reason=reason,
                           explanation=[str(x) for x in said_lines], reason_fr=reason.fr,
                           explanation_fr=[x.fr for x in said_lines], provokes=provokes)

    def move(self, token_id: str, squares: list[tuple[int, int]], kind: str = "normal",
             oa: OAMode = "ask",
             oa_choices: dict[str, OAChoice] | None = None, forced: Iterable[int] = (),
             gm_override: bool = False, merge_key: Any = None) -> MoveOutcome:
        undeclared = self._undeclared_kind(kind)
        if undeclared is not None:  # no GM override: the system has no such move to make
            raise Refused(said("refused.move_there", name=self.name_of(token_id),
                               reason=undeclared))
        if not squares:
            return MoveOutcome(token=token_id)
        path = self._plan(token_id, squares, kind)
        if not gm_override:
            if kind != "step" or path.legal:  # a step's own length rule speaks first
                self._pay_move(self.turn_state, token_id, path.cost_m, kind, False)  # dry run
            if not path.legal:
                raise Refused(said("refused.move_there", name=self.name_of(token_id),
                                   reason=Said(str(path.reason),
                                               getattr(path, "reason_fr", "") or path.reason)))
        provokes = self._eligible(path.provokes)
        chosen = self._choose(provokes, oa, oa_choices)
        if chosen is None:
            return MoveOutcome(token=token_id, needs_decision=True, provokes=provokes,
                               cost_m=path.cost_m)
        resolving = [p for p in provokes if chosen[p.by] == "resolve"]
        start = self.token(token_id)
        out = MoveOutcome(token=token_id, provokes=provokes, cost_m=path.cost_m)
        label = said("step.move", name=start.name)
        prev = self.history.undo_stack[-1] if self.history.undo_stack else None
        with self._command(label, move=token_id, oas=bool(resolving), key=merge_key,
                           at=self.clock(), override=gm_override, kind=kind):
            st = self.turn_state
            why = self._pay_move(st, token_id, path.cost_m, kind, gm_override)
            if not path.legal:
                why = "; ".join(x for x in (why, path.reason) if x)
            self._set_turn(st)
            if st.current == token_id:  # before its opportunity attacks: they meet its AC
                self._gain_move_conditions(token_id, kind)
            self.dice.force(forced)
            self._resolve_oas(token_id, resolving, chosen, out, out.hp_changes, place=True)
            end = tuple(squares[-1])
            if out.stopped_early:  # it went down on the square it was leaving
                tok = self.token(token_id)
                end = (int(tok.col), int(tok.row))
            self._replace_token(token_id, col=end[0], row=end[1])
            self._check_placement()  # even a GM override keeps the file loadable
            out.moved_to = (float(end[0]), float(end[1]))
            out.override = bool(why)
            out.log_id = self._log_move(token_id, start.col, start.row, squares, path, kind,
                                        chosen, out, why)
        if prev is not None and not resolving:
            self._maybe_merge(prev, token_id, merge_key)
        return out

    def _log_move(self, token_id: str, col: float, row: float, squares: list[tuple[int, int]],
                  path: Any, kind: str, chosen: Mapping[str, str], out: MoveOutcome,
                  why: str) -> int:
        name = self.name_of(token_id)
        to = out.moved_to or (col, row)
        stop_fr = " (arrêté par une attaque d'opportunité)" if out.stopped_early else ""
        stop_en = " (stopped by an opportunity attack)" if out.stopped_early else ""
        over_fr = " (décision du MJ)" if why else ""
        over_en = " (GM override)" if why else ""
        if kind != "normal":  # the kind decides what provokes and what it costs: say it
            fr, en = (self.system.move_kind_label(kind, la) for la in ("fr", "en"))
            over_fr, over_en = f" ({fr}){over_fr}", f" ({en}){over_en}"
        return self._log(
            "move",
            f"{name} se déplace de ({col:g}, {row:g}) à ({to[0]:g}, {to[1]:g}), "
            f"{number(path.cost_m, 'fr')} m{stop_fr}{over_fr}",
            f"{name} moves from ({col:g}, {row:g}) to ({to[0]:g}, {to[1]:g}), "
            f"{path.cost_m:g} m{stop_en}{over_en}",
            actor=token_id, targets=sorted(chosen),
            details={"from": [col, row], "squares": [list(s) for s in squares], "kind": kind,
                     "cost_m": path.cost_m, "opportunity": chosen, "override": why or None})

    def _maybe_merge(self, prev: Step, token_id: str, key: Any) -> None:
        """Fold this move into the previous step when both are plain moves of one drag."""
        stack = self.history.undo_stack
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
        del self.encounter.log[prev.log_before:]
        self.encounter.log.extend(merged)
        stack[-2:] = [Step(
            label=prev.label,
            before={**new.before, **prev.before}, after={**prev.after, **new.after},
            log_before=prev.log_before, log_added=merged, dice_before=prev.dice_before,
            dice_after=new.dice_after, meta={**nm, "at": nm["at"]})]


_SAID: dict[tuple[Any, ...], Said] = {}


def _said_once(key: str, **params: Any) -> Said:
    """`said(...)`, remembered: a drag preview writes the same lines at every square. The
    values' types are part of the key (1 and 1.0 are written differently)."""
    ask = (key, *((k, type(v), v) for k, v in params.items()))
    hit = _SAID.get(ask)
    if hit is None:
        if len(_SAID) >= 4096:
            _SAID.clear()  # stay bounded over a long session
        hit = _SAID[ask] = said(key, **params)
    return hit


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
    first_fr = a["summary_fr"].split(" se déplace")[0]
    first_en = a["summary_en"].split(" moves")[0]
    return [{**a, "summary_fr": f"{first_fr} se déplace de ({frm[0]:g}, {frm[1]:g}) à "
                                f"({to[0]:g}, {to[1]:g}), {number(cost, 'fr')} m",
             "summary_en": f"{first_en} moves from ({frm[0]:g}, {frm[1]:g}) to "
                           f"({to[0]:g}, {to[1]:g}), {cost:g} m",
             "details": {**da, "squares": da["squares"] + db["squares"], "cost_m": cost}}]
