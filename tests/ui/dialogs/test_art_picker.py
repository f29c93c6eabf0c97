"""Picking a token's picture in the token dock and in Add token: a file dialog, stored
relative to the encounter's folder, its fit, "Remove picture", each one undo step; a bad
picture is refused with one sentence in the GM's language and the token keeps its look."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog
from tests.io.conftest import picture_bytes


def _folder(window: Any, tmp_path: Path) -> Path:
    """The window's encounter saved as `tmp_path/maps/crypt.json` and opened, a face in
    `maps/faces/`."""
    from battlemap.io import save_encounter

    (tmp_path / "maps" / "faces").mkdir(parents=True)
    (tmp_path / "maps" / "faces" / "aelis.png").write_bytes(picture_bytes(40, 40))
    save_encounter(window.session.encounter, tmp_path / "maps" / "crypt.json")
    assert window.files.open_path(tmp_path / "maps" / "crypt.json", confirmed=True)
    return tmp_path / "maps"


def _file_dialog_answers(monkeypatch: Any, path: Path) -> list[str]:
    asked: list[str] = []

    def answer(_parent: Any, title: str, *_a: Any, **_k: Any) -> tuple[str, str]:
        asked.append(title)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    return asked


def test_the_token_dock_picks_a_picture_changes_its_fit_and_removes_it(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    folder = _folder(window, tmp_path)
    s = window.session
    window.select_token("hero")
    picker = window.docks["inspector"].art
    asked = _file_dialog_answers(monkeypatch, folder / "faces" / "aelis.png")
    picker.choose_action.trigger()
    assert asked == ["Choose picture…"]
    assert (s.token("hero").art, s.token("hero").art_fit) == ("faces/aelis.png", "disc")
    assert window.map_view.map_scene.tokens["hero"]._art is not None
    assert picker.name_action.text() == "aelis.png"
    picker.fit_actions["square"].trigger()
    assert (s.token("hero").art, s.token("hero").art_fit) == ("faces/aelis.png", "square")
    picker.remove_action.trigger()
    assert s.token("hero").art is None and picker.name_action.text() == "No picture"
    assert window.map_view.map_scene.tokens["hero"]._art is None
    assert s.undo_text == "Remove the picture of Aelis"
    s.undo()
    assert s.token("hero").art_fit == "square" and picker.name_action.text() == "aelis.png"
    s.undo()
    assert s.token("hero").art_fit == "disc"
    s.undo()
    assert s.token("hero").art is None
    s.redo()
    assert s.token("hero").art == "faces/aelis.png"


def test_a_bad_picture_is_refused_in_one_sentence_and_the_token_keeps_its_look(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from battlemap.ui import i18n

    folder = _folder(window, tmp_path)
    (folder / "notes.png").write_text("a shopping list")
    window.select_token("hero")
    picker = window.docks["inspector"].art
    _file_dialog_answers(monkeypatch, folder / "notes.png")
    picker.choose_action.trigger()
    assert window.session.token("hero").art is None and not window.session.can_undo
    assert picker.problem.text() == ("The picture 'notes.png' is not a PNG, JPEG or WebP "
                                     "image; it is not used.")
    i18n.set_language("fr")
    picker.choose_action.trigger()
    assert picker.problem.text() == ("L'image « notes.png » n'est ni un PNG, ni un JPEG, ni "
                                     "un WebP ; elle n'est pas utilisée.")


def test_the_dock_says_why_a_tokens_picture_is_not_shown(window: Any, tmp_path: Path) -> None:
    _folder(window, tmp_path)
    window.session.update_token("hero", art="faces/gone.png")
    window.select_token("hero")
    picker = window.docks["inspector"].art
    assert not picker.problem.isHidden()
    assert picker.problem.text() == ("crypt.json: the picture 'faces/gone.png' of Aelis is "
                                     "missing; the token is drawn without it.")


def test_add_token_with_a_picture_is_one_undo_step(window: Any, tmp_path: Path) -> None:
    folder = _folder(window, tmp_path)
    s = window.session
    dlg = AddTokenDialog("dnd2024", window, encounter_path=s.path)
    dlg.list.setCurrentRow(0)
    dlg.name.setText("Torche")
    assert dlg.picture.pick(str(folder / "faces" / "aelis.png"))
    dlg.picture.fit_actions["square"].trigger()
    added = window.editing.add_token(dlg)
    assert (s.token(added.id).art, s.token(added.id).art_fit) == ("faces/aelis.png", "square")
    assert window.map_view.map_scene.tokens[added.id]._art is not None
    s.undo()
    assert added.id not in {t.id for t in s.encounter.tokens}


def test_a_picture_picked_from_outside_the_folder_shows_without_asking(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from battlemap.engine.files.picture_consent import may_show

    _folder(window, tmp_path)
    outside = tmp_path / "elsewhere.png"
    outside.write_bytes(picture_bytes(40, 40))
    window.select_token("hero")
    _file_dialog_answers(monkeypatch, outside)
    window.docks["inspector"].art.choose_action.trigger()
    assert window.session.token("hero").art == str(outside.resolve())
    assert may_show(outside, window.session.path)  # the GM's own pick is the consent
    assert window.map_view.map_scene.tokens["hero"]._art is not None
