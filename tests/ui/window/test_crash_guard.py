"""An uncaught error in a slot, while the window runs: the traceback goes to the log, an
autosave is written first, the GM reads one sentence naming the log file in a box that does
not block, and the window still answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QTimer, Signal

from battlemap import logs
from battlemap.engine.files.autosave import autosave_dir
from battlemap.ui.window.crash_guard import CrashGuard


class Boom(QObject):
    fired = Signal()


@pytest.fixture
def log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("BATTLEMAP_LOG_DIR", str(tmp_path / "logs"))
    yield tmp_path / "logs"
    logs.stop()


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_logged_autosaved_and_told(window: Any, qtbot: Any,
                                                         log_folder: Path) -> None:
    start = logs.start("test")
    assert start == log_folder / "battlemap.log"
    assert "Python" in start.read_text(encoding="utf-8")
    window.session.damage("ghoul", 2)  # something to lose
    guard = CrashGuard(window).install()
    try:
        boom = Boom()

        def slot() -> None:
            raise RuntimeError("the slot's own failure")

        boom.fired.connect(slot)
        boom.fired.emit()  # PySide6 hands the error to sys.excepthook, then carries on
        qtbot.waitUntil(lambda: guard.box is not None and guard.box.isVisible())
    finally:
        guard.uninstall()
    saved = sorted(autosave_dir().glob("*.json"))
    assert saved and guard.last_autosave == saved[-1]
    text = start.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: the slot's own failure" in text
    assert "autosave written" in text
    box = window.findChild(type(guard.box), "crash_box")
    assert box is guard.box and not box.isModal()
    assert str(start) in box.text() and box.text().count(".") >= 1
    # The window still answers: an undo goes through, a timer fires, the title follows.
    fired: list[bool] = []
    QTimer.singleShot(0, lambda: fired.append(True))
    qtbot.waitUntil(lambda: fired == [True])
    window.actions_by_name["undo"].trigger()
    assert window.session.encounter.token("ghoul").hp == 22


def test_the_guard_puts_the_previous_hook_back(window: Any) -> None:
    import sys

    before = sys.excepthook
    guard = CrashGuard(window).install()
    assert sys.excepthook == guard.hook
    guard.uninstall()
    assert sys.excepthook is before
