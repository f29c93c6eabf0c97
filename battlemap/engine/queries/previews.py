"""What a command would do, asked before it runs: an attack's or a manoeuvre's modifiers and
target number, a path's cost, legality and opportunity attacks, an area's squares. Nothing
is changed and our dice are never rolled (scratch dice give the rules' numbers); attack
previews are remembered per history marker (`Caches.previews`).

Also the checks a move command shares with its preview: the planned path, the kinds a
system has no move of, what a condition bars."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from battlemap.engine import situations as sits
from battlemap.engine.commands import provoke as oas
from battlemap.engine.errors import EngineError
from battlemap.engine.queries import budget as budgets
from battlemap.engine.queries import geometry as geom
from battlemap.engine.results import AttackPreview, MovePreview
from battlemap.engine.words import condition_word, move_kind, said
from battlemap.model import AreaTemplate
from battlemap.rules.core.choices import AttackChoice, check_choices
from battlemap.rules.core.combat import AttackRequest, ManoeuvreRequest, ManoeuvreResult, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.economy import MOVE_KINDS
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import Message

if TYPE_CHECKING:
    from battlemap.engine.state import State


def preview_attack(state: State, attacker_id: str, target_id: str, weapon: str | None = None,
                   kind: str | None = None, extra: Iterable[Modifier] = (),
                   disabled: Iterable[str] = (),
                   options: dict[str, Any] | None = None,
                   advantage: str | None = None) -> AttackPreview:
    """Remembered per state (`Caches.previews`): a hover repeated on every mouse move costs
    nothing until a command changes the encounter. Treat the answer as read-only.
    `options`: the per-attack choices (`attack_choices`), as for `attack`; `advantage` the
    GM's advantage or disadvantage."""
    extra, disabled = list(extra), list(disabled)
    chosen = _chosen(state, attacker_id, target_id, weapon, options)
    key = ("attack", state.history.marker, attacker_id, target_id, weapon, kind,
           tuple(m.model_dump_json() for m in extra), tuple(disabled),
           tuple(sorted(chosen.items())), advantage)

    def compute() -> AttackPreview:
        found = sits.situation(state, attacker_id, target_id, weapon, kind, extra, disabled,
                               advantage=advantage)
        return _preview(state, attacker_id, target_id, weapon, *found, options=chosen)

    return state.caches.previews.get(key, compute)


def preview_attacks(state: State, attacker_id: str, target_ids: list[str] | None = None,
                    weapon: str | None = None, kind: str | None = None
                    ) -> list[AttackPreview]:
    """Previews against several targets (default: every creature of another side), their
    cover measured in one batch: "who can I hit from here" while dragging."""
    me = state.token(attacker_id)
    ids = target_ids if target_ids is not None else [
        t.id for t in state.encounter.tokens if t.side != me.side]
    w = sits.find_weapon(state, attacker_id, weapon)
    melee = (kind or ("melee" if w is None else w.kind)).startswith("melee")
    covers = sits.covers(state, attacker_id, ids, melee)
    return [_preview(state, attacker_id, tid, weapon,
                          *sits.situation(state, attacker_id, tid, weapon, kind, cov=cov))
            for tid, cov in zip(ids, covers, strict=True)]


def _preview(state: State, attacker_id: str, target_id: str, weapon: str | None, sit: Situation,
             cov: Any, flank: Any, options: dict[str, Any] | None = None) -> AttackPreview:
    w = sits.find_weapon(state, attacker_id, weapon)
    # The rules give modifiers and the target number; scratch dice keep ours untouched.
    res = state.system.resolve_attack(
        _request(state, attacker_id, target_id, w, sit, options=options), Dice(0), state.options)
    first = res.attacks[0] if res.attacks else None
    legal, reason = True, ""
    if not sit.in_reach:
        legal, reason = False, sits.reach_said(state, "preview", attacker_id, target_id, w,
                                               sit.distance_m)
    elif sit.cover == "total":
        # In the system's own words ("abri total", "couverture totale").
        from battlemap.geometry.words import cover_name

        legal, reason = False, said("preview.total_cover",
                                    total=cover_name("total", geom.policy(state)))
    lines = [x for x in (cov.explanation, getattr(flank, "explanation", "")) if x]
    return AttackPreview(
        attacker=attacker_id, target=target_id, weapon=getattr(w, "name", "") or "",
        kind=sit.kind, situation=sit, cover=cov, flanking=flank,
        modifiers=first.modifiers if first else [], dropped=first.dropped if first else [],
        target_number=first.target_number if first else 0,
        target_label=first.target_label if first else "",
        advantage=first.advantage if first else "normal",
        advantage_why=first.advantage_why if first else "",
        legal=legal, reason=reason, explanation=lines)


