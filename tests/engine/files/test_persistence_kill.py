"""A save killed at any instant leaves a loadable file (issue 5, "Kill-during-save test"):
a child process saves in a loop and is SIGKILLed at several moments; each time the file on
disk loads whole, holding one of the two versions it was writing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from battlemap.io import load_encounter

CHILD = r"""
import sys
from battlemap.io import save_encounter
from battlemap.model import Encounter, Grid, Token, Wall
path = sys.argv[1]
walls = [Wall(points=[(i % 50, 0), (i % 50, 40)]) for i in range(4000)]  # a slow, big file
encs = [Encounter(name=n, system="dnd2024", grid=Grid(cols=60, rows=60), walls=walls,
                  tokens=[Token(id="a", name="A", col=1, row=1)]) for n in ("first", "second")]
save_encounter(encs[0], path)
save_encounter(encs[1], path)  # the second save makes the backup: from here on both must stay whole
print("ready", flush=True)
i = 1
while True:
    i += 1
    save_encounter(encs[i % 2], path)
"""


def kill_a_saver(path: Path, delay_s: float) -> None:
    """Start a child saving `path` in a loop and SIGKILL it `delay_s` after its first two saves
    (the file and its backup exist then, however loaded the machine is)."""
    with subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE,
                          text=True) as proc:
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
            time.sleep(delay_s)
        finally:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("delay_s", [0.05, 0.13, 0.29, 0.41])
def test_killed_saver_leaves_a_whole_file(tmp_path: Path, delay_s: float) -> None:
    path = tmp_path / "e.json"
    kill_a_saver(path, delay_s)
    assert load_encounter(path).name in {"first", "second"}
    assert load_encounter(tmp_path / "e.json.bak").name in {"first", "second"}
