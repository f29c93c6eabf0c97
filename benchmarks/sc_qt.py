"""Scenario 4: a full repaint of a 1920×1080 MapView over the stress map (offscreen), and one
token item moved 1,000 times with the event loop run after each move (what a drag costs Qt)."""

from __future__ import annotations

import os
import time
from typing import Any

from benchmarks.context import Context
from benchmarks.harness import Timing, not_available

REPAINT_TARGET = "≤ 4 ms"


def qt_app() -> Any:
    """The process's QApplication; offscreen unless a display was asked for explicitly."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        try:
            from battlemap.ui.app import get_app

            app = get_app(["benchmarks"])
        except ImportError:
            app = QApplication(["benchmarks"])
    return app


def map_view(session: Any, w: int = 1920, h: int = 1080) -> Any:
    """The real MapView when it imports, shown at w×h and painted once."""
    from battlemap.ui.map import MapView

    view = MapView(session)
    view.resize(w, h)
    view.show()
    qt_app().processEvents()
    return view


def close_view(view: Any) -> None:
    """Close a view from `map_view` for good: it stops listening to its session first (as
    a window's replaced view does), else a later scenario's commands on the same session
    would redraw this dead map too."""
    view.shutdown()
    view.close()
    view.deleteLater()
    qt_app().processEvents()


def repaint_samples(view: Any, n: int) -> list[float]:
    app = qt_app()
    out = []
    port = view.viewport()
    for _ in range(n + 1):
        t0 = time.perf_counter()
        port.repaint()  # synchronous paintEvent of the whole viewport
        out.append((time.perf_counter() - t0) * 1000)
        app.processEvents()
    return out[1:]


def move_samples(view: Any, token_id: str, n: int) -> list[float]:
    from PySide6.QtCore import QPointF

    app = qt_app()
    item = view.map_scene.tokens[token_id]
    start = item.pos()
    step = 64.0
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        item.setPos(start + QPointF(step * (i % 7), step * ((i // 7) % 5)))
        app.processEvents()  # the scene index update and the repaint of the dirty region
        out.append((time.perf_counter() - t0) * 1000)
    item.setPos(start)
    app.processEvents()
    return out


def zoom_samples(view: Any, steps: int) -> tuple[list[float], list[float], list[float]]:
    """ms per zoom notch (the view's step, as a wheel notch or a key press), from 1:1 out
    `steps` notches and back in. A notch shows the picture from before its burst, scaled
    (`ui/map/gestures/zoom_burst.py`); the burst's end draws the background and every token in view
    again at the new scale. Returns (each notch alone, to its frame; the same burst then
    ended at once, as a pause of the wheel would, to the sharp frame; each notch of two
    bursts of `steps` notches, out then in, to its frame)."""
    app = qt_app()
    single, sharp, burst = [], [], []
    for zoom in [view.zoom_out] * steps + [view.zoom_in] * steps:
        t0 = time.perf_counter()
        zoom()
        app.processEvents()
        t1 = time.perf_counter()
        view.burst.settle()
        app.processEvents()
        single.append((t1 - t0) * 1000)
        sharp.append((time.perf_counter() - t1) * 1000)
    for zoom in (view.zoom_out, view.zoom_in):
        for _ in range(steps):
            t0 = time.perf_counter()
            zoom()
            app.processEvents()
            burst.append((time.perf_counter() - t0) * 1000)
        view.burst.settle()
        app.processEvents()
    return single, sharp, burst


def fog_rows(session: Any, moves: int) -> list[Timing]:
    """The players' fog of war: what the fog item asks of the geometry (`seen_regions`: each
    party token's view, not united), from scratch (the fog switched on), then after one party
    token moves a square (the others' views remembered). Painting them is in `sc_fog`."""
    from battlemap.geometry.vision.visible import party_viewpoints, seen_regions
    from benchmarks.harness import gc_paused

    geo = session.geo
    eyes = party_viewpoints(session.encounter.tokens)
    geo.walls.runs("sight")  # built once per wall layout, not timed (as the note says)
    fresh, after_move = [], []
    with gc_paused():
        for k in range(moves):
            geo.walls.seen_cache.clear()
            t0 = time.perf_counter()
            seen_regions(geo, eyes)
            fresh.append((time.perf_counter() - t0) * 1000)
            x, y = eyes[0]
            moved = [(x + (1 if k % 2 == 0 else -1), y), *eyes[1:]]
            t0 = time.perf_counter()
            seen_regions(geo, moved)
            after_move.append((time.perf_counter() - t0) * 1000)
    geo.walls.seen_cache.clear()
    return [Timing(f"fog of war: what {len(eyes)} party tokens see, from scratch (fog switched on)",
                   fresh, note="per viewpoint, an angular sweep over the nearest merged wall runs, then "
                        "over every run meeting what they leave seen (runs built once per wall "
                        "layout, before); the views, not united (the fog item paints them)"),
            Timing("fog of war after one party token moves (the others' views remembered)",
                   after_move, note="one viewpoint measured again")]


def run(ctx: Context) -> list[Timing]:
    try:
        qt_app()
        from battlemap.ui.map import MapView  # noqa: F401
    except ImportError as err:
        return [not_available("repaint 1920×1080", f"MapView not importable: {err}",
                              REPAINT_TARGET)]
    s = ctx.sizes
    session = ctx.session("dnd2024")
    view = map_view(session)
    try:
        view.fit()  # the zoom a map opens at: the whole map in view (aspect ratio kept)
        qt_app().processEvents()
        rows = [Timing("repaint 1920×1080, whole map in view (the opening zoom)",
                       repaint_samples(view, s.repaints), target=REPAINT_TARGET,
                       note=_visible(view))]
        view.resetTransform()  # 1 scene pixel per screen pixel: every token an item, named
        view.centerOn(view.map_scene.grid_rect().center())
        qt_app().processEvents()
        rows.append(Timing("repaint 1920×1080, zoom 1:1 (play zoom)",
                           repaint_samples(view, s.repaints), target=REPAINT_TARGET,
                           note=_visible(view)))
        single, sharp, burst = zoom_samples(view, s.zoom_steps)
        rows.append(Timing("zoom one wheel notch from 1:1, out then back in: the frame shown",
                           single, note=f"{s.zoom_steps} notches each way; the picture from "
                                        "before the notch, scaled"))
        rows.append(Timing(f"  each notch of a burst (the wheel spun {s.zoom_steps} notches out, "
                           "then in)",
                           burst, note="the burst's first picture, scaled again"))
        rows.append(Timing("  the sharp frame once the wheel stops", sharp,
                           note="the background and every token in view drawn again at the "
                                "new scale"))
        rows += fog_rows(session, s.fog_moves)
        view.fit()
        qt_app().processEvents()
        mover = session.encounter.tokens[0].id
        rows.append(Timing(f"move one token item ×{s.item_moves}",
                           move_samples(view, mover, s.item_moves),
                           note="setPos + processEvents, per move; whole map in view"))
    finally:
        close_view(view)
    return rows


def _visible(view: Any) -> str:
    r = view.visibleSceneRect()
    from battlemap.ui.map.units import PX

    return f"{r.width() / PX:.0f}×{r.height() / PX:.0f} squares visible"