def reaching_weapon(state: State, attacker_id: str, target_id: str
                    ) -> tuple[str | None, Message | str]:
    """The attacker's first weapon that can reach the target (a ranged one always can, its
    range increments are the attack's; a melee one when the target stands on a square it
    threatens, as the attack checks it), so the attack panel does not open on a melee
    weapon it cannot roll; none: why, the distance and each weapon's reason."""
    weapons = list(getattr(state.stats(attacker_id), "weapons", []) or [])
    att, tgt = state.token(attacker_id), state.token(target_id)
    dist = sits.gap_m(state, att, tgt)
    reasons = []
    for w in weapons:
        why = "" if not w.kind.startswith("melee") else sits.melee_reach_problem(
            state, att, tgt, w)
        if not why:
            return w.name, ""
        if why == sits.CLOSE:
            reasons.append(said("reach.weapon_too_close", name=w.name,
                                source=state.system.reach_weapon_source))
        elif why == sits.WALL:
            reasons.append(said("reach.weapon_wall", name=w.name))
        else:
            reach = geom.weapon_reach(state, att, w)
            reasons.append(said("reach.weapon", name=w.name, m=float(reach.longest_m)))
    if not weapons:
        return None, ""
    return None, said("reach.none", a=state.name_of(attacker_id), t=state.name_of(target_id),
                      d=float(dist), weapons=said("text.commas", parts=reasons))


def attack_choices(state: State, attacker_id: str, target_id: str,
                   weapon: str | None = None) -> list[AttackChoice]:
    """The per-attack choices the system offers here (a second weapon, finishing off…),
    for the attack panel and the CLI to ask."""
    w = sits.find_weapon(state, attacker_id, weapon)
    return state.system.attack_choices(state.combatant(attacker_id), state.combatant(target_id),
                                      getattr(w, "name", None), state.options)


def _chosen(state: State, attacker_id: str, target_id: str, weapon: str | None,
            options: dict[str, Any] | None) -> dict[str, Any]:
    """The GM's choices checked against what the system offers, in the rules' values."""
    if not options:
        return {}
    try:
        return check_choices(attack_choices(state, attacker_id, target_id, weapon), options)
    except ValueError as err:
        raise EngineError(said("error.sentence", problem=err.args[0])) from None


def _request(state: State, attacker_id: str, target_id: str, weapon: Any, sit: Situation,
             full_attack: bool = False, options: dict[str, Any] | None = None) -> AttackRequest:
    return AttackRequest(attacker=geom.roller(state, attacker_id), target=geom.roller(state, target_id),
                         weapon=getattr(weapon, "name", None), situation=sit,
                         full_attack=full_attack, round_number=max(1, state.round),
                         options=options or {})


def preview_manoeuvre(state: State, name: str, attacker_id: str, target_id: str,
                      extra: Iterable[Modifier] = (), disabled: Iterable[str] = (),
                      **options: Any) -> ManoeuvreResult:
    """The manoeuvre rolled with scratch dice, nothing applied: the modifiers its rolls
    would carry (applied and dropped) for the attack panel's table. Rules with branches
    (a 3.5 trip's touch attack that misses) show the branch these dice take."""
    sit, weapon = _manoeuvre_situation(state, name, attacker_id, target_id, extra, disabled,
                                            options)
    return state.system.resolve_manoeuvre(ManoeuvreRequest(
        name=name, attacker=geom.roller(state, attacker_id), target=geom.roller(state, target_id),
        situation=sit, options=options), Dice(0), state.options)


def _manoeuvre_situation(state: State, name: str, attacker_id: str, target_id: str,
                         extra: Iterable[Modifier], disabled: Iterable[str],
                         options: dict[str, Any]) -> tuple[Situation, str | None]:
    """The situation of a manoeuvre, with the GM's edits as on an attack (the rules apply
    them to the author's rolls, core/gm_edits.py); `options` keeps the weapon."""
    if name not in state.system.manoeuvres():
        raise EngineError(said("error.not_manoeuvre", name=name, system=state.system.id,
                               known=", ".join(state.system.manoeuvres())))
    weapon = options.pop("weapon", None)
    sit, _, _ = sits.situation(state, attacker_id, target_id, weapon, extra=extra,
                               disabled=disabled, body_too=weapon is None)
    if weapon is not None:
        options["weapon"] = weapon  # the rules read it too (flyby, counter-charge)
    return sit, weapon


