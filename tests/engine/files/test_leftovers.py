"""A save killed mid-way leaves its temporary files (`.NAME.xxxxxxxx.tmp`, `.baktmp`, about
2 MB each): opening the encounter removes its own, and the autosave folder's are removed at
start. Only stale ones (a minute old), never another file's, never one a save may still be
writing."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.engine.files import autosave
from battlemap.io import save_encounter
from battlemap.io.leftovers import remove_leftovers
from battlemap.model import Encounter, Grid
from tests.engine.files.test_persistence_kill import kill_a_saver


def _aged(path: Path, seconds: float = 120.0) -> Path:
    path.write_bytes(b"half a save")
    old = time.time() - seconds
    os.utime(path, (old, old))
    return path


def test_open_removes_the_encounters_own_stale_temporaries(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    save_encounter(Encounter(name="Fight", system="breche35", grid=Grid(cols=5, rows=5)),
                   target)
    mine = [_aged(tmp_path / ".fight.json.ab_12xyz.tmp"),
            _aged(tmp_path / ".fight.json.k3j4l5m6.baktmp")]
    fresh = tmp_path / ".fight.json.q1w2e3r4.tmp"
    fresh.write_bytes(b"a save in progress")
    others = [_aged(tmp_path / ".other.json.ab_12xyz.tmp"), _aged(tmp_path / "fight.json.tmp"),
              _aged(tmp_path / ".fight.json.toolongname.tmp")]
    Session.open(target)
    assert not any(p.exists() for p in mine)
    assert fresh.exists() and all(p.exists() for p in others)


def test_the_autosave_folders_stale_temporaries_go_at_start(tmp_path: Path) -> None:
    folder = autosave.autosave_dir()
    folder.mkdir(parents=True)
    stale = _aged(folder / ".fight-0123abcd.autosave-s000000001.json.zz99yy88.tmp")
    kept = _aged(folder / "fight-0123abcd.autosave-s000000001.json")
    assert remove_leftovers(folder) == [stale]
    assert not stale.exists() and kept.exists()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_kills_during_saves_leave_nothing_after_the_next_open(tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    for delay in (0.05, 0.11, 0.23, 0.37, 0.53):
        kill_a_saver(path, delay)
    for left in tmp_path.glob(".e.json.*"):
        _aged(left)  # as a reopen a minute later finds them
    assert Session.open(path).encounter.name in {"first", "second"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.json", "e.json.bak"]
