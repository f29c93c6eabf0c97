"""Giving a token a picture is one undoable command: the picture is stored relative to the
encounter's folder when it lies inside it, absolute otherwise; its fit is kept with it."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import Session
from tests.helpers.engine import encounter, tok


def _session(tmp_path: Path) -> Session:
    return Session(encounter([tok("hero", 1, 1, side="party", name="Aelis")]), seed=1,
                   path=tmp_path / "maps" / "crypt.json")


def test_a_picture_inside_the_folder_is_stored_relative_to_it(tmp_path: Path) -> None:
    (tmp_path / "maps" / "art").mkdir(parents=True)
    s = _session(tmp_path)
    s.set_token_art("hero", tmp_path / "maps" / "art" / "aelis.png", "square")
    assert (s.token("hero").art, s.token("hero").art_fit) == ("art/aelis.png", "square")
    assert s.undo_text == "Picture of Aelis"


def test_a_picture_outside_the_folder_is_stored_absolute(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    s = _session(tmp_path)
    s.set_token_art("hero", tmp_path / "elsewhere" / "aelis.png")
    assert s.token("hero").art == str((tmp_path / "elsewhere" / "aelis.png").resolve())


def test_setting_and_removing_the_picture_undo_and_redo(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    s = _session(tmp_path)
    s.set_token_art("hero", tmp_path / "maps" / "aelis.png")
    s.set_token_art("hero", None)
    assert s.token("hero").art is None and s.undo_text == "Remove the picture of Aelis"
    assert s.undo() and s.token("hero").art == "aelis.png"
    assert s.undo() and s.token("hero").art is None
    assert s.redo() and s.token("hero").art == "aelis.png"
    assert s.redo() and s.token("hero").art is None
