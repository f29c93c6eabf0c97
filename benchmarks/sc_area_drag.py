"""Scenario 2, continued: a template dragged across the map, as a GM places a fireball. Each
preview is at a new origin (one square on), so its line of effect is worked out afresh; the
shape's stencil is built by the first preview of each template (not timed: the GM picked the
tool). Run back to back, then paced (idle for one 120 Hz frame before each preview, as the
GUI between mouse events), each pass on an emptied line-of-effect cache, and checked against
the naive loop on a regular subset."""

from __future__ import annotations

import statistics
from typing import Any

from benchmarks.area_timing import TARGET, against_naive, preview_each
from benchmarks.context import Context
from benchmarks.harness import Timing

# (shape, size in m, direction): a fireball, a big circle, a cone, a bolt, a cube.
DRAGGED = (("sphere", 6.0, 0.0), ("sphere", 18.0, 0.0), ("cone", 9.0, 30.0),
           ("line", 18.0, 30.0), ("cube", 6.0, 30.0))


def dragged_templates(ctx: Context) -> list[list[Any]]:
    """Per template, its previews along a route of intersections: right, then down every
    other step, starting a fifth of the way in (away from the area rows' three spots)."""
    from battlemap.model import AreaTemplate

    s = ctx.sizes
    c0, r0 = round(s.cols * 0.2), round(s.rows * 0.55)
    route = [(float(c0 + k), float(r0 + k // 2)) for k in range(s.area_drag_steps + 1)]
    return [[AreaTemplate(shape=shape, size_m=size, direction_deg=angle, origin=o, id="drag")
             for o in route] for shape, size, angle in DRAGGED]


def drag_pass(session: Any, drags: list[list[Any]], pace_s: float) -> tuple[list[float],
                                                                           list[Any]]:
    """(ms per preview, results) for every template's drag after its first preview."""
    session.geo.walls.effect_cache.clear()  # every origin new, in each pass alike
    out, results = [], []
    for steps in drags:
        session.preview_area(steps[0])  # picks the tool: builds the stencil
        ms, got = preview_each(session, steps[1:], pace_s)
        out += ms
        results += got
    return out, results


def run(ctx: Context, systems: tuple[str, ...]) -> list[Timing]:
    rows: list[Timing] = []
    for system in systems:
        session = ctx.session(system)
        drags = dragged_templates(ctx)
        fast, results = drag_pass(session, drags, 0.0)
        paced, _ = drag_pass(session, drags, ctx.sizes.pace_s)
        moved = [t for steps in drags for t in steps[1:]]
        paired, naive, bad, checked = against_naive(session, moved, results, fast,
                                                    max(1, ctx.sizes.naive_area_every))
        shapes = ", ".join(f"{shape} {size:g} m" for shape, size, _ in DRAGGED)
        rows.append(Timing(
            f"area template dragged, a new origin each preview ({system})", fast,
            baseline_ms=naive, paired_ms=paired, target=TARGET,
            note=(f"{shapes}; {len(fast)} previews; naive on {checked}; "
                  f"{'results EQUAL naive' if not bad else f'{bad} MISMATCHES vs naive'}"),
            extra={"mismatches": bad, "checked": checked}))
        ratio = statistics.median(paced) / max(statistics.median(fast), 1e-9)
        rows.append(Timing(
            f"  paced, idle {ctx.sizes.pace_s * 1000:.1f} ms before each preview ({system})",
            paced, note=f"×{ratio:.2f} the p50 back to back; what the GUI sees"))
    return rows
