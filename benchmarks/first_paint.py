"""Child process for scenario 6: `python -m benchmarks.first_paint FILE` opens FILE in a
MapView (`--window`: in the whole GM window, as the `battlemap` command does) and prints
`painted <ms since start> cpu <ms> thread_cpu <ms>` after the first paint of the map's viewport, then exits.
With `--floor` it opens no file and imports nothing of ours: a bare QGraphicsView of the same
size, after pydantic has built and used one tiny model (two fields, one bounded). That is what any PySide6 + pydantic
program pays before its first frame on this machine, the floor our start is compared with.
With `--first-gestures` (and `--window`) it waits, after the first frame, until the window's
warm-up is done, then times the GM's first drag step, first area preview and first
initiative roll (in the window, repainted) and prints `first_drag <ms>`, `first_area <ms>`
and `first_roll <ms>`; `--no-warm-up` turns the warm-up off to compare.
With `--stress N` it builds the N-token stress map instead, paints it, runs drag and area
previews, and prints `rss <peak KB>` (VmHWM of this process image) before exiting."""

from __future__ import annotations

import time

T0 = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402


def _open(args: argparse.Namespace) -> Any:
    if args.stress:
        from battlemap.engine import Session
        from benchmarks.stress import stress_encounter

        return Session(stress_encounter("dnd2024", tokens=args.stress, wall_segments=args.walls))
    from battlemap.ui.files.file_kinds import open_session

    return open_session(args.file)


def _exercise(session: Any) -> None:
    """What a GM does in the first minute: drag a token, preview an area."""
    from battlemap.model import AreaTemplate
    from benchmarks.context import drag_path
    from benchmarks.sc_drag import drag_once, pick_mover

    mover = pick_mover(session.encounter)
    grid = session.encounter.grid
    drag_once(session, mover, drag_path(mover, grid.cols, grid.rows, 30), 20)
    for size in (3.0, 9.0, 18.0):
        session.preview_area(AreaTemplate(shape="sphere", origin=(50, 50), size_m=size))


def _build(args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    """(app, session, window, map view) as `battlemap FILE` builds them."""
    from battlemap.ui.app import get_app

    app = get_app([sys.argv[0]])
    session = _open(args)
    if args.window:
        from battlemap.ui.window.main_window import MainWindow

        window = MainWindow(session)
        return app, session, window, window.map_view
    from battlemap.ui.window.map_host import create_map_view

    view = create_map_view(session)
    return app, session, view, view


def _floor() -> tuple[Any, None, Any, Any]:
    """The stack alone: Qt's widgets and pydantic validating one model, none of our code.
    The model has a bounded field (`Field`), as any validating loader's has: `Field` is what
    brings in pydantic's constraint types, which every model file of ours imports."""
    from pydantic import BaseModel, Field
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

    class Probe(BaseModel):
        col: int = Field(ge=0)
        name: str

    Probe.model_validate({"col": 1, "name": "floor"})
    app = QApplication([sys.argv[0]])
    view = QGraphicsView(QGraphicsScene())
    view.setAlignment(Qt.AlignmentFlag.AlignCenter)  # any Qt program builds the Qt namespace
    return app, None, view, view


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("file", nargs="?")
    p.add_argument("--stress", type=int, default=0, help="tokens of a stress map instead")
    p.add_argument("--walls", type=int, default=4000)
    p.add_argument("--window", action="store_true",
                   help="the whole GM window, as `battlemap FILE` opens it, not the map alone")
    p.add_argument("--floor", action="store_true",
                   help="no battlemap code: a bare view after pydantic's first model")
    p.add_argument("--first-gestures", action="store_true",
                   help="after the warm-up, time the first drag step and area preview")
    p.add_argument("--no-warm-up", action="store_true", help="leave the warm-up out")
    args = p.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject, QTimer

    if args.no_warm_up:
        import battlemap.ui._tricks.first_gestures as warm

        warm.pieces = lambda session: []
    app, session, window, view = _floor() if args.floor else _build(args)
    done: dict[str, float] = {}

    class FirstPaint(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 (Qt override)
            if event.type() == QEvent.Type.Paint and "ms" not in done:
                done["ms"] = 0.0
                # After this paint event has been handled: the frame is drawn.
                QTimer.singleShot(0, lambda: _painted(app, session, args, window))
            return False

    watcher = FirstPaint()
    view.viewport().installEventFilter(watcher)
    window.resize(1280, 800)
    window.show()
    QTimer.singleShot(20_000, app.quit)  # never hang a benchmark run
    app.exec()
    return 0 if "ms" in done else 1


def _painted(app: Any, session: Any, args: argparse.Namespace, window: Any) -> None:
    # Wall time since T0, then CPU since the process started (every thread; the interpreter's
    # own start included, as the floor's), then the main thread's CPU alone.
    print(f"painted {(time.perf_counter() - T0) * 1000:.1f} cpu {time.process_time() * 1000:.1f} "
          f"thread_cpu {time.thread_time() * 1000:.1f}", flush=True)
    if os.environ.get("EXIT_AT_PAINT"):
        os._exit(0)  # instruction counts of the start (`benchmarks.instructions start`) stop here
    if args.first_gestures:
        _first_gestures(app, session, window)
    if args.stress:
        _exercise(session)
        peak = _peak_rss_kb()
        print(f"rss {peak}", flush=True)
    app.quit()


def _first_gestures(app: Any, session: Any, window: Any) -> None:
    """The GM's first drag step (path, OAs, the nearest foes' cover), first area preview and
    first initiative roll, once the window has settled (its warm-up done, or left out), each
    a moment after the other."""
    from battlemap.model import AreaTemplate

    end = time.monotonic() + 10
    while not getattr(window, "warmed", True) and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.002)
    time.sleep(0.2)  # the GM reaches for a token: the process idles, as it would
    tok = session.encounter.tokens[-1]
    square = (tok.col - 1 if tok.col > 0 else tok.col + 1, tok.row)
    t0 = time.perf_counter()
    session.preview_move(tok.id, [square])
    session.drag_cover(tok.id, square)
    t1 = time.perf_counter()
    time.sleep(0.2)
    t2 = time.perf_counter()
    session.preview_area(AreaTemplate(shape="sphere", size_m=6.0,
                                      origin=(float(square[0]), float(square[1]))))
    t3 = time.perf_counter()
    time.sleep(0.2)
    t4 = time.perf_counter()
    session.roll_initiative()  # the first dice of the evening, and the docks it redraws
    app.processEvents()
    t5 = time.perf_counter()
    session.undo()  # nothing left to save: the window closes at once, without asking
    print(f"first_drag {(t1 - t0) * 1000:.2f}", flush=True)
    print(f"first_area {(t3 - t2) * 1000:.2f}", flush=True)
    print(f"first_roll {(t5 - t4) * 1000:.2f}", flush=True)


def _peak_rss_kb() -> int:
    """Peak resident memory of this process image. `ru_maxrss` survives exec on Linux, so a
    child spawned by a big parent would report the parent's peak; VmHWM belongs to the new
    address space only."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    sys.exit(main())

