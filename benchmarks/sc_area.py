"""Scenario 2, area preview: every shape × sizes × positions × method, through
`Session.preview_area` (the vectorised core), against the naive per-square / per-wall loop of
`benchmarks.baselines.geometry` on a regular subset of the same templates (same run, same map)."""

from __future__ import annotations

from typing import Any

from benchmarks.area_timing import TARGET, against_naive, preview_each, squares_of
from benchmarks.config import AREA_SYSTEMS
from benchmarks.context import Context
from benchmarks.harness import Timing


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


__all__ = ["compare", "run", "squares_of", "templates"]
