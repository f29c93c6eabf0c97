"""Opening an encounter the window cannot show leaves the previous one whole: the map, every
dock and the commands all keep the first encounter, and the GM reads one sentence."""

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from battlemap.engine import Session
from battlemap.io import save_encounter

from ..conftest import crypt


def _dangling_turn() -> dict[str, Any]:
    return {"round": 1, "index": 0, "order": [{"token": "ghost", "score": 12}]}


def _open_first(window: Any, tmp_path: Path) -> tuple[Any, Any]:
    good = tmp_path / "good.json"
    save_encounter(crypt(), good)
    assert window.files.open_path(good, confirmed=True)
    return window.session, window.map_view


def _shows(window: Any, session: Any, view: Any, qtbot: Any) -> None:
    assert window.session is session
    assert window.map_view is view and view.session is session
    assert window.centralWidget() is view
    qtbot.waitUntil(view.isVisible)  # a central widget is shown on the next event-loop turn
    assert {name: d.session for name, d in window.docks.items()} == {
        name: session for name in window.docks}


def test_a_file_with_a_dangling_turn_is_refused_and_the_first_stays(
        window: Any, tmp_path: Path, monkeypatch: Any, qtbot: Any) -> None:
    first, view = _open_first(window, tmp_path)
    data = json.loads((tmp_path / "good.json").read_text())
    data["turn"] = _dangling_turn()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    assert not window.files.open_path(bad, confirmed=True)
    assert shown == ["bad.json: field 'turn.order[0].token': the creature 'ghost' "
                     "is not on the map."]
    _shows(window, first, view, qtbot)


def test_a_session_a_dock_cannot_show_puts_the_first_back_everywhere(
        window: Any, tmp_path: Path, monkeypatch: Any, qtbot: Any) -> None:
    first, view = _open_first(window, tmp_path)
    window.select_token("ghoul")
    # Built in code, past the loader's checks: the initiative dock fails on it, after the
    # map has already been switched.
    enc = crypt()
    enc.turn = _dangling_turn()
    broken = Session(enc, seed=1, path=tmp_path / "broken.json")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    changed: list[Any] = []
    window.sessionChanged.connect(changed.append)
    assert window.set_session(broken) is False
    assert shown == ["broken.json: There is no token 'ghost' in this encounter "
                     "(tokens: hero, cleric, ghoul, ogre)."]
    assert changed == []
    _shows(window, first, view, qtbot)
    assert window.selected_token == "ghoul" and list(view.selected_token_ids()) == ["ghoul"]
    # Later edits reach the encounter on screen, and the docks follow them.
    window.session.damage("ghoul", 4)
    assert first.token("ghoul").hp == 18
    assert window.docks["log"].session is first and first.dirty


def test_a_map_that_cannot_be_built_switches_nothing(
        window: Any, tmp_path: Path, monkeypatch: Any, qtbot: Any) -> None:
    from battlemap.ui.window import main_window

    first, view = _open_first(window, tmp_path)

    def failing(*_a: Any, **_k: Any) -> Any:
        raise ValueError("the picture is too large")

    monkeypatch.setattr(main_window, "create_map_view", failing)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    other = Session(crypt(), seed=2, path=tmp_path / "other.json")
    assert window.set_session(other) is False
    assert shown == ["other.json: cannot be shown (ValueError: the picture is too large)."]
    _shows(window, first, view, qtbot)
