"""A picture from outside the encounter's folder (an absolute path, `../..`, a link out) is
shown in neither window before the GM says yes, once per encounter file; declined, the map
opens without it and the status bar says so in one sentence. Token art the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from battlemap.io import save_encounter
from battlemap.model import MapImage
from tests.helpers.questions import answer_questions
from tests.io.conftest import picture_bytes

from ..conftest import crypt


def _picture_shown(window) -> bool:
    """The map picture is drawn, once its tiles are made (off the window's thread)."""
    backdrop = window.map_view.map_scene.backdrop
    if backdrop is None:
        return False
    backdrop.wait()
    return bool(backdrop.loaded)


def _answer(monkeypatch: Any, button: QMessageBox.StandardButton) -> list[str]:
    """The texts of the questions asked."""
    return answer_questions(monkeypatch, button).texts


def _encounter_naming(tmp_path: Path, picture: str, art: str | None = None) -> Path:
    """`tmp_path/maps/crypt.json` naming `picture` (and `art` for the hero), a secret picture
    at `tmp_path/secret.png`, outside the encounter's folder."""
    (tmp_path / "secret.png").write_bytes(picture_bytes(64, 64))
    folder = tmp_path / "maps"
    folder.mkdir(exist_ok=True)
    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path=picture, pixels_per_square=70)})
    if art is not None:
        enc.tokens = [t.model_copy(update={"art": art}) if t.id == "hero" else t for t in enc.tokens]
    path = folder / "crypt.json"
    save_encounter(enc, path)
    return path


def test_declined_the_outside_picture_shows_in_neither_window(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    path = _encounter_naming(tmp_path, "../secret.png")
    assert window.files.open_path(path, confirmed=True)
    assert len(asked) == 1 and str(tmp_path / "secret.png") in asked[0]
    assert window.map_view.map_scene.backdrop is None
    window.show_player_window(True)
    assert window.player.view.map_scene.backdrop is None
    assert window.picture_warning.text == (
        "crypt.json: not shown, as you chose, since they lie outside the encounter's folder: "
        f"{tmp_path / 'secret.png'}; the encounter is open without them.")
    window.show_player_window(False)


def test_allowed_once_the_outside_picture_shows_and_is_not_asked_again(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    path = _encounter_naming(tmp_path, str(tmp_path / "secret.png"))  # an absolute path
    assert window.files.open_path(path, confirmed=True)
    assert _picture_shown(window)
    assert window.picture_warning.text == ""
    assert window.files.open_path(path, confirmed=True)  # opened again, later
    assert len(asked) == 1 and _picture_shown(window)


def test_the_consent_belongs_to_one_encounter_file(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    asked = _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert window.files.open_path(_encounter_naming(tmp_path, "../secret.png"), confirmed=True)
    other = tmp_path / "maps" / "other.json"
    other.write_bytes((tmp_path / "maps" / "crypt.json").read_bytes())
    _answer(monkeypatch, QMessageBox.StandardButton.No)
    assert window.files.open_path(other, confirmed=True)
    assert len(asked) == 1 and window.map_view.map_scene.backdrop is None


def test_a_link_in_the_folder_to_a_picture_outside_is_outside(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    path = _encounter_naming(tmp_path, "crypt.map.png")
    (tmp_path / "maps" / "crypt.map.png").symlink_to(tmp_path / "secret.png")
    assert window.files.open_path(path, confirmed=True)
    assert len(asked) == 1 and window.map_view.map_scene.backdrop is None


def test_a_picture_beside_the_encounter_is_not_asked_about(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    path = _encounter_naming(tmp_path, "crypt.map.png")
    (tmp_path / "maps" / "crypt.map.png").write_bytes(picture_bytes(64, 64))
    assert window.files.open_path(path, confirmed=True)
    assert asked == [] and _picture_shown(window)


def test_declined_outside_token_art_is_not_drawn(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "crypt.map.png").write_bytes(picture_bytes(64, 64))
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    path = _encounter_naming(tmp_path, "crypt.map.png", art="../secret.png")
    assert window.files.open_path(path, confirmed=True)
    assert len(asked) == 1
    assert _picture_shown(window)  # the map's own picture, beside it
    assert window.map_view.map_scene.tokens["hero"]._art is None
    _answer(monkeypatch, QMessageBox.StandardButton.Yes)
    assert window.files.open_path(path, confirmed=True)
    assert window.map_view.map_scene.tokens["hero"]._art is not None


def test_saved_under_a_new_name_the_encounter_keeps_its_picture(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    # An unsaved import keeps its picture beside the export, by absolute path; saved into
    # another folder, that picture is outside it, and the GM's own save is the consent.
    from PySide6.QtWidgets import QFileDialog

    from battlemap.engine import Session

    (tmp_path / "secret.png").write_bytes(picture_bytes(64, 64))
    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path=str(tmp_path / "secret.png"),
                                                             pixels_per_square=70)})
    assert window.set_session(Session(enc))
    target = tmp_path / "saved" / "crypt.json"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    asked = _answer(monkeypatch, QMessageBox.StandardButton.No)
    assert window.files.save_as()
    window.map_view.map_scene.rebuild()  # a grid change redraws it under the new name
    assert _picture_shown(window)
    assert window.files.open_path(target, confirmed=True)
    assert asked == [] and _picture_shown(window)
