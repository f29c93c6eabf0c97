"""The GM's own bestiary from the window: Save token as stat block… (Edit menu and token dock;
asks before replacing one of the same name), Add token offering the GM's blocks beside the
bundled ones (marked, with their picture and reach), File ▸ Your bestiary ▸ Import and Export,
each refused entry said in one sentence, a library that cannot be read said in Add token."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QPushButton

from battlemap.engine.files import bestiary as lib
from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog
from battlemap.ui.dialogs.bestiary import load_bestiary
from tests.io.conftest import picture_bytes

MONSTERS = Path(__file__).parents[2] / "rules" / "dnd2024" / "monsters"


def _answer_name(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    asked: list[str] = []

    def answer(_parent: Any, title: str, _label: str, *a: Any, **k: Any) -> tuple[str, bool]:
        asked.append(k.get("text", ""))
        return name, True

    monkeypatch.setattr(QInputDialog, "getText", answer)
    return asked


def _answer_question(monkeypatch: pytest.MonkeyPatch, yes: bool) -> list[str]:
    asked: list[str] = []

    def answer(_parent: Any, _title: str, text: str, *a: Any, **k: Any) -> Any:
        asked.append(text)
        return QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer)
    return asked


def _reports(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    for kind in ("information", "warning"):
        monkeypatch.setattr(QMessageBox, kind,
                            lambda _p, _t, text, *a, _k=kind, **k: shown.append((_k, text)))
    return shown


def test_save_token_as_stat_block_asks_before_replacing(window: Any, qtbot: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    s = window.session
    window.select_token("ghoul")
    asked = _answer_name(monkeypatch, "Goule des cryptes")
    window.actions_by_name["save_statblock"].trigger()
    assert asked == ["Goule"]  # the token's name is offered
    (entry,) = lib.load_library("dnd2024").entries
    ghoul = s.token("ghoul")
    assert (entry.name, entry.stats, entry.size, entry.speed_m, entry.side) == (
        "Goule des cryptes", ghoul.stats, ghoul.size, ghoul.speed_m, "foe")
    qtbot.waitUntil(lambda: "is in your bestiary" in window.statusBar().currentMessage(),
                    timeout=10000)
    # The same name again, from the token dock's button: asked, and No keeps the old one.
    window.select_token("hero")
    questions = _answer_question(monkeypatch, yes=False)
    button = window.docks["inspector"].findChild(QPushButton, "inspector_save_statblock")
    button.click()
    assert questions == ["Your bestiary already has a stat block named 'Goule des cryptes'. "
                         "Replace it?"]
    assert lib.load_library("dnd2024").entries[0].stats == ghoul.stats
    _answer_question(monkeypatch, yes=True)
    button.click()
    (entry,) = lib.load_library("dnd2024").entries
    assert entry.stats == s.token("hero").stats and entry.side == "party"


def test_nothing_selected_says_so(window: Any, qtbot: Any) -> None:
    window.select_token("")
    window.actions_by_name["save_statblock"].trigger()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage()
                    == "Select a token to save as a stat block.", timeout=10000)
    assert not lib.library_file("dnd2024").exists()


def test_add_token_offers_the_gm_s_own_blocks_with_their_picture(window: Any, tmp_path: Path) -> None:
    face = tmp_path / "face.png"
    face.write_bytes(picture_bytes(40, 40))
    lib.store_entry("dnd2024", lib.Entry(name="Garde d'élite", size="large", reach_m=3.0,
                                         speed_m=7.5, side="neutral", art=str(face),
                                         art_fit="square", stats={"max_hp": 30, "ac": 17}))
    dlg = AddTokenDialog("dnd2024", window)
    bundled = len(load_bestiary("dnd2024"))
    assert dlg.own_from == 1 + bundled and dlg.list.count() == 2 + bundled
    assert dlg.list.item(dlg.own_from).text() == "★ Garde d'élite (large) — yours"
    assert not dlg.library_problems.isVisible() and dlg.library_problems.text() == ""
    dlg.list.setCurrentRow(dlg.own_from)
    assert dlg.art() == (str(face), "square")
    assert dlg.side.currentData() == "neutral"
    token = window.editing.add_token(dlg)
    assert (token.name, token.size.value, token.reach_m, token.speed_m, token.hp) == (
        "Garde d'élite", "large", 3.0, 7.5, 30)
    assert window.session.token(token.id).stats == {"max_hp": 30, "ac": 17}
    assert window.session.token(token.id).art_fit == "square"


def test_add_token_says_why_the_library_was_kept_aside(window: Any) -> None:
    path = lib.library_file("dnd2024")
    path.parent.mkdir(parents=True)
    path.write_text("{\"format\": \"battlemap-bestiary\", \"creatures\": [1]}", encoding="utf-8")
    dlg = AddTokenDialog("dnd2024", window)
    assert dlg.list.count() == 1 + len(load_bestiary("dnd2024"))  # the bundled ones still
    assert dlg.library_problems.text().splitlines() == [
        "dnd2024.json: entry 1 (without a name) is refused: it is not a JSON object.",
        f"Your bestiary dnd2024.json as it was is kept in {path.with_name('dnd2024.kept-1.json')}; "
        "its other entries are kept."]


def test_import_and_export_from_the_file_menu(window: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    names = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "Your bestiary" in names
    src = MONSTERS / "5e-database-style.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(src), ""))
    shown = _reports(monkeypatch)
    window.actions_by_name["import_bestiary"].trigger()
    assert shown == [("information",
                      "5e-database-style.json: 2 added, 0 replaced, 0 refused.")]
    # Again: the names are the library's now, so the GM is asked; No refuses them, each said.
    questions = _answer_question(monkeypatch, yes=False)
    window.actions_by_name["import_bestiary"].trigger()
    assert questions == ["Your bestiary already has stat blocks of these names: Rat des "
                         "cryptes, Gardien de pierre. Replace them with the imported ones?"]
    kind, text = shown[-1]
    assert kind == "warning" and text.splitlines() == [
        "5e-database-style.json: 0 added, 0 replaced, 2 refused.",
        "5e-database-style.json: 'Rat des cryptes' is refused: your bestiary already has a stat "
        "block of that name (import with replace to take this one).",
        "5e-database-style.json: 'Gardien de pierre' is refused: your bestiary already has a "
        "stat block of that name (import with replace to take this one)."]
    dest = tmp_path / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(dest), ""))
    window.actions_by_name["export_bestiary"].trigger()
    assert [c["name"] for c in json.loads(dest.read_text(encoding="utf-8"))["creatures"]] == [
        "Rat des cryptes", "Gardien de pierre"]
    assert window.statusBar().currentMessage() == f"2 stat block(s) written to {dest}."


def test_a_file_that_cannot_be_imported_is_one_sentence_in_french(
        window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window.set_language("fr")
    src = tmp_path / "autre.json"
    src.write_text(json.dumps({"format": "battlemap-bestiary", "system": "pmt",
                               "creatures": []}), encoding="utf-8")
    shown = _reports(monkeypatch)
    assert window.bestiary.import_dialog(str(src)) is None
    assert shown == [("warning", "autre.json : ce bestiaire est pour pmt, pas pour dnd2024.")]


def test_saving_into_a_library_that_cannot_be_read_tells_the_gm_first(
        window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    path = lib.library_file("dnd2024")
    path.parent.mkdir(parents=True)
    path.write_text("[", encoding="utf-8")
    shown = _reports(monkeypatch)
    _answer_name(monkeypatch, "Goule")
    window.select_token("ghoul")
    assert window.bestiary.save_token() is not None
    kept = path.with_name("dnd2024.kept-1.json")
    assert shown == [("warning", "Your bestiary dnd2024.json cannot be read (not valid JSON "
                      "(Expecting value at line 1, column 2)): it is kept as it was in "
                      f"{kept}, and your bestiary starts empty.")]
    assert kept.read_text(encoding="utf-8") == "["
    assert [e.name for e in lib.load_library("dnd2024").entries] == ["Goule"]
