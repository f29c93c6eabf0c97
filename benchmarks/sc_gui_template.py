"""Scenario 2 in the real map view: the GM places area templates with the mouse (offscreen,
1920×1080, play zoom, stress map), each mouse move timed to the end of its painted frame:
the engine's preview, the covered squares, the dashed shape, the tokens hit and the size
handle drawn. Three gestures from one intersection: a sphere dragged out from 1.5 to 18 m
(it ends up filling most of the screen), a 9 m cone and an 18 m line swept once around.
Each template is then removed (undone), so the stress map is left as it was."""

from __future__ import annotations

import math
import time
from typing import Any

from benchmarks.gui_events import FRAME_TARGET, mouse
from benchmarks.harness import Timing
from benchmarks.sc_qt import qt_app

SWEEP_DEG = range(0, 360, 15)  # the tool snaps directions to 15°


Point = tuple[float, float]


def gestures(origin: Point) -> dict[str, tuple[str, list[Point]]]:
    """name → (shape, pointer positions in grid units after the press on `origin`)."""
    ox, oy = origin

    def around(r: float) -> list[tuple[float, float]]:
        return [(ox + r * math.cos(math.radians(a)), oy + r * math.sin(math.radians(a)))
                for a in SWEEP_DEG]

    return {"sphere 1.5 → 18 m": ("sphere", [(ox + r, oy) for r in range(1, 13)]),
            "cone 9 m swept around": ("cone", around(6.0)),
            "line 18 m swept around": ("line", around(12.0))}


def place_frames(view: Any, shape: str, origin: Point, moves: list[Point]) -> list[float]:
    """ms per mouse move, event to painted frame, placing one template from `origin` (an
    intersection); then undone."""
    from battlemap.model import AreaShape
    from battlemap.ui.map.units import PX

    app = qt_app()
    tool = view.controllers["template"]
    tool.arm(AreaShape(shape))
    view.centerOn(origin[0] * PX, origin[1] * PX)
    app.processEvents()
    # `mouse` aims at a square's centre: half a square back lands on the point itself.
    mouse(view, "press", (origin[0] - 0.5, origin[1] - 0.5))
    app.processEvents()
    out = []
    for x, y in moves:
        t0 = time.perf_counter()
        mouse(view, "move", (x - 0.5, y - 0.5))
        app.processEvents()
        out.append((time.perf_counter() - t0) * 1000)
    mouse(view, "release", (moves[-1][0] - 0.5, moves[-1][1] - 0.5))
    app.processEvents()
    view.session.undo()  # the template placed at the release
    app.processEvents()
    return out


def run_view(view: Any, system: str, repeats: int) -> list[Timing]:
    rows = []
    enc = view.session.encounter
    before = len(enc.templates)
    origin = (float(enc.grid.cols // 2), float(enc.grid.rows // 2))  # an intersection
    for name, (shape, moves) in gestures(origin).items():
        place_frames(view, shape, origin, moves[:3])  # the tool's first use, not timed
        samples: list[float] = []
        for _ in range(repeats):
            samples += place_frames(view, shape, origin, moves)
        rows.append(Timing(f"GUI template: {name}, mouse move to painted frame ({system})",
                           samples, target=FRAME_TARGET,
                           note=f"{len(moves)} moves × {repeats}; squares, dashed shape, "
                                "tokens hit and handle drawn"))
    assert len(view.session.encounter.templates) == before, "a template was left on the map"
    return rows
