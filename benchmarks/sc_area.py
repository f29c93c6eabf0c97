"""Scenario 2, area preview: every shape × sizes × positions × method, through
`Session.preview_area` (the vectorised core), against the naive per-square / per-wall loop of
`battlemap.geometry.naive` on a regular subset of the same templates (same run, same map)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.config import AREA_SYSTEMS
from benchmarks.context import Context
from benchmarks.harness import Timing, gc_paused

TARGET = "p95 ≤ 0.5 ms, ≥ 20× naive"


def templates(ctx: Context, session: Any, method: str | None) -> list[Any]:
    """Deterministic templates: positions spread over the map, three directions (off-axis,
    along the grid, diagonal), every shape and size; emanations ride a token."""
    from battlemap.model import AreaShape, AreaTemplate

    s = ctx.sizes
    spots = [(0.27, 0.31, 30.0), (0.5, 0.43, 0.0), (0.71, 0.64, 45.0)][: s.area_positions]
    tokens = session.encounter.tokens
    out = []
    for k, (fx, fy, angle) in enumerate(spots):
        origin = (float(round(s.cols * fx)), float(round(s.rows * fy)))
        for shape in AreaShape:
            for size in s.area_sizes_m:
                common = {"shape": shape, "size_m": size, "direction_deg": angle,
                          "method": method, "id": f"b{k}"}
                if shape is AreaShape.EMANATION:
                    tok = tokens[(k * 7) % len(tokens)]
                    out.append(AreaTemplate(token=tok.id, **common))
                else:
                    out.append(AreaTemplate(origin=origin, **common))
    return out


def squares_of(result: Any) -> set[tuple[int, int]]:
    return {tuple(sq.square) for sq in result.squares}


def preview_each(session: Any, tpls: list[Any], pace_s: float = 0.0) -> tuple[list[float],
                                                                               list[Any]]:
    """(ms per preview, results), one after another as a GM's mouse makes them, with the
    collector paused as in `harness.measure`; `pace_s` idle before each (not timed)."""
    fast, results = [], []
    with gc_paused():
        for t in tpls:
            if pace_s:
                time.sleep(pace_s)
            t0 = time.perf_counter()
            results.append(session.preview_area(t))
            fast.append((time.perf_counter() - t0) * 1000)
    return fast, results


def against_naive(session: Any, tpls: list[Any], results: list[Any], fast: list[float],
                  every: int) -> tuple[list[float], list[float], int, int]:
    """On every `every`-th template: (its fast ms, the naive loop's ms, mismatches, checked)."""
    from battlemap.geometry.naive import naive_area_squares

    paired, naive = [], []
    mismatches = checked = 0
    for i in range(0, len(tpls), every):
        paired.append(fast[i])
        t0 = time.perf_counter()
        ref = naive_area_squares(session.geo, tpls[i], session.policy)
        naive.append((time.perf_counter() - t0) * 1000)
        checked += 1
        mismatches += squares_of(results[i]) != ref
    return paired, naive, mismatches, checked


def compare(session: Any, tpls: list[Any], every: int) -> tuple[list[float], list[float],
                                                                  list[float], int, int]:
    """(fast ms for all, fast ms on the subset, naive ms on the subset, mismatches, checked).

    The previews run first, the naive loop on the subset afterwards. Interleaved, each
    preview after a naive run (tens of ms of allocation) found cold caches and garbage to
    collect: 6 of 54 samples, which made the p95 a measure of the naive loop's leftovers."""
    fast, results = preview_each(session, tpls)
    return (fast, *against_naive(session, tpls, results, fast, every))


def run(ctx: Context) -> list[Timing]:
    from battlemap.model import AreaMethod

    rows: list[Timing] = []
    for system in AREA_SYSTEMS:
        session = ctx.session(system)
        for method in AreaMethod:
            tpls = templates(ctx, session, method.value)
            session.preview_area(tpls[0])  # warm-up
            fast, paired, naive, bad, checked = compare(session, tpls, ctx.sizes.naive_area_every)
            note = (f"{len(tpls)} templates; naive on {checked}; "
                    f"{'results EQUAL naive' if not bad else f'{bad} MISMATCHES vs naive'}")
            rows.append(Timing(f"area preview {method.value} ({system} shapes)", fast,
                               baseline_ms=naive, paired_ms=paired, target=TARGET, note=note,
                               extra={"mismatches": bad, "checked": checked}))
    from benchmarks import sc_area_drag

    return rows + sc_area_drag.run(ctx, AREA_SYSTEMS)
