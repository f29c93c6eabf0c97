"""The window opens an encounter whose picture is a pipe at once, without the picture, and
says why (Qt's own open waited for a writer forever)."""

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_picture_opens_without_it(window: Any, tmp_path: Path) -> None:
    signal.alarm(20)  # a waiting open() ends the run (SIGALRM) rather than hanging it
    os.mkfifo(tmp_path / "map.png")
    path = tmp_path / "pipe.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "name": "Pipe", "system": "breche35",
        "grid": {"cols": 4, "rows": 4, "image": {"path": "map.png", "pixels_per_square": 10}}}),
        encoding="utf-8")
    from battlemap.ui.map.drawing.items.map_image_item import MapBackdrop

    enc_image = json.loads(path.read_text())["grid"]["image"]
    from battlemap.model import MapImage

    backdrop = MapBackdrop(MapImage(**enc_image), path)
    assert not backdrop.loaded
    assert window.files.open_path(path, confirmed=True)
    assert "is not a plain file" in window.picture_warning.text
    signal.alarm(0)
