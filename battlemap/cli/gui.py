"""`battlemap [FILE]` / `battlemap gui [FILE]`: open the GM window (the demo when no file).

FILE may be an encounter (.json), a Universal VTT export or a map picture. A file that cannot
be opened exits 2 with its one-sentence error before any window appears."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from battlemap.cli.common import CliError

# A smoke check of an installed or frozen app (.ci/, packaging/build-app --check): when set,
# the window quits after its first frame, printing one line of what it shows.
EXIT_AT_PAINT = "EXIT_AT_PAINT"
STARTED = time.perf_counter()


def _started_ago() -> float:
    """Seconds since this process started, where the system says (Linux: /proc, to 10 ms);
    elsewhere 0, the moment this module was imported (the interpreter's start is missed)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            ticks = int(fh.read().rsplit(")", 1)[1].split()[19])  # field 22: starttime
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return max(0.0, uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


_BEFORE_IMPORT = _started_ago()


def since_start() -> float:
    """Seconds since the process started (`--timings`)."""
    return _BEFORE_IMPORT + time.perf_counter() - STARTED


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("gui", help="open the battle map window (default)")
    p.add_argument("file", nargs="?", help="encounter, Universal VTT file or image; default: demo")
    p.add_argument("--player", action="store_true", help="also open the players' window")
    p.add_argument("--timings", action="store_true",
                   help="print when the first frame, a usable map and the map picture are "
                        "drawn (seconds since the process started), then quit")
    p.add_argument("--lang", choices=["fr", "en"], default=None,
                   help="the interface's language this time (default: View > Language, else "
                        "the system's)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from battlemap._tricks import start_gc

    start_gc.relax()  # the file is read before Qt starts: relaxed from here to the first frame
    from battlemap import assets
    from battlemap.io import LoadError
    from battlemap.ui.app import get_app
    from battlemap.ui.files.file_kinds import open_session

    problems = assets.missing()  # a broken installation says so before any window opens
    if problems:
        raise CliError(" ".join(problems))
    path = Path(args.file) if args.file else assets.demo_file()
    if not path.exists():
        raise CliError(f"{path.name}: no such file.")
    try:
        session = open_session(path)
    except LoadError as err:
        raise CliError(str(err)) from None
    app = get_app([sys.argv[0]])
    if args.lang:
        from battlemap.ui import i18n

        i18n.set_language(args.lang)
    from PySide6.QtCore import qVersion

    from battlemap import logs
    from battlemap.ui.window.crash_guard import CrashGuard
    from battlemap.ui.window.main_window import MainWindow

    logs.start(qVersion())
    window = MainWindow(session)
    guard = CrashGuard(window).install()  # while the window runs: log, autosave, one sentence
    window.show()
    if session.path is not None and args.file:
        window.files.offer_recovery(Path(session.path))
    elif not args.file:  # the demo is open: work that never had a file may be waiting
        window.files.offer_untitled_recovery()
    if args.player:
        window.actions_by_name["player_window"].setChecked(True)
    if os.environ.get(EXIT_AT_PAINT):
        window.map_view.at_first_frame(lambda: _painted(window))
    if args.timings:
        from battlemap.ui.window.open_timings import OpenTimings

        OpenTimings(window, since_start, app.quit).start()
    try:
        return int(app.exec())
    finally:
        guard.uninstall()


def _painted(window: Any) -> None:
    """The first frame is on screen: say how long it took, the menus' titles (the language)
    and how many stat blocks Add token offers, then leave at once with status 0, before the
    work the window defers after its first frame (the tools, the docks' bodies): a whole
    command timed from outside (`farm-bench`) is then the start to the first frame. The log
    is flushed first (its start line is part of the check)."""
    from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog

    menus = [a.text() for a in window.menuBar().actions()]
    dialog = AddTokenDialog(window.session.system.id, window)
    blocks = dialog.list.count() - 1  # the first line is the blank token
    dialog.deleteLater()
    at, cpu = window.map_view.first_frame_at or (time.perf_counter(), time.process_time())
    print(f"painted in {(at - STARTED) * 1000:.0f} ms (CPU {cpu * 1000:.0f} ms since the process "
          f"started); menus: {', '.join(menus)}; stat blocks: {blocks}", flush=True)
    logging.shutdown()
    os._exit(0)
