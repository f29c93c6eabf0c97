"""Drag with routes: at every new square under the mouse the map asks for the cheapest legal
route there (`Session.preview_route`: the search, then the route's cost, legality and
opportunity attacks as any move) and the nearest foes' cover from the route's end
(`Session.drag_cover`), on the stress map (100×100, 4,000 walls).

Fresh inputs: each drag is a different creature (its own search from its own square), and
the mouse wanders from it at random (momentum, a turn now and then, some steps skipping a
square, as a quick hand does); no two drags share a target sequence. CPU time
(`time.thread_time`) is kept beside the wall time.

Baseline: what a competent first version does at each square: A* from the start with the
admissible metric heuristic (1-2-1-2 diagonals: max + min // 2; else max), each expanded
square's eight steps tested against the walls in one STRtree query, nothing kept between
squares. Its route costs are checked equal to the fast ones."""

from __future__ import annotations

import heapq
import random
import time
from typing import Any

from benchmarks.config import DRAG_SYSTEMS
from benchmarks.context import Context, party_and_foes
from benchmarks.harness import Timing, gc_paused

TARGET = "p95 ≤ 4 ms"
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _trail(rnd: random.Random, start: tuple[int, int], steps: int, cols: int,
           rows: int) -> list[tuple[int, int]]:
    """Where the mouse goes: a wandering walk from the start, one or two squares a move."""
    out, here = [], start
    dc, dr = rnd.choice(DIRS)
    while len(out) < steps:
        if rnd.random() < 0.25:
            dc, dr = rnd.choice(DIRS)
        jump = 2 if rnd.random() < 0.2 else 1
        nxt = (min(cols - 1, max(0, here[0] + dc * jump)), min(rows - 1, max(0, here[1] + dr * jump)))
        if nxt == here:
            dc, dr = rnd.choice(DIRS)
            continue
        here = nxt
        out.append(here)
    return out


def _baseline_cost(session: Any, mover: Any, target: tuple[int, int]) -> float | None:
    """A* from scratch, the walk's step rules asked per expanded square (see the module)."""
    from battlemap.geometry.grid import footprint_squares
    from battlemap.geometry.movement._walk import (
        dest_difficult,
        early_reason,
        occupancy,
        step_cost,
        walls_in_the_way,
    )

    geo, policy = session.geo, session.policy
    d35 = policy.diagonals == "d35"
    side = mover.size.squares

    def h(c: int, r: int) -> float:
        dx, dy = abs(c - target[0]), abs(r - target[1])
        return max(dx, dy) + (min(dx, dy) // 2 if d35 else 0)

    start = (int(mover.col), int(mover.row))
    best = {(start, 0): 0.0}
    heap = [(h(*start), 0.0, start, 0)]
    done = set()
    while heap:
        _, g, sq, par = heapq.heappop(heap)
        if (sq, par) in done:
            continue
        done.add((sq, par))
        if sq == target:
            return g
        cand = [(sq[0] + dx, sq[1] + dy) for dx, dy in DIRS]
        cand = [b for b in cand if not early_reason(geo, side, sq, b, False)]
        walls = walls_in_the_way(geo, mover, [sq] * len(cand), cand)
        for b, wall in zip(cand, walls.tolist(), strict=True):
            if wall:
                continue
            dest = footprint_squares(mover, *b)
            others = list(dict.fromkeys(o for occ in geo.occupants(dest, exclude=mover.id)
                                        for o in occ))
            if occupancy(geo, policy, mover, others, False):
                continue
            cost, diag = step_cost(policy, b[0] - sq[0], b[1] - sq[1], par,
                                   dest_difficult(geo, dest))
            npar = diag & 1 if d35 else 0
            if g + cost < best.get((b, npar), float("inf")):
                best[(b, npar)] = g + cost
                heapq.heappush(heap, (g + cost + h(*b), g + cost, b, npar))
    return None


def run(ctx: Context) -> list[Timing]:
    s = ctx.sizes
    drags, steps = (2, 4) if s.smoke else (12, 30)
    rows: list[Timing] = []
    for system in DRAG_SYSTEMS:
        session = ctx.session(system)
        enc = session.encounter
        party, foes = party_and_foes(enc)
        rnd = random.Random(hash(system) & 0xFFFF)
        movers = rnd.sample([t for t in party + foes if t.size.value == "medium"], drags)
        totals, cpus, routes, expanded = [], [], [], []
        base_ms: list[float] = []
        paired: list[float] = []
        mismatch = 0
        for k, mover in enumerate(movers):
            trail = _trail(rnd, (int(mover.col), int(mover.row)), steps, enc.grid.cols,
                           enc.grid.rows)
            for j, target in enumerate(trail):
                with gc_paused():
                    c0, t0 = time.thread_time(), time.perf_counter()
                    pre = session.preview_route(mover.id, target)
                    t1 = time.perf_counter()
                    if pre.found and pre.squares:
                        session.drag_cover(mover.id, pre.squares[-1], s.nearest_enemies)
                    t2, c2 = time.perf_counter(), time.thread_time()
                totals.append((t2 - t0) * 1000)
                cpus.append((c2 - c0) * 1000)
                routes.append((t1 - t0) * 1000)
                if k < 3 and j % 5 == 4:  # the baseline on a subset: it is slow
                    b0 = time.perf_counter()
                    cost = _baseline_cost(session, mover, target)
                    base_ms.append((time.perf_counter() - b0) * 1000)
                    paired.append(routes[-1])
                    fast = None
                    if pre.found:
                        fast = pre.move.path.cost_m / 1.5 if pre.move is not None else 0.0
                    if (cost is None) != (fast is None) or (
                            cost is not None and fast is not None and abs(cost - fast) > 1e-9):
                        mismatch += 1
            expanded.append(len(trail))
        note = (f"{drags} drags × {steps} squares, fresh movers and mouse trails; "
                f"CPU p50 {sorted(cpus)[len(cpus) // 2]:.2f} ms, p95 "
                f"{sorted(cpus)[int(0.95 * (len(cpus) - 1))]:.2f} ms; baseline costs equal: "
                f"{'yes' if not mismatch else f'NO ({mismatch} differ)'}")
        rows.append(Timing(f"drag step with route: route+preview+cover×{s.nearest_enemies} "
                           f"({system})", totals, target=TARGET, note=note))
        rows.append(Timing(f"  of which the route and its preview ({system})", routes,
                           baseline_ms=base_ms, paired_ms=paired,
                           note="baseline: A* from scratch at each square, walls per expanded square"))
    return rows
