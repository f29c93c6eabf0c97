"""`battlemap query FILE cover|flanking|threatened|area|path …`: the geometry core as JSON.

Sizes and distances in metres, angles in degrees (0 = east, 90 = south), points in grid
units. Bad input exits 2 with one sentence."""

from __future__ import annotations

import argparse
from typing import Any

from pydantic import ValidationError

from battlemap.cli.common import (
    CliError,
    load_or_fail,
    number_in,
    pair_or_fail,
    print_json,
    session_or_fail,
    token_or_fail,
)
from battlemap.geometry import (
    MOVE_KINDS,
    default_reach,
    threatened_squares,
)
from battlemap.model import AreaMethod, AreaShape, AreaTemplate, Encounter
from battlemap.model.token import MAX_SPEED_M
from battlemap.text import Message

# Beyond any creature's reach with a reach weapon (Gig 6 m × 2): a typo, not a ruling.
MAX_REACH_M = 30.0


def register_query(qsub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = qsub.add_parser("cover", help="cover of TARGET against ATTACKER")
    p.add_argument("attacker")
    p.add_argument("target")
    p.add_argument("--melee", action="store_true", help="a melee attack (3.5: walls only "
                   "when adjacent; 2bis: an obstacle in the way is 25%%)")
    p.set_defaults(func=run_cover)

    p = qsub.add_parser("flanking", help="is TARGET flanked when ATTACKER attacks it")
    p.add_argument("attacker")
    p.add_argument("target")
    p.set_defaults(func=run_flanking)

    p = qsub.add_parser("threatened", help="squares TOKEN threatens")
    p.add_argument("token")
    p.add_argument("--reach", type=float, default=None, help="reach in metres")
    p.add_argument("--reach-weapon", action="store_true")
    p.set_defaults(func=run_threatened)

    p = qsub.add_parser("area", help="squares and tokens an area of effect covers")
    p.add_argument("--shape", required=True, choices=[s.value for s in AreaShape])
    p.add_argument("--origin", required=True, help="X,Y in grid units, or a token id")
    p.add_argument("--size", required=True, type=float, help="radius, length or side, in m")
    p.add_argument("--direction", type=float, default=0.0, help="degrees, 0 = east, 90 = south")
    p.add_argument("--width", type=float, default=1.5, help="line width in m")
    p.add_argument("--method", choices=[m.value for m in AreaMethod], default=None)
    p.add_argument("--include-origin", action="store_true", help="an emanation includes its "
                   "creature")
    p.add_argument("--flip", action="store_true", help="3.5 line or cube on the other side")
    p.set_defaults(func=run_area)

    p = qsub.add_parser("path", help="cost, legality and opportunity attacks of a move")
    p.add_argument("token")
    p.add_argument("squares", nargs="+", metavar="C,R")
    p.add_argument("--kind", choices=list(MOVE_KINDS), default="normal")
    p.add_argument("--speed", type=float, default=None, help="speed in m (default: token's)")
    p.add_argument("--strict", action="store_true",
                   help="no GM override: a move the rules refuse exits 2 with its sentence")
    p.set_defaults(func=run_path)

    p = qsub.add_parser("route", help="the cheapest legal route of TOKEN to a square")
    p.add_argument("token")
    p.add_argument("target", metavar="C,R")
    p.add_argument("--via", action="append", default=[], metavar="C,R",
                   help="a waypoint, in order (repeatable)")
    p.add_argument("--avoid-oa", action="store_true",
                   help="the route that provokes fewest opportunity attacks")
    p.set_defaults(func=run_route)


def _system(enc: Encounter) -> Any:
    from battlemap.rules.core.system import get_system

    return get_system(enc.system)


def run_cover(args: argparse.Namespace) -> int:
    """The cover an attack's situation reads (`Session.covers`)."""
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.attacker)
    token_or_fail(enc, args.target)
    if args.attacker == args.target:
        raise CliError("the attacker and the target are the same token.")
    res = session_or_fail(enc).covers(args.attacker, [args.target], args.melee)[0]
    data = res.model_dump()
    # What each level means at the table (docs/rules/README.md#geometry-by-system "cover levels"), beside the level.
    data["effect"] = _system(enc).cover_effects.get(res.level, "none")
    if res.obstacle_in_melee:
        data["effect"] += " (obstacle in melee, 001 \"Modificateurs de Couverture\")"
    print_json(data)
    return 0


def run_flanking(args: argparse.Namespace) -> int:
    """The ruling the attack panel shows (`Session.flanking`): each creature's reach and
    state by the rules, so a partner that threatens nothing (3.5 flat-footed) flanks
    nothing here either, and the "no" names it."""
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.attacker)
    token_or_fail(enc, args.target)
    res = session_or_fail(enc).flanking(args.attacker, args.target)
    data = res.model_dump()
    data["effect"] = _system(enc).flanking_effect if res.flanked else "none"
    print_json(data)
    return 0


