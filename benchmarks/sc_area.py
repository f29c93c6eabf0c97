"""Scenario 2, area preview: every shape × sizes × method at fresh random origins, through
`Session.preview_area` (the vectorised core), against the per-square loop of
`benchmarks.baselines.geometry` (walls in an STRtree) on a regular subset of the same
templates (same run, same map), in CPU time."""

from __future__ import annotations

from typing import Any

from benchmarks.area_timing import Previews, against_naive, preview_each, squares_of
from benchmarks.config import AREA_SYSTEMS
from benchmarks.context import Context
from benchmarks.harness import Timing


def templates(ctx: Context, session: Any, method: str | None, seed: int = 0) -> list[Any]:
    """Every shape and size `area_positions` times, each at a fresh random origin (a grid
    intersection, a square's centre or anywhere) and direction: no two previews share a line
    of effect, so none is a cache hit. Emanations ride a random token. Seeded: a rerun draws
    the same templates."""
    import random

    from battlemap.model import AreaShape, AreaTemplate

    s = ctx.sizes
    rng = random.Random(f"area {session.encounter.system} {method} {seed}")
    tokens = session.encounter.tokens
    out = []
    for k in range(s.area_positions):
        for shape in AreaShape:
            for size in s.area_sizes_m:
                snap = rng.choice((0.0, 0.5, None))
                x, y = rng.uniform(2, s.cols - 2), rng.uniform(2, s.rows - 2)
                origin = ((float(int(x)) + snap, float(int(y)) + snap) if snap is not None
                          else (round(x, 3), round(y, 3)))
                common = {"shape": shape, "size_m": size,
                          "direction_deg": round(rng.uniform(0, 360), 1),
                          "method": method, "id": f"b{k}"}
                if shape is AreaShape.EMANATION:
                    out.append(AreaTemplate(token=rng.choice(tokens).id, **common))
                else:
                    out.append(AreaTemplate(origin=origin, **common))
    return out


def compare(session: Any, tpls: list[Any], every: int) -> Previews:
    """The previews of `tpls`, then the baseline on every `every`-th of them.

    The previews run first, the baseline on the subset afterwards. Interleaved, each
    preview after a baseline run (milliseconds of allocation) found cold caches and garbage
    to collect, which made the p95 a measure of the baseline's leftovers."""
    return against_naive(session, tpls, preview_each(session, tpls), every)


def run(ctx: Context) -> list[Timing]:
    from battlemap.model import AreaMethod

    rows: list[Timing] = []
    for system in AREA_SYSTEMS:
        session = ctx.session(system)
        for method in AreaMethod:
            session.preview_area(templates(ctx, session, method.value, seed=1)[0])  # warm-up
            tpls = templates(ctx, session, method.value)
            got = compare(session, tpls, ctx.sizes.naive_area_every)
            rows.append(got.row(f"area preview {method.value} ({system} shapes)",
                                f"{len(tpls)} templates, each at a fresh random origin"))
    from benchmarks import sc_area_drag

    return rows + sc_area_drag.run(ctx, AREA_SYSTEMS)


__all__ = ["compare", "run", "squares_of", "templates"]