def plan_path(state: State, token_id: str, squares: list[tuple[int, int]],
              kind: str = "normal", speed_m: float | None = None) -> Any:
    """The path as a drag plans it (its cost, legality, what the creature's state bars,
    who it provokes and still may attack), checked against `speed_m` (default: the
    creature's speed), whoever's turn it is: what `query path` answers."""
    speed = budgets.speed_m(state, token_id) if speed_m is None else speed_m
    path = _plan(state, token_id, squares, kind, speed_m=speed)
    return path.model_copy(update={"provokes": oas._eligible(state, path.provokes)})


def _plan(state: State, token_id: str, squares: list[tuple[int, int]], kind: str,
          geo: Any = None, speed_m: float | None = None) -> Any:
    from battlemap.geometry import plan_path

    speed = _speed_limit(state, token_id, kind) if speed_m is None else speed_m
    path = plan_path(geo if geo is not None else geom.geometry(state), token_id,
                     [(int(c), int(r)) for c, r in squares], geom.policy(state), move_kind=kind,  # type: ignore[arg-type]
                     speed_m=speed, reach_of=geom.rules(state).reach_of,
                     can_threaten=geom.rules(state).can_threaten,
                     moves_within_provoke=geom.rules(state).within)
    barred = _undeclared_kind(state, kind) or _barred_move(state, token_id, kind)
    if barred and path.legal:
        path = path.model_copy(update={"legal": False, "reason": barred})
    return path


def _undeclared_kind(state: State, kind: str) -> Message | None:
    """Why the system has no move of this kind (RuleSystem.move_kinds), naming its seed."""
    from battlemap.rules.core.system import undeclared_move_kind

    return undeclared_move_kind(state.system, kind)


def _barred_move(state: State, token_id: str, kind: str) -> Message | None:
    """Why the creature's condition forbids this kind of move, if the system's
    `move_barred_by(combatant, kind)` names one (000: a fatigued creature "ne peut
    ni courir ni charger", 000 "États")."""
    cid = state.system.move_barred_by(state.combatant(token_id), kind)
    if not cid:
        return None
    return said("problem.barred_by", kind=move_kind(state.system, kind),
                condition=condition_word(state.system, cid))


def _speed_limit(state: State, token_id: str, kind: str) -> float:
    """The speed geometry checks the path against: out of its turn a creature is placed
    by the GM (no limit); in its turn a normal move may use all the movement left
    (a 3.5 double move is one drag); other kinds are the speed × their multiplier."""
    if state.turn_view().current != token_id:
        return NO_LIMIT_M
    if kind == "normal":
        return budgets.budget(state, token_id).movement_m
    return budgets.speed_m(state, token_id)


def preview_move(state: State, token_id: str, squares: list[tuple[int, int]],
                 kind: str = "normal") -> MovePreview:
    path = _plan(state, token_id, squares, kind)
    speed = budgets.speed_m(state, token_id)
    in_turn = state.turn_view().current == token_id
    budget = budgets.budget(state, token_id) if in_turn else None
    mult = MOVE_KINDS.get(kind, (1.0, False))[0]
    if budget is not None and kind == "normal":
        allowance = budget.movement_m
    elif kind == "charge" and (bonus := budgets.economy(state).charge_bonus_m) is not None:
        allowance = speed + bonus  # 2bis: the move action + 10'
    else:
        allowance = 1.5 if kind == "step" else speed * mult
    legal = bool(path.legal)
    reason = path.reason
    if legal and in_turn and path.cost_m > allowance + 1e-6:
        legal, reason = False, _said_once(state, "preview.over_budget", cost=float(path.cost_m),
                                          left=float(allowance))
    said_lines = [_said_once(state, "preview.cost", cost=float(path.cost_m),
                             allow=float(allowance))]
    provokes = oas._eligible(state, path.provokes)
    said_lines += [_said_once(state, "preview.oa", name=state.name_of(p.by), at=tuple(p.at))
                   for p in provokes]
    if reason:
        said_lines.append(reason)
    return MovePreview(token=token_id, kind=kind, path=path, speed_m=speed,
                       allowance_m=allowance, budget=budget, legal=legal, reason=reason,
                       explanation=said_lines, provokes=provokes)


def preview_area(state: State, template: AreaTemplate) -> Any:
    from battlemap.geometry import area_squares

    return area_squares(geom.geometry(state), template, geom.policy(state))


NO_LIMIT_M = 1e6


def _said_once(state: State, key: str, **params: Any) -> Message:
    """`said(...)`, remembered: a drag preview writes the same lines at every square. The
    values' types are part of the key (1 and 1.0 are written differently)."""
    ask = (key, *((k, type(v), v) for k, v in params.items()))
    return state.caches.sentences.get(ask, lambda: said(key, **params))
