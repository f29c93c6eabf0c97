"""The fog kernel's rows (`sc_fog`): what one new eye costs at fresh random points, against
the first sweep (`baselines.pairs_sweep`) and CGAL's visibility polygon
(`baselines.cgal_visibility`, when pyvispoly is installed); the whole party's views after
the party moves; and how both grow with 10× the walls and 10× the tokens.

Every eye is a fresh random point (its seed in the note), never a remembered view; CPU time
(`time.thread_time`) is the rows' samples, wall time in the note; the collector runs as in
the app. The regions are checked: equal to the baseline's (Δ area ≤ SAME), within AREA_TOL
of CGAL's."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from benchmarks.context import Context
from benchmarks.harness import Timing, not_available

SAME = 1e-6  # area (grid units²) of the symmetric difference below which regions are equal
AREA_TOL = 0.005  # CGAL's areas (walls thickened) within this share of the sweep's
EYE_TARGETS = {4000: "p95 ≤ 3 ms", 40000: "p95 ≤ 6 ms"}
PARTY_TARGET = "≤ 50 ms"
SCALE_TARGET = "≤ 3× per 10× data"


def _timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    """(CPU ms, wall ms, value) of one call."""
    c0, w0 = time.thread_time(), time.perf_counter()
    value = fn()
    return (time.thread_time() - c0) * 1000, (time.perf_counter() - w0) * 1000, value


def _pcts(xs: list[float]) -> str:
    t = Timing("", xs)
    return f"p50 {t.p50:.2f} / p95 {t.p95:.2f} / max {t.max:.2f} ms"


class _Maps:
    """The stress maps of the rows, built once per (walls, tokens, grid), index time untimed."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._geo: dict[tuple[int, int, int], Any] = {}

    def geo(self, walls: int, tokens: int, grid: int) -> Any:
        key = (walls, tokens, grid)
        if key not in self._geo:
            from battlemap.geometry import MapGeometry

            geo = MapGeometry(self.ctx.encounter("dnd2024", tokens=tokens, walls=walls,
                                                 grid=grid))
            geo.walls.runs("sight")
            self._geo[key] = geo
        return self._geo[key]


def _eyes(rng: np.random.Generator, n: int, grid: int) -> np.ndarray:
    return rng.uniform(0.05, grid - 0.05, (n, 2))


def _one_eye(geo: Any, eye: np.ndarray) -> tuple[float, float, Any]:
    import shapely

    from battlemap.geometry.vision.visible import seen_from

    box = shapely.box(0, 0, geo.cols, geo.rows)
    return _timed(partial(seen_from, geo, eye, box))


def eye_rows(ctx: Context, maps: _Maps, seed: int) -> list[Timing]:
    """One new eye at fresh random points, on the stress map (4,000 walls) and on the
    40,000-wall map of the scaling rows; the first sweep on the same eyes; CGAL's."""
    import shapely

    from benchmarks.baselines.pairs_sweep import pairs_seen_from

    s = ctx.sizes
    rows: list[Timing] = []
    for walls, grid in ((s.walls, s.cols), (s.scale_walls[-1], s.scale_grid)):
        geo = maps.geo(walls, s.tokens, grid)
        rng = np.random.default_rng(seed + walls)
        eyes = _eyes(rng, s.fog_fresh_eyes, grid)
        _one_eye(geo, _eyes(rng, 1, grid)[0])  # imports, first-call costs
        timed = [_one_eye(geo, e) for e in eyes]
        cpu, wall = [c for c, _, _ in timed], [w for _, w, _ in timed]
        # The first sweep: every eye on the smaller map, the first few on the big one (it
        # takes seconds where a view leaks far).
        some = len(eyes) if walls <= s.walls else s.fog_naive_eyes
        box = shapely.box(0, 0, geo.cols, geo.rows)
        base, worst = [], 0.0
        for eye, (_, _, region) in zip(eyes[:some], timed[:some], strict=True):
            c, _, old = _timed(partial(pairs_seen_from, geo, eye, box))
            diff = float(shapely.area(shapely.symmetric_difference(old, region)))
            if diff > SAME:
                raise AssertionError(f"fog of {eye.tolist()}: the sweep and the first sweep "
                                     f"differ by {diff:.3g}")
            base.append(c)
            worst = max(worst, diff)
        segs = len(geo.walls)
        name = f"fog, one new eye at a fresh random point, {segs:,} walls (CPU time)"
        rows.append(Timing(
            name, cpu, baseline_ms=base, paired_ms=cpu[:some],
            target=EYE_TARGETS.get(segs, ""),
            note=f"{len(eyes)} eyes (seed {seed + walls}), {len(geo.walls.runs('sight').coords):,}"
                 f" merged runs; wall time {_pcts(wall)}; baseline: the first sweep "
                 f"(pairs interval × wall) on {some} of them, regions equal (Δ ≤ {worst:.1g})"))
        rows.append(_cgal_row(geo, eyes, timed, segs))
    return rows


