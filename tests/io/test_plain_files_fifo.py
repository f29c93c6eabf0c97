"""A pipe (or a device, a folder) where a picture or an encounter should be is refused or
shown as missing at once: `open()` on a FIFO waits for a writer forever, and `render` and
the window hung on it. Each command runs in a child with a time limit, so a hang fails."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlemap.io import LoadError
from battlemap.io.images import read_picture_file
from battlemap.io.plain_files import NotPlainFile, file_state, open_regular

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
RUN = "import sys; from battlemap.cli import main; sys.exit(main(sys.argv[1:]))"


def _battlemap(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-c", RUN, *argv], capture_output=True, text=True,
                          timeout=60, env=env)


def encounter_over_fifo(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "map.png")
    path = tmp_path / "pipe.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "name": "Pipe", "system": "breche35",
        "grid": {"cols": 4, "rows": 4, "image": {"path": "map.png", "pixels_per_square": 10}}}),
        encoding="utf-8")
    return path


@pytest.fixture
def no_hang() -> Iterator[None]:
    """An open() that waits is interrupted after 10 s: the test fails instead of hanging."""
    def give_up(*_a: object) -> None:
        raise TimeoutError("open() waited on the FIFO")

    old = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_open_regular_refuses_a_fifo_without_waiting(tmp_path: Path, no_hang: None) -> None:
    os.mkfifo(tmp_path / "p")
    assert file_state(tmp_path / "p").kind == "special"
    assert file_state(tmp_path).kind == "special"
    with pytest.raises(NotPlainFile):
        open_regular(tmp_path / "p")
    with pytest.raises(LoadError, match=r"^p: cannot be read \(not a plain file\)\.$"):
        read_picture_file(tmp_path / "p")


def test_check_and_render_of_a_fifo_picture_end_at_once(tmp_path: Path) -> None:
    path = encounter_over_fifo(tmp_path)
    checked = _battlemap("check", str(path))
    assert checked.returncode == 0
    assert checked.stderr == ("battlemap: warning: pipe.json: the map picture 'map.png' is not a "
                              "plain file (a folder, a pipe or a device); the encounter is open "
                              "without it (walls and tokens are all there).\n")
    rendered = _battlemap("render", str(path), "-o", str(tmp_path / "out.png"))
    assert rendered.returncode == 0, rendered.stderr
    assert (tmp_path / "out.png").is_file()


def test_a_fifo_as_the_encounter_or_the_import_is_refused_in_one_sentence(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "e.json")
    checked = _battlemap("check", str(tmp_path / "e.json"))
    assert (checked.returncode, checked.stderr) == (
        2, "battlemap: e.json: cannot be read (not a plain file).\n")
    os.mkfifo(tmp_path / "m.png")
    imported = _battlemap("import", str(tmp_path / "m.png"), "-o", str(tmp_path / "o.json"),
                          "--pixels-per-square", "10")
    assert (imported.returncode, imported.stderr) == (
        2, "battlemap: m.png: cannot be read (not a plain file).\n")
