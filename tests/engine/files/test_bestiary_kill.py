"""A library save killed at any instant leaves the old library or the new one, whole (the
brief's kill-mid-write test; the atomic write of io/encounter_file.py): a child saves two
versions in turn and is SIGKILLed at several moments; each time the library loads without a
problem, holding one of the two."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from battlemap.engine.files.bestiary import load_library

CHILD = r"""
from battlemap.engine.files.bestiary import Entry, save_library
versions = [[Entry(name=f"{tag} {i}", stats={"max_hp": 1 + i % 500}) for i in range(3000)]
            for tag in ("first", "second")]  # a big library: the write takes a while
save_library("dnd2024", versions[0])
print("ready", flush=True)
i = 0
while True:
    i += 1
    save_library("dnd2024", versions[i % 2])
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("delay_s", [0.0, 0.07, 0.19, 0.37])
def test_a_killed_library_save_leaves_a_whole_library(tmp_path: Path, delay_s: float,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
    with subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True,
                          env=os.environ.copy()) as proc:
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
            time.sleep(delay_s)  # when to kill, not a wait for a condition: any instant must do
        finally:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=60)
    library = load_library("dnd2024")
    assert library.problems == ()
    assert len(library.entries) == 3000
    assert {e.name.split()[0] for e in library.entries} in ({"first"}, {"second"})
    # A killed write leaves at most its temporary file, never a second library.
    assert [p.name for p in (tmp_path / "data" / "bestiary").glob("*.json")] == ["dnd2024.json"]
