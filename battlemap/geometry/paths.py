"""A move along given squares: cost, legality and why, and the opportunity attacks it
provokes (DESIGN.md §4.2, §4.8; RULES.md §2)."""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
import shapely

from battlemap.geometry.grid import footprint_squares
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.opportunity import opportunity_attacks
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach import CanThreaten, ReachOf
from battlemap.geometry.results import PathResult, Square, Step
from battlemap.geometry.threats import ThreatMap
from battlemap.geometry.words import Said, french, say, step_word
from battlemap.model import SQUARE_M, Token

MoveKind = Literal["normal", "step", "withdraw", "charge", "run"]
MOVE_KINDS: tuple[str, ...] = ("normal", "step", "withdraw", "charge", "run")


def _walls_in_the_way(geo: MapGeometry, token: Token, frm: list[Square], to: list[Square]) -> (
    np.ndarray
):
    """Per step: does any square of the space, moving centre to centre, touch a wall, closed
    door or window (§4.2: this also forbids cutting a wall's corner)? Large creatures also
    need the walls to stay out of the space between their squares."""
    if len(geo.walls) == 0 or not frm:
        return np.zeros(len(frm), dtype=bool)
    side = max(1, int(token.size.squares))
    offs = np.array([(i, j) for j in range(side) for i in range(side)], dtype=float) + 0.5
    a = np.array(frm, dtype=float)[:, None, :] + offs[None]
    b = np.array(to, dtype=float)[:, None, :] + offs[None]
    segs = shapely.linestrings(np.concatenate([a, b], axis=-1).reshape(-1, 2, 2))
    hit = np.asarray(geo.walls.touching(segs, "movement").reshape(len(frm), -1).any(axis=1))
    if side > 1:
        dest = np.array(to, dtype=float)
        inner = shapely.box(dest[:, 0] + 0.5, dest[:, 1] + 0.5, dest[:, 0] + side - 0.5,
                            dest[:, 1] + side - 0.5)
        hit |= geo.walls.touching(inner, "movement")
    return hit


def _enemy_rule(policy: GeometryPolicy, mover: Token, other: Token, ending: bool) -> str:
    """Why the mover may not enter `other`'s square ('' when it may)."""
    gap = mover.size.rank - other.size.rank
    if policy.enemy_squares == "enter_smaller_provokes":
        # 001 "Positionnement": only a creature at least twice smaller can be entered.
        return "" if gap >= 1 else Said.of("step.too_big", o=other.id)
    if policy.enemy_squares == "size_gap_2" and abs(gap) >= 2 and not ending:
        return ""  # 2024: a creature two sizes apart can be moved through
    return Said.of("step.enemy", o=other.id)


