"""Scenario 4, continued: the GM's commands in the whole GM window (offscreen, 1920×1080,
docks, stress map) with the players' window open beside it, each timed from the command to
the end of its repaint in both, wall and CPU time: a committed move, its undo and its redo
(a drop among 300 tokens), a door opened or closed, and a new turn of a 300-token
initiative. The window's warm-up runs first, and each move and door is undone, so the stress
map is left as it was (the turns too: each is undone). The collector runs as in the app."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import Clock, Timing
from benchmarks.sc_drag import random_movers
from benchmarks.sc_qt import qt_app

DROP_TARGET = "≤ 16 ms"


def _timed(clock: Clock, fn: Any, *args: Any, **kw: Any) -> None:
    """`fn(*args, **kw)` and the repaint it causes, onto `clock`."""
    app = qt_app()
    clock.start()
    fn(*args, **kw)
    app.processEvents()
    clock.stop()


def open_windows(session: Any) -> Any:
    """The GM window at 1920×1080 over the session, warmed up, at 1:1, with the players'
    window open beside it."""
    from battlemap.ui.window.main_window import MainWindow

    app = qt_app()
    window = MainWindow(session)
    window.resize(1920, 1080)
    window.show()
    end = time.monotonic() + 20
    while not window.warmed and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.002)
    window.map_view.resetTransform()
    window.show_player_window(True)
    app.processEvents()
    return window


def close_windows(window: Any) -> None:
    app = qt_app()
    window.show_player_window(False)
    window.files.confirm_discard = lambda: True  # nothing to save: no modal question
    window.close()
    window.deleteLater()
    app.processEvents()


def step_down(session: Any, tok: Any) -> tuple[float, float]:
    """The square a step down from the token (up on the bottom row)."""
    return (tok.col, tok.row + 1 if tok.row + 1 < session.encounter.grid.rows
            else tok.row - 1)


def move_round(session: Any, tok: Any, clocks: tuple[Clock, Clock, Clock] | None = None
               ) -> None:
    """A step down of the token as a GM override (the row below may hold a reach or a
    wall), its undo and its redo, each with its repaint (timed onto `clocks`), then undone:
    the map is left as it was."""
    app = qt_app()
    moves, undos, redos = clocks or (Clock(), Clock(), Clock())
    _timed(moves, session.move, tok.id, [step_down(session, tok)], gm_override=True)
    _timed(undos, session.undo)
    _timed(redos, session.redo)
    session.undo()
    app.processEvents()


def run_window(session: Any, system: str, n: int) -> list[Timing]:
    app = qt_app()
    window = open_windows(session)
    try:
        party = random_movers(session.encounter, n, f"commands {system}")
        moves, undos, redos = Clock(), Clock(), Clock()
        before = session.encounter.turn
        for tok in party:
            move_round(session, tok, (moves, undos, redos))
        # A door opened or closed: the doors laid out again and the view's cached
        # background drawn again; then undone.
        doors = [i for i, w in enumerate(session.encounter.walls)
                 if w.kind.value == "door"][:n]
        toggles = Clock()
        for i in doors:
            _timed(toggles, session.set_door, i, not session.encounter.walls[i].open)
            session.undo()
            app.processEvents()
        session.roll_initiative()
        turns = Clock()
        for _ in range(n):
            _timed(turns, session.next_turn)
        for _ in range(n + 1):  # the turns, then the roll
            session.undo()
        app.processEvents()
        assert session.encounter.turn == before, "the initiative was not undone"
    finally:
        close_windows(window)
    note = ("the GM window with its docks and the players' window; command to painted "
            "frames")
    drop = f"{len(party)} random party tokens; " + note
    return [Timing(f"GUI command: a move committed ({system})", moves.wall, cpu_ms=moves.cpu,
                   target=DROP_TARGET, note=drop),
            Timing(f"GUI command: its undo ({system})", undos.wall, cpu_ms=undos.cpu,
                   target=DROP_TARGET, note=drop),
            Timing(f"GUI command: its redo ({system})", redos.wall, cpu_ms=redos.cpu,
                   target=DROP_TARGET, note=drop),
            Timing(f"GUI command: next turn, {len(session.encounter.tokens)} tokens in the "
                   f"initiative ({system})", turns.wall, cpu_ms=turns.cpu, note=note),
            Timing(f"GUI command: a door opened or closed, {len(session.encounter.walls)} "
                   f"walls ({system})", toggles.wall, cpu_ms=toggles.cpu,
                   note="the doors laid out again, the background redrawn; " + note)]
