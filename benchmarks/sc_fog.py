"""Fog of war for one eye (`geometry.visibility`): in a cave exported as one outline of
20,000 points (`cave`), and from each party token of the stress map, every view worked out
from scratch (the merged wall runs, built once per wall layout, before). The naive method
(`naive.naive_seen_from`: every wall's shadow, one at a time, united) runs in the same run
on the cave once and on a few stress eyes; the regions must be equal."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing, gc_paused

CAVE_TARGET = "≤ 100 ms"
SAME = 1e-6  # area of the symmetric difference (grid units²) below which regions are equal


def _view_ms(geo: Any, eye: tuple[float, float]) -> tuple[float, Any]:
    from battlemap.geometry.visibility import visible_region

    geo.walls.seen_cache.clear()
    t0 = time.perf_counter()
    region = visible_region(geo, [eye])
    return (time.perf_counter() - t0) * 1000, region


def _naive_ms(geo: Any, eye: tuple[float, float], fast: Any) -> tuple[float, float]:
    """(ms of the naive view, area where it and the fast one differ); raises if they do."""
    import shapely

    from battlemap.geometry.naive import naive_seen_from

    t0 = time.perf_counter()
    region = naive_seen_from(geo, eye)
    ms = (time.perf_counter() - t0) * 1000
    diff = float(shapely.area(shapely.symmetric_difference(region, fast)))
    if diff > SAME:
        raise AssertionError(f"fog of {eye}: the fast and naive regions differ by {diff:.3g}")
    return ms, diff


def cave_row(ctx: Context) -> Timing:
    from battlemap.geometry import MapGeometry
    from benchmarks.cave import cave_encounter, cave_eye

    s = ctx.sizes
    geo = MapGeometry(cave_encounter(s.fog_cave_points))
    eye = cave_eye()
    _, region = _view_ms(geo, eye)  # the runs, imports
    with gc_paused():
        samples = [_view_ms(geo, eye)[0] for _ in range(s.fog_cave_repeat)]
    naive, diff = _naive_ms(geo, eye, region)
    segs = len(geo.walls)
    return Timing(f"fog of war: one eye in a cave of {s.fog_cave_points:,} points, from scratch",
                  samples, baseline_ms=[naive], target=CAVE_TARGET,
                  note=f"{segs:,} wall segments; angular sweep; naive measured once, "
                       f"regions equal (Δ area {diff:.1g})")


def stress_row(ctx: Context) -> Timing:
    from battlemap.geometry.visibility import party_viewpoints, visible_region

    s = ctx.sizes
    session = ctx.session("dnd2024")
    geo = session.geo
    eyes = party_viewpoints(session.encounter.tokens)
    visible_region(geo, eyes)  # the runs, imports
    with gc_paused():
        timed = [_view_ms(geo, e) for e in eyes]
    samples = [ms for ms, _ in timed]
    naive, worst = [], 0.0
    for eye, (_, region) in zip(eyes[:s.fog_naive_eyes], timed, strict=False):
        ms, diff = _naive_ms(geo, eye, region)
        naive.append(ms)
        worst = max(worst, diff)
    geo.walls.seen_cache.clear()
    return Timing(f"fog of war: one eye on the stress map (each of the {len(eyes)} party tokens), "
                  "from scratch", samples, baseline_ms=naive,
                  paired_ms=samples[:len(naive)],
                  note=f"naive on the first {len(naive)}, regions equal (Δ area ≤ {worst:.1g})")


def run(ctx: Context) -> list[Timing]:
    return [cave_row(ctx), stress_row(ctx)]
