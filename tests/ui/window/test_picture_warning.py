"""An encounter whose map picture is missing or unreadable opens anyway (walls and tokens are
its data) and the status bar says why in one sentence; a corrupt picture inside a Universal
VTT file is refused in one clean sentence."""

import base64
import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QInputDialog, QMessageBox

from battlemap.io import save_encounter
from battlemap.model import MapImage
from tests.io.conftest import picture_bytes, uvtt_dict

from ..conftest import crypt


def _pictured(tmp_path: Path, picture: str) -> Path:
    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path=picture, pixels_per_square=70)})
    path = tmp_path / "crypt.json"
    save_encounter(enc, path)
    return path


def _broken_png() -> bytes:
    good = picture_bytes(64, 64)
    return good[:60] + b"\x00" * (len(good) - 60)


def test_a_missing_picture_opens_the_encounter_and_says_so(window: Any, tmp_path: Path,
                                                           qtbot: Any) -> None:
    assert window.files.open_path(_pictured(tmp_path, "crypt.map.png"), confirmed=True)
    assert window.session.path == tmp_path / "crypt.json"
    assert [t.id for t in window.session.encounter.tokens] == ["hero", "cleric", "ghoul", "ogre"]
    assert len(window.session.encounter.walls) == 4
    assert window.picture_warning.text == (
        "crypt.json: the map picture 'crypt.map.png' is missing; the encounter is open "
        "without it (walls and tokens are all there).")
    qtbot.waitUntil(lambda: window.picture_warning.label.isVisible())
    # The next encounter, with no picture, clears the sentence.
    plain = tmp_path / "plain.json"
    save_encounter(crypt(), plain)
    assert window.files.open_path(plain, confirmed=True)
    assert window.picture_warning.text == "" and not window.picture_warning.label.isVisible()


def test_an_unreadable_picture_opens_the_encounter_and_says_why(window: Any, tmp_path: Path,
                                                                qtbot: Any) -> None:
    (tmp_path / "crypt.map.png").write_bytes(_broken_png())
    assert window.files.open_path(_pictured(tmp_path, "crypt.map.png"), confirmed=True)
    assert window.session.path == tmp_path / "crypt.json"
    # The header is sound: the body fails in the thread that decodes it, and the GM is told.
    qtbot.waitUntil(lambda: window.picture_warning.text != "", timeout=20000)
    assert window.picture_warning.text == (
        "crypt.json: the map picture 'crypt.map.png' is not a readable PNG image (broken data "
        "stream when reading image file); the encounter is open without it (walls and tokens "
        "are all there).")


def test_a_readable_picture_gives_no_warning(window: Any, tmp_path: Path, qtbot: Any) -> None:
    (tmp_path / "crypt.map.png").write_bytes(picture_bytes(64, 64))
    assert window.files.open_path(_pictured(tmp_path, "crypt.map.png"), confirmed=True)
    qtbot.waitUntil(lambda: window.map_view.map_scene.backdrop.loaded, timeout=20000)
    assert window.picture_warning.text == ""


def test_a_corrupt_picture_in_a_universal_vtt_file_is_one_clean_sentence(
        window: Any, tmp_path: Path, monkeypatch: Any) -> None:
    good = picture_bytes(32, 24)
    flipped = good[:40] + bytes([good[40] ^ 0xFF]) + good[41:]  # the IDAT chunk's name
    src = tmp_path / "cave.dd2vtt"
    src.write_text(json.dumps(uvtt_dict(image=base64.b64encode(flipped).decode())))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("dnd2024", True))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    before = window.session
    assert not window.files.open_path(src, confirmed=True)
    assert shown == ["cave.dd2vtt: field 'image': the picture is not a readable PNG image."]
    assert window.session is before
    assert [p.name for p in tmp_path.iterdir()] == ["cave.dd2vtt"]  # no picture written
