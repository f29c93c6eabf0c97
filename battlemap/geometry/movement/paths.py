"""A move along given squares: cost, legality and why, and the opportunity attacks it
provokes (DESIGN.md §4.2, §4.8; RULES.md §2)."""

from __future__ import annotations

import math
from typing import Literal

import numpy as np

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.movement._walk import last_step, walk
from battlemap.geometry.movement.opportunity import opportunity_attacks
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threat_map import threat_map
from battlemap.geometry.reach.threatened import CanThreaten, ReachOf
from battlemap.geometry.results import PathResult, Square, Step
from battlemap.geometry.words import step_refusal
from battlemap.model import SQUARE_M, Token
from battlemap.text import Message

MoveKind = Literal["normal", "step", "withdraw", "charge", "run"]
MOVE_KINDS: tuple[str, ...] = ("normal", "step", "withdraw", "charge", "run")


def plan_path(
    geo: MapGeometry,
    token_id: str,
    squares: list[Square],
    policy: GeometryPolicy,
    move_kind: MoveKind = "normal",
    speed_m: float | None = None,
    reach_of: ReachOf | None = None,
    can_threaten: CanThreaten | None = None,
    moves_within_provoke: CanThreaten | None = None,
) -> PathResult:
    """The path's steps, cost, legality and opportunity attacks. `moves_within_provoke`:
    creatures whose zone a move inside provokes (2bis: Offensive Reflexes; none if None)."""
    mover = geo.token(token_id)
    start = (math.floor(mover.col), math.floor(mover.row))
    cells = [start, *[(int(c), int(r)) for c, r in squares]]
    # The steps are remembered per token while the map stays the same (path_walk.py): a drag
    # asks again for the whole path at each square.
    facts = walk(geo, mover, cells, policy)
    steps = [f.step for f in facts]
    if facts:
        steps[-1] = last_step(geo, policy, mover, facts[-1])
    cost_m = (facts[-1].total if facts else 0.0) * SQUARE_M
    bad = next((s for s in steps if not s.legal), None)
    reason = bad.reason if bad else ""
    if not reason:
        reason = _kind_rule(policy, mover, move_kind, steps, cost_m, speed_m)
    region = _region(cells, mover.size.squares)
    threats = threat_map(geo, token_id, policy, reach_of, can_threaten, region)
    provokes = opportunity_attacks(geo, mover, cells, [f.entered for f in facts], policy,
                                   move_kind, threats, moves_within_provoke)
    return PathResult(squares=cells[1:], steps=steps, cost_m=cost_m, legal=not reason,
                      reason=reason, provokes=provokes)


def _kind_rule(policy: GeometryPolicy, mover: Token, kind: str, steps: list[Step],
               cost_m: float, speed_m: float | None) -> str:
    speed = mover.speed_m if speed_m is None else speed_m
    if kind == "step" and policy.five_foot_step:
        # The step's own length, in or out of a turn (the turn's budget is apart): 000 "Le
        # round de combat" "un pas de placement de 1,5 m"; 001 the "5′ step". One square, and
        # no square of difficult terrain, which costs double (3 m) of the step's 1.5 m.
        if len(steps) != 1:
            return step_refusal(policy, len(steps), cost_m)
        if steps[0].difficult or cost_m > SQUARE_M + 1e-9:
            return step_refusal(policy, 1, cost_m, difficult_at=steps[0].to)
        return ""
    multiplier = {"normal": 1.0, "step": 1.0, "withdraw": 2.0, "charge": 2.0,
                  "run": policy.run_multiplier}.get(kind, 1.0)
    if kind == "charge":
        if not _straight(steps) or any(s.difficult for s in steps):
            return Message.of("move.charge")
        if cost_m < policy.charge_min_m - 1e-9:
            return Message.of("move.charge_short", least=float(policy.charge_min_m),
                           cost=float(cost_m))
    if kind == "run" and policy.run_straight and not _straight(steps):
        return Message.of("move.run_straight")
    if kind == "run" and not policy.run_in_difficult and any(s.difficult for s in steps):
        return Message.of("move.no_run")
    limit = speed * multiplier
    if cost_m > limit + 1e-9:
        return Message.of("move.too_far", cost=float(cost_m), limit=float(limit))
    return ""


def _straight(steps: list[Step]) -> bool:
    """A straight line on the grid: every step goes the same way (orthogonal or diagonal)."""
    return len({(s.to[0] - s.frm[0], s.to[1] - s.frm[1]) for s in steps}) <= 1


def _region(cells: list[Square], side: float) -> tuple[float, float, float, float]:
    arr = np.array(cells, dtype=float)
    return (float(arr[:, 0].min()), float(arr[:, 1].min()),
            float(arr[:, 0].max() + side), float(arr[:, 1].max() + side))
