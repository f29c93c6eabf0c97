"""The window opens an encounter whose picture is a pipe at once, without the picture, and
says why (Qt's own open waited for a writer forever)."""

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from battlemap.model import MapImage
from battlemap.ui.map.drawing.items.map_image_item import MapBackdrop
from tests.io.test_plain_files_fifo import encounter_over_fifo


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_picture_opens_without_it(window: Any, tmp_path: Path) -> None:
    signal.alarm(20)  # a waiting open() ends the run (SIGALRM) rather than hanging it
    path = encounter_over_fifo(tmp_path)
    image = MapImage(**json.loads(path.read_text())["grid"]["image"])
    assert not MapBackdrop(image, path).loaded
    assert window.files.open_path(path, confirmed=True)
    assert "is not a plain file" in window.picture_warning.text
    signal.alarm(0)
