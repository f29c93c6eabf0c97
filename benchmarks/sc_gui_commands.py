"""Scenario 4, continued: the GM's commands in the whole GM window (offscreen, 1920×1080,
docks, stress map), each timed from the command to the end of its repaint: a committed move,
its undo, a door opened or closed, and a new turn of a 300-token initiative. The window's
warm-up runs first, and each move and door is undone, so the stress map is left as it was
(the turns too: each is undone)."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import Timing, gc_paused
from benchmarks.sc_qt import qt_app


def _timed(fn: Any, *args: Any, **kw: Any) -> float:
    """ms of `fn(*args, **kw)` and the repaint it causes."""
    app = qt_app()
    t0 = time.perf_counter()
    fn(*args, **kw)
    app.processEvents()
    return (time.perf_counter() - t0) * 1000


def run_window(session: Any, system: str, n: int) -> list[Timing]:
    from battlemap.ui.window.main_window import MainWindow

    app = qt_app()
    window = MainWindow(session)
    try:
        window.resize(1920, 1080)
        window.show()
        end = time.monotonic() + 20
        while not window.warmed and time.monotonic() < end:
            app.processEvents()
            time.sleep(0.002)
        window.map_view.resetTransform()
        party = [t for t in session.encounter.tokens if t.side == "party"][:n]
        moves, undos = [], []
        before = session.encounter.turn
        with gc_paused():  # as every timed loop of the suite
            for tok in party:
                # A step down, as a GM override: the row below may hold a reach or a wall.
                target = (tok.col, tok.row + 1 if tok.row + 1 < session.encounter.grid.rows
                          else tok.row - 1)
                moves.append(_timed(session.move, tok.id, [target], gm_override=True))
                undos.append(_timed(session.undo))
            # A door opened or closed: the doors laid out again and the view's cached
            # background drawn again; then undone.
            doors = [i for i, w in enumerate(session.encounter.walls)
                     if w.kind.value == "door"][:n]
            toggles = []
            for i in doors:
                toggles.append(_timed(session.set_door, i,
                                      not session.encounter.walls[i].open))
                session.undo()
                app.processEvents()
            session.roll_initiative()
            turns = [_timed(session.next_turn) for _ in range(n)]
        for _ in range(n + 1):  # the turns, then the roll
            session.undo()
        app.processEvents()
        assert session.encounter.turn == before, "the initiative was not undone"
    finally:
        window.files.confirm_discard = lambda: True  # nothing to save: no modal question
        window.close()
        window.deleteLater()
        app.processEvents()
    note = "the GM window with its docks; command to painted frame"
    return [Timing(f"GUI command: a move committed ({system})", moves, note=note),
            Timing(f"GUI command: its undo ({system})", undos, note=note),
            Timing(f"GUI command: next turn, {len(session.encounter.tokens)} tokens in the "
                   f"initiative ({system})", turns, note=note),
            Timing(f"GUI command: a door opened or closed, {len(session.encounter.walls)} "
                   f"walls ({system})", toggles,
                   note="the doors laid out again, the background redrawn; " + note)]