def plan_path(
    geo: MapGeometry,
    token_id: str,
    squares: list[Square],
    policy: GeometryPolicy,
    move_kind: MoveKind = "normal",
    speed_m: float | None = None,
    reach_of: ReachOf | None = None,
    can_threaten: CanThreaten | None = None,
) -> PathResult:
    mover = geo.token(token_id)
    start = (math.floor(mover.col), math.floor(mover.row))
    cells = [start, *[(int(c), int(r)) for c, r in squares]]
    side = mover.size.squares
    frm, to = cells[:-1], cells[1:]
    walls = _walls_in_the_way(geo, mover, frm, to)
    steps: list[Step] = []
    diagonals, total = 0, 0.0
    entered: list[list[str]] = []
    # The squares of the space at each destination, and who stands there: one query.
    dests = [footprint_squares(mover, c, r) for c, r in to]
    occupied = geo.occupants([sq for d in dests for sq in d], exclude=token_id)
    first = 0
    for i, (a, b) in enumerate(zip(frm, to, strict=True)):
        dx, dy = b[0] - a[0], b[1] - a[1]
        reason = ""
        if max(abs(dx), abs(dy)) != 1:
            reason = Said.of("step.not_next", bc=b[0], br=b[1], ac=a[0], ar=a[1])
        elif not geo.in_grid(b[0], b[1], side):
            reason = Said.of("step.off_grid", bc=b[0], br=b[1])
        elif walls[i]:
            reason = Said.of("step.wall", ac=a[0], ar=a[1])
        cost = 1.0
        if dx and dy:
            diagonals += 1
            # 1-2-1-2 diagonals, the parity carried over the whole path (§4.1).
            cost = 2.0 if policy.diagonals == "d35" and diagonals % 2 == 0 else 1.0
        dest = dests[i]
        difficult = any(
            0 <= c < geo.cols and 0 <= r < geo.rows and geo.difficult[c, r] for c, r in dest
        )
        if difficult:
            cost *= 2  # difficult terrain costs double (RULES.md §2)
        total += cost
        others = [o for occ in occupied[first:first + len(dest)] for o in occ]
        first += len(dest)
        others = list(dict.fromkeys(others))
        entered.append([o for o in others if geo.tokens[o].side != mover.side])
        ending = i == len(to) - 1
        if not reason:
            reason = _occupancy(geo, policy, mover, others, ending)
        steps.append(Step(frm=a, to=b, cost_m=cost * SQUARE_M, difficult=difficult,
                          legal=not reason, reason=reason, reason_fr=french(reason)))
    cost_m = total * SQUARE_M
    bad = next((s for s in steps if not s.legal), None)
    reason = Said(bad.reason, bad.reason_fr) if bad else ""
    if not reason:
        reason = _kind_rule(policy, mover, move_kind, steps, cost_m, speed_m)
    region = _region(cells, side)
    threats = ThreatMap(geo, token_id, policy, reach_of, can_threaten, region)
    provokes = opportunity_attacks(geo, mover, cells, entered, policy, move_kind, threats)
    return PathResult(squares=cells[1:], steps=steps, cost_m=cost_m, legal=not reason,
                      reason=reason, reason_fr=french(reason), provokes=provokes)


def _occupancy(geo: MapGeometry, policy: GeometryPolicy, mover: Token, others: list[str],
               ending: bool) -> str:
    for oid in others:
        other = geo.tokens[oid]
        if other.side != mover.side:
            why = _enemy_rule(policy, mover, other, ending)
            if why:
                return why
        elif ending and not policy.sharing_allowed and "tiny" not in (
            mover.size.value, other.size.value
        ):
            return Said.of("step.end_shared", o=oid)
    return ""


def _kind_rule(policy: GeometryPolicy, mover: Token, kind: str, steps: list[Step],
               cost_m: float, speed_m: float | None) -> str:
    speed = mover.speed_m if speed_m is None else speed_m
    if kind == "step" and policy.five_foot_step:
        # 000 actions: a 1.5 m step, never into difficult terrain; 001: the 5' step.
        if len(steps) != 1 or steps[0].difficult:
            return Said(say("move.step", "en"),
                        say("move.step", "fr", step=step_word(policy.system)))
        return ""
    multiplier = {"normal": 1.0, "step": 1.0, "withdraw": 2.0, "charge": 2.0,
                  "run": policy.run_multiplier}.get(kind, 1.0)
    if kind == "charge":
        dirs = {(s.to[0] - s.frm[0], s.to[1] - s.frm[1]) for s in steps}
        if len(dirs) > 1 or any(s.difficult for s in steps):
            return Said.of("move.charge")
    if kind == "run" and policy.system == "adnd2bis" and any(s.difficult for s in steps):
        return Said.of("move.no_run")
    limit = speed * multiplier
    if cost_m > limit + 1e-9:
        return Said.of("move.too_far", cost=float(cost_m), limit=float(limit))
    return ""


def _region(cells: list[Square], side: float) -> tuple[float, float, float, float]:
    arr = np.array(cells, dtype=float)
    return (float(arr[:, 0].min()), float(arr[:, 1].min()),
            float(arr[:, 0].max() + side), float(arr[:, 1].max() + side))
