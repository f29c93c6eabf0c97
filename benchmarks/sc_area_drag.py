"""Scenario 2, continued: a template dragged across the map, as a GM places a fireball. Each
preview is at a new origin (one square on, along a random walk), so its line of effect is
worked out afresh; the shape's stencil is built by the first preview of each template (not
timed: the GM picked the tool). Run back to back, then paced on other walks (idle for one
120 Hz frame before each preview, as the GUI between mouse events), each pass on an emptied
line-of-effect cache, and checked against the baseline on a regular subset."""

from __future__ import annotations

import statistics
from typing import Any

from benchmarks.area_timing import Previews, against_naive, preview_each
from benchmarks.context import Context
from benchmarks.harness import Timing

# (shape, size in m, direction): a fireball, a big circle, a cone, a bolt, a cube.
DRAGGED = (("sphere", 6.0, 0.0), ("sphere", 18.0, 0.0), ("cone", 9.0, 30.0),
           ("line", 18.0, 30.0), ("cube", 6.0, 30.0))


def dragged_templates(ctx: Context, seed: str) -> list[list[Any]]:
    """Per template, its previews along a random walk of intersections from a random start
    (one square on in a random direction at each step, kept on the map): each drag its own
    route, each pass its own `seed`."""
    import random

    from battlemap.model import AreaTemplate

    s = ctx.sizes
    rng = random.Random(seed)
    out = []
    for shape, size, angle in DRAGGED:
        c, r = rng.randrange(2, s.cols - 2), rng.randrange(2, s.rows - 2)
        route = []
        for _ in range(s.area_drag_steps + 1):
            route.append((float(c), float(r)))
            c = min(s.cols - 2, max(2, c + rng.choice((-1, 0, 1))))
            r = min(s.rows - 2, max(2, r + rng.choice((-1, 0, 1))))
        out.append([AreaTemplate(shape=shape, size_m=size, direction_deg=angle, origin=o,
                                 id="drag") for o in route])
    return out


def drag_pass(session: Any, drags: list[list[Any]], pace_s: float) -> Previews:
    """The previews of every template's drag after its first preview."""
    session.geo.walls.effect_cache.clear()  # every origin new, in each pass alike
    out = Previews()
    for steps in drags:
        session.preview_area(steps[0])  # picks the tool: builds the stencil
        preview_each(session, steps[1:], pace_s, into=out)
    return out


def run(ctx: Context, systems: tuple[str, ...]) -> list[Timing]:
    rows: list[Timing] = []
    for system in systems:
        session = ctx.session(system)
        drags = dragged_templates(ctx, f"drag {system}")
        got = drag_pass(session, drags, 0.0)
        paced = drag_pass(session, dragged_templates(ctx, f"drag {system} paced"),
                          ctx.sizes.pace_s)
        moved = [t for steps in drags for t in steps[1:]]
        against_naive(session, moved, got, max(1, ctx.sizes.naive_area_every))
        shapes = ", ".join(f"{shape} {size:g} m" for shape, size, _ in DRAGGED)
        rows.append(got.row(f"area template dragged, a new origin each preview ({system})",
                            f"{shapes}; {len(got.clock.wall)} previews on random walks"))
        ratio = statistics.median(paced.clock.cpu) / max(statistics.median(got.clock.cpu), 1e-9)
        rows.append(Timing(
            f"  paced, idle {ctx.sizes.pace_s * 1000:.1f} ms before each preview ({system})",
            paced.clock.wall, cpu_ms=paced.clock.cpu,
            note=f"other random walks; ×{ratio:.2f} the CPU p50 back to back; what the GUI "
                 "sees"))
    return rows
