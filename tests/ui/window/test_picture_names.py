"""The window opens an encounter whose picture name the disk cannot hold, without the
picture, and says why in one sentence (it crashed on it)."""

import json
from pathlib import Path
from typing import Any


def test_a_picture_name_too_long_opens_without_the_picture(window: Any, tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "name": "Long", "system": "breche35",
        "grid": {"cols": 4, "rows": 4,
                 "image": {"path": "a" * 1020 + ".png", "pixels_per_square": 10}}}),
        encoding="utf-8")
    assert window.files.open_path(path, confirmed=True)
    assert window.session.path == path
    assert "cannot be shown (File name too long)" in window.picture_warning.text
