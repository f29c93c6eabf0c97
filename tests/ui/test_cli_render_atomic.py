"""`battlemap render` writes its PNG atomically: on a disk that refuses the write (a file
size limit here, a full disk below when a small tmpfs can be mounted) the previous PNG is
kept whole and the one line on stderr is the sentence, with no libpng chatter before it."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

RUN = "import sys; from battlemap.cli import main; sys.exit(main(sys.argv[1:]))"
OLD = b"\x89PNG previous render"


def _encounter(tmp_path: Path) -> Path:
    path = tmp_path / "room.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "name": "Room", "system": "breche35",
        "grid": {"cols": 40, "rows": 40},
        "tokens": [{"id": f"t{i}", "name": f"T{i}", "col": i, "row": (i * 7) % 40}
                   for i in range(40)],
        "walls": [{"points": [[i, 0], [(i * 13) % 40, 40]]} for i in range(40)]}),
        encoding="utf-8")
    return path


def _render(src: Path, out: Path, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def small_files() -> None:
        if limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of a kill
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", RUN, "render", str(src), "-o", str(out),
                           "--size", "1600x1600"],
                          capture_output=True, text=True, timeout=120, env=env,
                          preexec_fn=small_files)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_refused_write_keeps_the_previous_png_and_says_one_sentence(tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    out.write_bytes(OLD)
    done = _render(_encounter(tmp_path), out, limit=20_000)
    assert done.returncode == 2
    assert done.stderr == "battlemap: out.png: cannot be written (File too large).\n"
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.png", "room.json"]


def test_a_render_replaces_the_previous_png_whole(tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    out.write_bytes(OLD)
    done = _render(_encounter(tmp_path), out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and out.stat().st_size > 20_000


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KB tmpfs: a real full disk, where the platform lets this user mount one."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs Linux and root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)],
                          capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({made.stderr.decode().strip()})")
    yield mnt
    subprocess.run(["umount", str(mnt)], check=False)


def test_on_a_full_disk_the_previous_png_is_kept(tmp_path: Path, full_disk: Path) -> None:
    out = full_disk / "out.png"
    out.write_bytes(OLD)
    (full_disk / "filler").write_bytes(b"\0" * (256 * 1024 - 8192 - len(OLD)))
    done = _render(_encounter(tmp_path), out)
    assert done.returncode == 2
    assert done.stderr == "battlemap: out.png: cannot be written (No space left on device).\n"
    assert out.read_bytes() == OLD
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler", "out.png"]