def _cgal_row(geo: Any, eyes: np.ndarray, timed: list[tuple[float, float, Any]],
              segs: int) -> Timing:
    import shapely

    from benchmarks.baselines.cgal_visibility import LocalFloor, available

    name = f"same eyes, CGAL's visibility polygon (pyvispoly), {segs:,} walls (CPU time)"
    why = available()
    if why is not None:
        return not_available(name, why)
    runs = geo.walls.runs("sight")
    ours, theirs, wall, worst = [], [], [], 0.0
    for eye, (c, _, region) in zip(eyes, timed, strict=True):
        e = (float(eye[0]), float(eye[1]))
        x0, y0, x1, y1 = shapely.bounds(region).tolist()
        box = (max(0.0, x0 - 1), max(0.0, y0 - 1), min(geo.cols, x1 + 1), min(geo.rows, y1 + 1))
        floor = LocalFloor(runs.coords, runs.tree, e, box)
        if floor.calculator is None:
            continue  # inside a thickened wall: no CGAL answer
        tc, tw, poly = _timed(partial(floor.seen, e))
        area = float(region.area)
        share = abs(float(poly.area()) - area) / max(area, 1e-9)
        if share > AREA_TOL:
            raise AssertionError(f"fog of {e}: CGAL's area differs by {share:.2%}")
        worst = max(worst, share)
        ours.append(c)
        theirs.append(tc)
        wall.append(tw)
    p95 = Timing("", ours).p95 / max(Timing("", theirs).p95, 1e-9)
    return Timing(name, theirs, target="the sweep within 1.5×",
                  note=f"{len(theirs)} of the eyes (the others inside a thickened wall); "
                       f"wall time {_pcts(wall)}; the sweep's p95 / CGAL's: {p95:.1f}×; "
                       f"areas within {worst:.2%} (walls thickened by 2×10⁻⁵); CGAL's floor "
                       f"(the view's box grown by a square within the grid, walls in it) built before timing",
                  extra={"sweep_over_cgal_p95": p95})


def party_row(ctx: Context, maps: _Maps, seed: int) -> Timing:
    """Every party token steps to a fresh point near where it stood: all their views anew."""
    from battlemap.geometry.vision.visible import party_viewpoints, seen_regions

    s = ctx.sizes
    geo = maps.geo(s.walls, s.tokens, s.cols)
    base = np.array(party_viewpoints(geo.tokens.values()), dtype=float)
    rng = np.random.default_rng(seed)
    cpu, wall = [], []
    for _ in range(s.fog_moves + 1):
        eyes = np.clip(base + rng.uniform(-1.0, 1.0, base.shape), 0.05, s.cols - 0.05)
        c, w, _ = _timed(partial(seen_regions, geo, [tuple(e) for e in eyes.tolist()]))
        cpu.append(c)
        wall.append(w)
    cpu, wall = cpu[1:], wall[1:]  # the first one pays the imports
    return Timing(f"fog after the whole party moves: {len(base)} new eyes, each to a fresh point"
                  f" (CPU time)", cpu, target=PARTY_TARGET,
                  note=f"{s.fog_moves} moves (seed {seed}), every view worked out anew (none "
                       f"remembered), not united (the fog item paints each); wall time "
                       f"{_pcts(wall)}")


def scaling_rows(ctx: Context, maps: _Maps, seed: int) -> list[Timing]:
    """Walls 400 → 4,000 → 40,000: one new eye at fresh points. Tokens 30 → 3,000: the fog
    after one party token moves to a fresh point (its view anew, the others remembered)."""
    from battlemap.geometry.vision.visible import party_viewpoints, seen_regions

    s = ctx.sizes
    rng = np.random.default_rng(seed)
    walls_p50 = []
    for walls in s.scale_walls:
        geo = maps.geo(walls, s.tokens, s.scale_grid)
        _one_eye(geo, _eyes(rng, 1, s.scale_grid)[0])
        walls_p50.append([_one_eye(geo, e)[0]
                          for e in _eyes(rng, s.fog_fresh_eyes, s.scale_grid)])
    tokens_p50 = []
    for tokens in s.scale_tokens:
        geo = maps.geo(s.walls, tokens, s.scale_grid)
        eyes = party_viewpoints(geo.tokens.values())
        seen_regions(geo, eyes)  # every view once: the fog as it stands
        times = []
        for k in range(s.fog_fresh_eyes):
            moved = list(eyes)
            i = k % len(moved)
            moved[i] = tuple(np.clip(np.array(moved[i]) + rng.uniform(-1, 1, 2), 0.05,
                                     s.scale_grid - 0.05).tolist())
            times.append(_timed(partial(seen_regions, geo, moved))[0])
        tokens_p50.append(times)
    return [_scaling("walls", "fog one new eye", s.scale_walls, walls_p50),
            _scaling("tokens", "fog after one party token moves", s.scale_tokens, tokens_p50)]


def _scaling(axis: str, what: str, counts: tuple[int, ...], per_size: list[list[float]]
             ) -> Timing:
    meds = [statistics.median(x) for x in per_size]
    steps = [b / max(a, 1e-9) for a, b in zip(meds, meds[1:], strict=False)]
    sizes = ", ".join(f"{n}: {m:.2f} ms" for n, m in zip(counts, meds, strict=True))
    worst = max(steps) if steps else float("nan")
    return Timing(f"scaling {axis}: {what} (CPU time)", per_size[-1], target=SCALE_TARGET,
                  note=f"p50 {sizes}; per step: {', '.join(f'×{r:.1f}' for r in steps)} "
                       f"({'ok' if worst <= 3 else 'MISSED'}); fresh random points",
                  extra={"steps": steps})


def run(ctx: Context) -> list[Timing]:
    seed = int(time.time()) % 100_000  # fresh eyes each run; the notes give the seed
    maps = _Maps(ctx)
    return [*eye_rows(ctx, maps, seed), party_row(ctx, maps, seed), *scaling_rows(ctx, maps, seed)]
