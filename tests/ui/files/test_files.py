"""Files through the menus (QFileDialog patched): save/open round trip, a bad file keeps the
current encounter, the unsaved-changes and recovery questions (QMessageBox patched)."""

import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox

from battlemap.io import load_encounter
from tests.helpers.questions import answer_questions


def test_save_as_then_open_round_trip(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    target = tmp_path / "crypt.json"
    window.session.damage("ghoul", 5)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_name["save_as"].trigger()
    assert not window.session.dirty
    saved = load_encounter(target)
    assert saved == window.session.encounter
    assert window.recent_menu.actions()[0].text() == str(target.resolve())
    window.session.damage("ghoul", 3)
    window.actions_by_name["save"].trigger()  # Save writes to the same file, no dialog
    assert load_encounter(target).token("ghoul").hp == 22 - 8
    old_session = window.session
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_name["open"].trigger()
    assert window.session is not old_session
    assert window.session.encounter == load_encounter(target)
    assert window.session.path == target


def test_a_bad_file_shows_one_sentence_and_keeps_the_encounter(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "battlemap-encounter", "system": "dnd2024"', encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    before = window.session
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    window.actions_by_name["open"].trigger()
    assert window.session is before
    assert len(shown) == 1 and shown[0].startswith("broken.json:")
    assert shown[0].count(".") >= 1 and "\n" not in shown[0]


def _answer(monkeypatch: Any, button: QMessageBox.StandardButton) -> list[str]:
    return answer_questions(monkeypatch, button)


def test_close_with_unsaved_changes_asks_and_cancel_keeps_the_window(
        window: Any, monkeypatch: Any) -> None:
    window.session.damage("ghoul", 1)
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert window.close() is False
    assert asked == ["Unsaved changes"] and window.isVisible()
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close() is True


def test_close_without_changes_does_not_ask(window: Any) -> None:
    assert not window.session.dirty
    assert window.close() is True  # the fixture refuses any unexpected dialog


def test_unsaved_question_save_answer_saves_first(window: Any, tmp_path: Path,
                                                  monkeypatch: Any) -> None:
    target = tmp_path / "kept.json"
    window.session.damage("ghoul", 2)
    _answer(monkeypatch, QMessageBox.StandardButton.Save)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.close() is True
    assert load_encounter(target).token("ghoul").hp == 20


def test_recovery_prompt_offers_a_newer_autosave(window: Any, tmp_path: Path,
                                                 monkeypatch: Any) -> None:
    from battlemap.engine import Session

    path = tmp_path / "crypt.json"
    window.session.save(path)
    # A later session changed the file's encounter, autosaved, and then the program died.
    crashed = Session.open(path)
    crashed.damage("ghoul", 6)
    written = crashed.autosave_now()
    assert written is not None
    later = time.time() + 5
    os.utime(written, (later, later))
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert window.files.open_path(path, confirmed=True)
    assert asked == ["Recover autosave"]
    assert window.session.token("ghoul").hp == 22 - 6
    assert window.session.dirty and window.session.path == path


def test_recovery_declined_keeps_the_file(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from battlemap.engine import Session

    path = tmp_path / "crypt.json"
    window.session.save(path)
    crashed = Session.open(path)
    crashed.damage("ghoul", 6)
    written = crashed.autosave_now()
    later = time.time() + 5
    os.utime(written, (later, later))
    _answer(monkeypatch, QMessageBox.StandardButton.No)
    assert window.files.open_path(path, confirmed=True)
    assert window.session.token("ghoul").hp == 22 and not window.session.dirty


def test_drop_a_file_on_the_window_opens_it(window: Any, tmp_path: Path) -> None:
    path = tmp_path / "dropped.json"
    window.session.encounter.name = "Dropped"
    window.session.save(path)
    before = window.session
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.session is not before and window.session.encounter.name == "Dropped"


def test_big_files_load_in_a_worker_thread(window: Any, tmp_path: Path, qtbot: Any,
                                           monkeypatch: Any) -> None:
    from battlemap.ui.files import file_controller

    path = tmp_path / "big.json"
    window.session.save(path)
    monkeypatch.setattr(file_controller, "BACKGROUND_BYTES", 10)
    before = window.session
    with qtbot.waitSignal(window.sessionChanged, timeout=10_000):
        assert window.files.open_path(path, confirmed=True)
    assert window.session is not before
    assert window.files.loading is not None and not window.files.loading.worker_thread.isRunning()


def _export(window: Any, tmp_path: Path, monkeypatch: Any, **choice: Any) -> Any:
    """Export PNG with the dialog answered `choice` (its defaults otherwise); the picture."""
    from PySide6.QtGui import QImage

    from battlemap.ui.dialogs import export_dialog

    out = tmp_path / f"map{len(list(tmp_path.glob('map*.png')))}.png"
    asked: list[tuple[int, int]] = []

    def answer(size: tuple[int, int], parent: Any = None) -> Any:
        asked.append(size)
        dialog = export_dialog.ExportDialog(size, parent)
        dialog.width_box.setValue(choice.get("width", dialog.width_box.value()))
        dialog.height_box.setValue(choice.get("height", dialog.height_box.value()))
        dialog.view_box.setCurrentIndex(dialog.view_box.findData(choice.get("view", "gm")))
        dialog.fog.setChecked(choice.get("fog", False))
        return dialog.choice()

    monkeypatch.setattr(export_dialog, "ask_export", answer)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.actions_by_name["export_png"].trigger()
    return QImage(str(out)), asked


def test_export_png_writes_the_map(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    img, asked = _export(window, tmp_path, monkeypatch)
    grid = window.session.encounter.grid
    assert asked == [(grid.cols * 64, grid.rows * 64)]  # offered: 64 pixels a square
    assert not img.isNull() and img.width() / img.height() == grid.cols / grid.rows


def test_export_png_at_the_size_chosen(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    img, _ = _export(window, tmp_path, monkeypatch, width=1920, height=1080)
    assert (img.width(), img.height()) == (1920, 1080)


def test_export_png_leaves_the_selection_and_gm_tools_out(window: Any, tmp_path: Path,
                                                         monkeypatch: Any) -> None:
    plain, _ = _export(window, tmp_path, monkeypatch)
    window.map_view.select_token("ghoul")  # its frame, its threatened squares, its reach
    assert window.map_view.selected_token_ids() == ["ghoul"]
    selected, _ = _export(window, tmp_path, monkeypatch)
    assert selected == plain


def test_export_png_of_the_players_view_shows_no_hidden_token(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    s = window.session
    gm, _ = _export(window, tmp_path, monkeypatch)
    players, _ = _export(window, tmp_path, monkeypatch, view="players")
    assert players != gm  # the GM's shows the hidden ogre as a ghost
    s.remove_token("ogre")
    without, _ = _export(window, tmp_path, monkeypatch, view="players")
    assert players == without


def _pick(monkeypatch: Any, system: str = "breche35", pixels: int = 50) -> None:
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (system, True))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (pixels, True))


def test_open_a_picture_as_a_new_map(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from PySide6.QtGui import QImage

    pic = tmp_path / "cave.png"
    img = QImage(500, 300, QImage.Format.Format_RGB32)
    img.fill(0x336699)
    assert img.save(str(pic))
    _pick(monkeypatch)
    assert window.files.open_path(pic, confirmed=True)
    enc = window.session.encounter
    assert (enc.system, enc.grid.cols, enc.grid.rows) == ("breche35", 10, 6)
    assert window.session.path is None  # Save asks where, suggesting beside the picture
    assert window.session.suggested_path == tmp_path / "cave.json"


def test_open_a_universal_vtt_file(window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    import shutil

    import pytest

    samples = Path(__file__).resolve().parents[3] / ".." / "shared" / "uvtt-samples"
    found = sorted(samples.glob("*.dd2vtt")) + sorted(samples.glob("*.uvtt"))
    if not found:
        pytest.skip(f"no Universal VTT sample in {samples}")
    src = tmp_path / found[0].name
    shutil.copy(found[0], src)  # the import writes the picture beside the file it reads
    _pick(monkeypatch, "dnd2024")
    assert window.files.open_path(src, confirmed=True)
    assert window.session.encounter.walls


def test_the_rule_system_is_picked_by_its_name(window: Any, tmp_path: Path,
                                               monkeypatch: Any) -> None:
    # Walkthrough: opening a Universal VTT export or a picture asked the rule system among
    # "adnd2bis, breche35, dnd2024, pmt"; the GM now picks "Brèche (D&D 3.5)".
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QInputDialog

    offered: list[list[str]] = []

    def get_item(_parent: Any, _title: str, _label: str, items: list[str], *_a: Any) -> Any:
        offered.append(list(items))
        return next(i for i in items if i.startswith("Brèche")), True

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (50, True))
    pic = tmp_path / "cave.png"
    img = QImage(100, 100, QImage.Format.Format_RGB32)
    img.fill(0x336699)
    assert img.save(str(pic))
    assert window.files.open_path(pic, confirmed=True)
    assert window.session.encounter.system == "breche35"
    assert "breche35" not in offered[0] and len(offered[0]) == 4


def _untitled_autosave(hp_lost: int, written_at: float) -> int:
    """What a session without a file (New, an unsaved import) leaves when the program dies."""
    from battlemap import assets
    from battlemap.engine import Session

    crashed = Session.open(assets.demo_file())
    crashed.path = None
    crashed.damage("goule", hp_lost)
    written = crashed.autosave_now()
    assert written is not None and written.name.startswith("untitled-")
    os.utime(written, (written_at, written_at))
    return int(crashed.token("goule").hp)  # what a recovery must bring back


def test_a_start_without_a_file_offers_the_newest_untitled_autosave(
        window: Any, monkeypatch: Any) -> None:
    now = time.time()
    _untitled_autosave(2, now - 100)
    hp = _untitled_autosave(7, now)  # another session's, written later
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert window.files.offer_untitled_recovery()
    assert asked == ["Recover autosave"]
    assert window.session.token("goule").hp == hp
    assert window.session.dirty and window.session.path is None


def test_a_declined_untitled_autosave_is_not_offered_again_and_stays_on_disk(
        window: Any, monkeypatch: Any) -> None:
    from battlemap.engine.files.autosave import autosave_dir

    _untitled_autosave(7, time.time())
    kept = sorted(p.name for p in autosave_dir().glob("untitled-*"))
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    assert not window.files.offer_untitled_recovery()
    assert not window.files.offer_untitled_recovery()  # the next start
    assert asked == ["Recover autosave"]
    assert sorted(p.name for p in autosave_dir().glob("untitled-*")) == kept


def test_an_untitled_autosave_written_after_a_decline_is_offered(
        window: Any, monkeypatch: Any) -> None:
    now = time.time()
    _untitled_autosave(2, now - 100)
    _answer(monkeypatch, QMessageBox.StandardButton.No)
    window.files.offer_untitled_recovery()
    hp = _untitled_autosave(7, now)  # a later session without a file, killed too
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert window.files.offer_untitled_recovery()
    assert asked == ["Recover autosave"] and window.session.token("goule").hp == hp


def test_the_gui_started_without_a_file_asks_about_an_untitled_autosave(
        qtbot: Any, monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QApplication

    from battlemap.cli import main
    from battlemap.ui.window.main_window import MainWindow

    hp = _untitled_autosave(7, time.time())
    shown: list[Any] = []
    monkeypatch.setattr(MainWindow, "show", lambda self: shown.append(self))
    monkeypatch.setattr(QApplication, "exec", lambda *_a: 0)
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert main(["gui"]) == 0
    assert asked == ["Recover autosave"]
    assert shown[0].session.token("goule").hp == hp and shown[0].session.path is None
    shown[0].files.autosave_timer.stop()
    shown[0].deleteLater()
