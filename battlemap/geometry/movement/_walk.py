"""The steps of a dragged path, remembered per token.

A drag asks for the whole path so far at every square it reaches, so the same steps (walls in
the way, terrain, who stands there) would be worked out again and again. The answers kept
here are reused for the part of the path that did not change and only the new squares are
checked. They live in `MapGeometry.token_cache`, which is emptied when any token moves (walls,
terrain and options build a new map), and are tied to the mover and policy objects."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from battlemap.geometry.grid import footprint_squares
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import Square, Step
from battlemap.model import SQUARE_M, Token
from battlemap.text import Message


@dataclass(frozen=True, slots=True)
class StepFacts:
    """One step as a step in the middle of a path (the last step may differ: ending)."""

    step: Step
    others: list[str]  # who stands in the destination space (map order, no repeats)
    entered: list[str]  # the enemies among them
    early: str  # not next / off grid / wall: the reasons that do not depend on ending
    diagonals: int  # diagonal steps so far, this one included (the 1-2-1-2 parity)
    total: float  # cost in squares so far, this one included


@dataclass(slots=True)
class _Memo:
    mover: Token
    policy: GeometryPolicy
    cells: list[Square]
    facts: list[StepFacts]


def common_steps(old: list[Square], new: list[Square]) -> int:
    """How many leading steps two paths share (both ends of each step equal)."""
    n = min(len(old), len(new))
    k = 0
    while k < n and old[k] == new[k]:
        k += 1
    return max(0, k - 1)


def walk(geo: MapGeometry, mover: Token, cells: list[Square],
         policy: GeometryPolicy) -> list[StepFacts]:
    """Facts of every step from cells[i] to cells[i + 1] (a new list; the facts are shared)."""
    key = ("path-walk", mover.id)
    memo = geo.token_cache.get(key)
    facts: list[StepFacts] = []
    if memo is not None and memo.mover is mover and memo.policy is policy:
        facts = memo.facts[:common_steps(memo.cells, cells)]
    facts += _new_facts(geo, mover, cells, policy, len(facts), facts[-1] if facts else None)
    geo.token_cache.keep(key, _Memo(mover, policy, cells, facts))
    return list(facts)


def _new_facts(geo: MapGeometry, mover: Token, cells: list[Square], policy: GeometryPolicy,
               first_step: int, before: StepFacts | None) -> list[StepFacts]:
    frm, to = cells[first_step:-1], cells[first_step + 1:]
    if not to:
        return []
    side = mover.size.squares
    walls = walls_in_the_way(geo, mover, frm, to)
    # The squares of the space at each destination, and who stands there: one query.
    dests = [footprint_squares(mover, c, r) for c, r in to]
    occupied = geo.occupants([sq for d in dests for sq in d], exclude=mover.id)
    diagonals = before.diagonals if before else 0
    total = before.total if before else 0.0
    out: list[StepFacts] = []
    first = 0
    for i, (a, b) in enumerate(zip(frm, to, strict=True)):
        early = early_reason(geo, side, a, b, bool(walls[i]))
        dest = dests[i]
        difficult = dest_difficult(geo, dest)
        cost, diagonals = step_cost(policy, b[0] - a[0], b[1] - a[1], diagonals, difficult)
        total += cost
        others = list(dict.fromkeys(o for occ in occupied[first:first + len(dest)] for o in occ))
        first += len(dest)
        entered = [o for o in others if geo.tokens[o].side != mover.side]
        reason = early or occupancy(geo, policy, mover, others, False)
        step = Step(frm=a, to=b, cost_m=cost * SQUARE_M, difficult=difficult, legal=not reason,
                    reason=reason)
        out.append(StepFacts(step, others, entered, early, diagonals, total))
    return out


def early_reason(geo: MapGeometry, side: float, a: Square, b: Square, wall: bool) -> str:
    """Why a step is refused whatever stands there and wherever the move ends ('' when it
    is not): not to a neighbour, off the grid, a wall in the way."""
    if max(abs(b[0] - a[0]), abs(b[1] - a[1])) != 1:
        return Message.of("step.not_next", bc=b[0], br=b[1], ac=a[0], ar=a[1])
    if not geo.in_grid(b[0], b[1], side):
        return Message.of("step.off_grid", bc=b[0], br=b[1])
    if wall:
        return Message.of("step.wall", ac=a[0], ar=a[1])
    return ""


def dest_difficult(geo: MapGeometry, dest: list[Square]) -> bool:
    """Does the space stepped into hold a square of difficult terrain?"""
    return any(0 <= c < geo.cols and 0 <= r < geo.rows and geo.difficult[c, r] for c, r in dest)


def step_cost(policy: GeometryPolicy, dx: int, dy: int, diagonals: int,
              difficult: bool) -> tuple[float, int]:
    """(cost in squares, diagonal steps so far) of a step after `diagonals` diagonal steps:
    1-2-1-2 diagonals with the parity carried over the whole path (§4.1), or every square
    one; difficult terrain costs double (docs/rules/README.md#geometry-by-system)."""
    cost = 1.0
    if dx and dy:
        diagonals += 1
        cost = 2.0 if policy.diagonals == "d35" and diagonals % 2 == 0 else 1.0
    return (cost * 2 if difficult else cost), diagonals


def last_step(geo: MapGeometry, policy: GeometryPolicy, mover: Token, facts: StepFacts) -> Step:
    """The path's last step: sharing a space can be refused only where the move ends."""
    if facts.early or not facts.others:
        return facts.step
    reason = occupancy(geo, policy, mover, facts.others, True)
    st = facts.step
    if reason == st.reason and getattr(reason, "key", None) == getattr(st.reason, "key", None):
        return st
    return Step(frm=st.frm, to=st.to, cost_m=st.cost_m, difficult=st.difficult,
                legal=not reason, reason=reason)


def walls_in_the_way(geo: MapGeometry, token: Token, frm: list[Square], to: list[Square]) -> (
    np.ndarray
):
    """Per step: does any square of the space, moving centre to centre, touch a wall, closed
    door or window (§4.2: this also forbids cutting a wall's corner)? Large creatures also
    need the walls to stay out of the space between their squares."""
    if len(geo.walls) == 0 or not frm:
        return np.zeros(len(frm), dtype=bool)
    side = max(1, int(token.size.squares))
    # A drag checks one new step at a time: plain lists cost less than array arithmetic
    # here (the same float sums, so the same segments).
    offs = [(i + 0.5, j + 0.5) for j in range(side) for i in range(side)]
    segs = shapely.linestrings([[(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy)]
                                for a, b in zip(frm, to, strict=True) for ox, oy in offs])
    hit: np.ndarray = geo.walls.touching(segs, "movement")
    if side > 1:
        hit = np.asarray(hit.reshape(len(frm), -1).any(axis=1))
    if side > 1:
        dest = np.array(to, dtype=float)
        inner = shapely.box(dest[:, 0] + 0.5, dest[:, 1] + 0.5, dest[:, 0] + side - 0.5,
                            dest[:, 1] + side - 0.5)
        hit |= geo.walls.touching(inner, "movement")
    return hit


def enemy_rule(policy: GeometryPolicy, mover: Token, other: Token, ending: bool) -> str:
    """Why the mover may not enter `other`'s square ('' when it may)."""
    gap = mover.size.rank - other.size.rank
    if policy.enemy_squares == "enter_smaller_provokes":
        # 001 "Positionnement": only a creature at least twice smaller can be entered.
        return "" if gap >= 1 else Message.of("step.too_big", o=other.id)
    if policy.enemy_squares == "size_gap_2" and abs(gap) >= 2 and not ending:
        return ""  # 2024: a creature two sizes apart can be moved through
    return Message.of("step.enemy", o=other.id)


def occupancy(geo: MapGeometry, policy: GeometryPolicy, mover: Token, others: list[str],
              ending: bool) -> str:
    for oid in others:
        other = geo.tokens[oid]
        if other.side != mover.side:
            why = enemy_rule(policy, mover, other, ending)
            if why:
                return why
        elif ending and not policy.sharing_allowed and "tiny" not in (
            mover.size.value, other.size.value
        ):
            return Message.of("step.end_shared", o=oid)
    return ""

