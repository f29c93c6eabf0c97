"""Scenario 4, continued: a token dragged with the mouse in the real map view (offscreen,
1920×1080, play zoom, stress map), timed from the mouse event to the end of the repaint of
what the move made dirty (the engine's preview: path, cost, OAs, the ghost and the 20 nearest
foes' cover badges, all in that one frame), in wall and CPU time. Several random party
tokens, each along its own route. Back to back, then paced at 120 Hz (the process idles one
frame before each move, as between a real mouse's events). At the drop every question is
answered "no" and a move made anyway is undone, so the stress map is left as it was."""

from __future__ import annotations

import time
from typing import Any

from benchmarks import sc_gui_commands, sc_gui_template
from benchmarks.context import Context
from benchmarks.gui_events import FRAME_TARGET, mouse
from benchmarks.harness import Timing, not_available
from benchmarks.route import oa_route
from benchmarks.sc_drag import pick_mover, random_movers
from benchmarks.sc_qt import qt_app


class Frame:
    """One mouse move: ms from the event to the end of the repaint of the viewport (the
    token's new square, path, cost and cover badges on screen), wall and CPU, and whether
    anything was still queued for the event loop's next turn afterwards."""

    def __init__(self, frame_ms: float, cpu_ms: float, left_over: bool) -> None:
        self.frame_ms = frame_ms
        self.cpu_ms = cpu_ms
        self.left_over = left_over


def _stamp_paints(view: Any, stamps: list[float]) -> Any:
    """An event filter that paints the viewport itself and notes when each paint ended."""
    from PySide6.QtCore import QEvent, QObject

    class Stamps(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 (Qt override)
            if event.type() != QEvent.Type.Paint:
                return False
            view.viewportEvent(event)  # the real paint, then the time it ended
            stamps.append(time.perf_counter())
            return True

    stamper = Stamps()
    view.viewport().installEventFilter(stamper)
    return stamper


def drag_frames(view: Any, mover: Any, path: list[tuple[int, int]],
                pace_s: float) -> list[Frame]:
    """Per mouse move along `path`, the frame and badge times (`Frame`); the drop is undone."""
    app = qt_app()
    session = view.session
    view.centerOn(*_scene_centre(mover))
    app.processEvents()
    mouse(view, "press", (mover.col, mover.row))
    app.processEvents()
    stamps: list[float] = []
    stamper = _stamp_paints(view, stamps)
    out = []
    try:
        for square in path:
            if pace_s:
                time.sleep(pace_s)
            del stamps[:]
            t0, c0 = time.perf_counter(), time.thread_time()
            mouse(view, "move", square)
            # Qt repaints what the move made dirty (the view's smart update), now rather than
            # at the next vsync.
            app.processEvents()
            done, cpu = time.perf_counter(), time.thread_time()
            last = max(stamps[-1], t0) if stamps else done
            before = len(stamps)
            app.processEvents()  # a turn left over would be paid by the next mouse event
            out.append(Frame((last - t0) * 1000, (cpu - c0) * 1000, len(stamps) > before))
    finally:
        view.viewport().removeEventFilter(stamper)
    # The drop: any question is answered "no" (no modal dialog in a benchmark), and a move
    # that was made anyway is undone.
    moves = view.controllers["move"]
    moves.ask_oa = lambda provokes, names: None
    moves.ask_override = lambda reason: False
    mouse(view, "release", path[-1])
    app.processEvents()
    if _moved(session, mover):
        session.undo()
        app.processEvents()
    return out


def press_frames(view: Any, tokens: list[Any]) -> list[float]:
    """ms from a press on each token (it is selected: its threatened squares, reach ring
    and flanking drawn, a drag starts) to the painted frame; released at once."""
    app = qt_app()
    out = []
    for tok in tokens:
        view.centerOn(*_scene_centre(tok))
        view.map_scene.clearSelection()
        app.processEvents()
        t0 = time.perf_counter()
        mouse(view, "press", (tok.col, tok.row))
        app.processEvents()
        out.append((time.perf_counter() - t0) * 1000)
        # Timed what it says: the token selected (no tool armed took the press).
        assert view.map_scene.tokens[tok.id].isSelected(), f"{tok.id} was not selected"
        mouse(view, "release", (tok.col, tok.row))
        app.processEvents()
    return out


def _moved(session: Any, mover: Any) -> bool:
    now = session.encounter.token(mover.id)
    return (now.col, now.row) != (mover.col, mover.row)


def _scene_centre(token: Any) -> tuple[float, float]:
    from battlemap.ui.map.units import PX

    return ((token.col + 0.5) * PX, (token.row + 0.5) * PX)


def run(ctx: Context) -> list[Timing]:
    try:
        qt_app()
        from battlemap.ui.map import MapView  # noqa: F401
    except ImportError as err:
        return [not_available("GUI drag", f"MapView not importable: {err}", FRAME_TARGET)]
    from benchmarks.sc_qt import close_view, map_view

    s = ctx.sizes
    rows: list[Timing] = []
    for system in ("dnd2024", "adnd2bis"):
        session = ctx.session(system)
        view = map_view(session)
        try:
            view.resetTransform()  # play zoom: every token an item, named
            warm = pick_mover(session.encounter)
            drag_frames(view, warm, oa_route(session, warm, 3), 0.0)  # the tools' first use
            picked = random_movers(session.encounter, 2 * s.drag_movers, f"gui {system}")
            movers = picked[: s.drag_movers]
            fast: list[Frame] = []
            paced: list[Frame] = []
            for i, mover in enumerate(picked):
                path = oa_route(session, mover, s.drag_steps)
                (fast if i < s.drag_movers else paced).extend(
                    drag_frames(view, mover, path, 0.0 if i < s.drag_movers else s.pace_s))
                start = session.encounter.token(mover.id)
                assert (start.col, start.row) == (mover.col, mover.row), "not undone"
            templates = sc_gui_template.run_view(view, system, s.gui_template_repeats)
            party = [t for t in session.encounter.tokens if t.side == "party"]
            presses = press_frames(view, party)
        finally:
            close_view(view)
        # In the GM window alone: with this view still listening, every command would
        # redraw two maps.
        commands = sc_gui_commands.run_window(session, system, s.gui_commands)
        left = sum(f.left_over for f in fast + paced)
        rows += [
            Timing(f"GUI drag: mouse move to painted frame, 1920×1080 ({system})",
                   [f.frame_ms for f in fast], cpu_ms=[f.cpu_ms for f in fast],
                   target=FRAME_TARGET,
                   note=f"{len(fast)} moves of {len(movers)} random party tokens; the token's "
                        "new square: path, cost, OAs, ghost and the 20 nearest foes' cover "
                        f"badges drawn in one frame; {left} moves left a frame for the next "
                        "turn"),
            Timing(f"  paced, idle {s.pace_s * 1000:.1f} ms before each move ({system})",
                   [f.frame_ms for f in paced], cpu_ms=[f.cpu_ms for f in paced],
                   note="other random party tokens; what the GM's mouse sees"),
            Timing(f"GUI press on a token: selected, drag started, frame painted ({system})",
                   presses, target=FRAME_TARGET,
                   note=f"each of the {len(party)} party tokens once; threatened squares, "
                        "reach ring and flanking of the selection drawn"),
            *templates, *commands]
    return rows
