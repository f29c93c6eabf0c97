"""The first gestures' warm-up (`battlemap.ui._tricks.first_gestures`): numpy, shapely, the geometry and the
dice notation's parser are not loaded for the first frame, they are right after it, before
the GM's first drag (which otherwise froze the map ~0.2 s) or first roll (~0.25 s); the warm-up changes nothing in the encounter, stops when the
window moves on to another encounter, and a failing piece never takes the window down."""

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

from battlemap.ui._tricks import first_gestures as warm_up_module

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "assets" / "demo" / "breche35-entrepot-pigalle.json"

PROBE = """
import json, sys, time
from battlemap.ui.files.file_kinds import open_session
session = open_session(sys.argv[1])
before = session.encounter.model_dump_json()
from battlemap.ui.app import get_app
app = get_app([sys.argv[0]])
from PySide6.QtCore import QEvent, QObject
from battlemap.ui.window.main_window import MainWindow
heavy = ("numpy", "shapely", "battlemap.geometry.areas.squares", "battlemap.geometry.cover._batch",
         "d20")
from battlemap.engine.results import MoveOutcome
window = MainWindow(session)
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not hasattr(self, "loaded"):
            self.loaded = [m for m in heavy if m in sys.modules]
            self.drop_built = MoveOutcome.__pydantic_complete__
        return False
probe = FirstPaint()
window.map_view.viewport().installEventFilter(probe)
window.show()
end = time.monotonic() + 60
while not window.warmed and time.monotonic() < end:
    app.processEvents()
    time.sleep(0.002)
print(json.dumps({"at_first_paint": probe.loaded, "warmed": window.warmed,
                  "drop_built": [probe.drop_built, MoveOutcome.__pydantic_complete__],
                  "after": [m for m in heavy if m in sys.modules],
                  "unchanged": session.encounter.model_dump_json() == before,
                  "can_undo": bool(session.can_undo), "log": len(session.log.entries)}))
"""


def test_the_geometry_loads_after_the_first_frame_and_changes_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE, str(DEMO)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["at_first_paint"] == []  # the first frame is not delayed by them
    assert seen["warmed"] is True
    assert seen["after"] == ["numpy", "shapely", "battlemap.geometry.areas.squares",
                             "battlemap.geometry.cover._batch", "d20"]  # d20: the dice
    assert seen["unchanged"] is True and seen["can_undo"] is False and seen["log"] == 0
    # The drop's outcome model: built after the first frame, before the first drop.
    assert seen["drop_built"] == [False, True]


def test_every_piece_only_reads(session: Any) -> None:
    before = session.encounter.model_dump_json()
    log_before = len(session.log.entries)
    dice_before = session.dice.get_state()  # no roll: later rolls stay those of the seed
    pieces = warm_up_module.pieces(session)
    assert len(pieces) == 11  # imports, the geometry, select, drag ×2, drop, two areas, dice,
    # attack
    for piece in pieces:
        piece()
    assert session.encounter.model_dump_json() == before
    assert not session.can_undo
    assert len(session.log.entries) == log_before
    assert session.dice.get_state() == dice_before


def test_a_failing_piece_stops_the_warm_up_and_is_logged(qtbot: Any, session: Any,
                                                          monkeypatch: Any, caplog: Any) -> None:
    from PySide6.QtCore import QObject

    ran: list[str] = []

    def boom() -> None:
        ran.append("boom")
        raise RuntimeError("broken piece")

    monkeypatch.setattr(warm_up_module, "pieces",
                        lambda s: [lambda: ran.append("first"), boom,
                                   lambda: ran.append("never")])
    owner = QObject()
    done: list[bool] = []
    with caplog.at_level(logging.WARNING, logger="battlemap.ui._tricks.first_gestures"):
        warm_up_module.warm_up(owner, session, lambda: True, lambda: done.append(True))
        qtbot.waitUntil(lambda: bool(done))
    assert ran == ["first", "boom"]
    assert "warm-up stopped" in caplog.text


def test_a_window_that_moved_on_stops_warming_the_old_encounter(qtbot: Any,
                                                                session: Any,
                                                                monkeypatch: Any) -> None:
    from PySide6.QtCore import QObject

    ran: list[int] = []
    current = [True]

    def piece(k: int) -> Any:
        def run() -> None:
            ran.append(k)
            if k == 1:
                current[0] = False  # the GM opened another encounter meanwhile
        return run

    monkeypatch.setattr(warm_up_module, "pieces", lambda s: [piece(0), piece(1), piece(2)])
    done: list[bool] = []
    warm_up_module.warm_up(QObject(), session, lambda: current[0], lambda: done.append(True))
    qtbot.waitUntil(lambda: bool(done))
    assert ran == [0, 1]


def test_the_gm_window_warms_up_after_its_first_frame(window: Any, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: window.warmed, timeout=20_000)
    assert not window.session.can_undo
    assert not window.session.dirty and "*" not in window.windowTitle()  # nothing to save


def test_an_encounter_without_tokens_warms_the_geometry_only() -> None:
    from battlemap.engine import Session
    from battlemap.model import Encounter, Grid

    empty = Session(Encounter(name="Empty", system="pmt", grid=Grid(cols=6, rows=4)), seed=1)
    pieces = warm_up_module.pieces(empty)
    assert len(pieces) == 3  # numpy, shapely, the map's geometry
    for piece in pieces:
        piece()
