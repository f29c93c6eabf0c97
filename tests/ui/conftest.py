"""Workspace fixtures: isolated settings and autosave folders, English by default, and a
small dnd2024 encounter built in code (Qt draws offscreen: tests/conftest.py)."""

from pathlib import Path
from typing import Any

import pytest

from battlemap.model import Encounter, Grid, Terrain, Token, Wall
from battlemap.rules.dnd2024.stats import SAMPLE

GHOUL = {"max_hp": 22, "ac": 12, "abilities": {"str": 13, "dex": 15, "con": 10},
         "weapons": [{"name": "Griffes", "damage": "2d4", "damage_type": "slashing"}]}


def crypt() -> Encounter:
    """Two heroes, a ghoul, and an ogre hidden from the players, in a room with a door and
    a window."""
    return Encounter(
        name="Crypt", system="dnd2024", grid=Grid(cols=12, rows=8),  # type: ignore[arg-type]
        tokens=[
            Token(id="hero", name="Aelis", side="party", col=1, row=1, stats=SAMPLE, hp=44),
            Token(id="cleric", name="Brom", side="party", col=1, row=3, stats=SAMPLE, hp=30),
            Token(id="ghoul", name="Goule", side="foe", col=5, row=2, stats=GHOUL, hp=22),
            Token(id="ogre", name="Ogre", side="foe", size="large", col=8, row=4, hidden=True,
                  stats={"max_hp": 59, "ac": 11}, hp=59),  # type: ignore[arg-type]
        ],
        walls=[Wall(points=[(7, 0), (7, 3)]), Wall(points=[(7, 3), (7, 4)], kind="door"),  # type: ignore[arg-type]
               Wall(points=[(7, 4), (7, 5)], kind="window"), Wall(points=[(7, 5), (7, 8)])],  # type: ignore[arg-type]
        terrain=[Terrain(squares=[(3, 5), (4, 5)])],
    )


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: Any) -> Any:
    """Each test: its own autosave folder and QSettings file, English texts."""
    from PySide6.QtCore import QSettings

    from battlemap.ui import i18n

    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    QSettings().clear()
    i18n.set_language("en")
    from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox

    def unexpected(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a modal dialog opened that the test did not expect: {args[1:3]}")

    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, unexpected)
    for name in ("getItem", "getInt", "getText"):
        monkeypatch.setattr(QInputDialog, name, unexpected)
    monkeypatch.setattr(QDialog, "exec", unexpected)
    yield
    i18n.set_language("en")


DEMOS = Path(__file__).resolve().parents[2] / "assets" / "demo"


def french_demo_window(qtbot: Any, demo: str) -> Any:
    """The GM window on a bundled demo (`assets/demo/<demo>`) in French, 1600×1000, its docks
    built (the autouse fixture puts the language back to English)."""
    from battlemap.engine import Session
    from battlemap.io import load_encounter
    from battlemap.ui import i18n
    from battlemap.ui.window.main_window import MainWindow

    i18n.set_language("fr")
    w = MainWindow(Session(load_encounter(DEMOS / demo), seed=1))
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitUntil(lambda: all(d.built for d in w.docks.values()))
    return w


@pytest.fixture
def session() -> Any:
    from battlemap.engine import Session

    return Session(crypt(), seed=3)


@pytest.fixture
def window(qtbot: Any, session: Any) -> Any:
    from battlemap.ui.window.main_window import MainWindow

    w = MainWindow(session)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    # The docks' bodies are built right after the map's first frame: wait for them, as a GM
    # does, so tests walking the widget tree (findChildren) see the whole window.
    qtbot.waitUntil(lambda: all(d.built for d in w.docks.values()))
    yield w
    # Closing at teardown must not stop on the unsaved-changes question.
    w.files.confirm_discard = lambda: True
    w.close()
    w.deleteLater()