def run_threatened(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    tok = token_or_fail(enc, args.token)
    session = session_or_fail(enc)
    if args.reach is None and not args.reach_weapon:
        # The rules' answer, as the map's overlay gives it: the system's natural reach by
        # size and body (000 "Taille": a tall Large ogre 3 m), the weapons', and none for a
        # creature its state stops threatening.
        reach = session.threat_reach_m(session.token(args.token))
        squares = session.threatened_squares(args.token)
    else:
        reach = default_reach(tok) if args.reach is None else args.reach
        number_in(reach, "--reach" if args.reach is not None else "reach", 0, MAX_REACH_M, "m")
        # The GM's own reach, measured on the session's map by its policy.
        squares = threatened_squares(session.geo, args.token, session.policy, reach,
                                     reach_weapon=args.reach_weapon)
    print_json({"token": args.token, "reach_m": reach, "squares": [list(s) for s in squares]})
    return 0


def run_area(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    origin: tuple[float, float] | None = None
    token: str | None = None
    if "," in args.origin:
        origin = pair_or_fail(args.origin, "origin")
    else:
        token = token_or_fail(enc, args.origin).id
    try:
        tpl = AreaTemplate(shape=args.shape, origin=origin, token=token, size_m=args.size,
                           direction_deg=args.direction, width_m=args.width, method=args.method,
                           include_origin_token=args.include_origin, flip=args.flip)
    except ValidationError as err:  # the first problem, as a sentence (not pydantic's URL)
        first = err.errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ()))
        msg = str(first.get("msg", "is invalid")).removeprefix("Value error, ")
        raise CliError(f"bad area: {where + ': ' if where else ''}{msg}.") from None
    res = session_or_fail(enc).preview_area(tpl)  # the squares the map shows, by its rules
    print_json({"method": res.method,
                "squares": [s.model_dump() for s in res.squares],
                "tokens": res.tokens,
                "cut_off": [s.model_dump() for s in res.cut_off]})
    return 0


def run_path(args: argparse.Namespace) -> int:
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.token)
    squares = [pair_or_fail(s, "square", int) for s in args.squares]
    if args.speed is not None:
        number_in(args.speed, "--speed", 0, MAX_SPEED_M, "m")
    from battlemap.rules.core.system import get_system, undeclared_move_kind

    why = undeclared_move_kind(get_system(enc.system), args.kind)
    if why is not None:  # the system's text has no such move (RuleSystem.move_kinds)
        raise CliError(f"{why}.")
    # The path as a drag on the map plans it (`Session.plan_path`): who provokes, by each
    # foe's reach by its system, size and weapons (000 "Taille": a tall Large ogre 3 m) and
    # only if its state lets it; the moves the creature's state bars.
    res = session_or_fail(enc).plan_path(args.token, squares, args.kind, args.speed)
    if args.strict and not res.legal:
        raise CliError(f"refused: {res.reason}{'' if str(res.reason).endswith('.') else '.'}")
    print_json(_path_json(res))
    return 0


def _path_json(res: Any) -> dict[str, Any]:
    data: dict[str, Any] = res.model_dump()
    data["squares"] = [list(s) for s in res.squares]
    data["provokes"] = [{"by": p.by, "at": list(p.at), "step_index": p.step_index,
                         "why": p.why} for p in res.provokes]
    return data


def run_route(args: argparse.Namespace) -> int:
    """The route a drag to C,R takes (through the waypoints), judged as `path` judges it at
    the token's speed; no route: `legal` false and why, `squares` empty."""
    enc = load_or_fail(args.file)
    token_or_fail(enc, args.token)
    target = pair_or_fail(args.target, "square", int)
    via = [pair_or_fail(v, "waypoint", int) for v in args.via]
    for c, r in [*via, target]:
        if not (0 <= c < enc.grid.cols and 0 <= r < enc.grid.rows):
            raise CliError(f"square {c},{r} is off the {enc.grid.cols}x{enc.grid.rows} grid.")
    session = session_or_fail(enc)
    from battlemap.engine.queries.routes import find

    route = find(session, args.token, target, via, args.avoid_oa)
    if not route.found:
        data: dict[str, Any] = {"squares": [], "steps": [], "cost_m": 0.0, "legal": False,
                                "reason": Message.of("route.none", c=target[0], r=target[1]),
                                "provokes": []}
    else:
        data = _path_json(session.plan_path(args.token, route.squares))
    if args.avoid_oa and route.found:
        cheapest = find(session, args.token, target, via, False)
        base = session.plan_path(args.token, cheapest.squares)
        data["cheapest"] = {"cost_m": base.cost_m, "provokes": len(base.provokes)}
        data["extra_m"] = data["cost_m"] - base.cost_m
    print_json(data)
    return 0
