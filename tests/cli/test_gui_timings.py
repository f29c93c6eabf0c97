"""`battlemap gui FILE --timings` opens the window, prints when it reached its first frame, a
usable map and the map picture drawn (seconds since the process started), then quits: the
three lines in that order, each with a number (their values are the benchmark's)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from battlemap.io import save_encounter
from battlemap.io.images import image_encounter

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"\d+\.\d{3}"


def _run(path: Path, tmp_path: Path) -> list[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "BATTLEMAP_CACHE_DIR": str(tmp_path / "cache"),
           "BATTLEMAP_DATA_DIR": str(tmp_path / "data")}
    out = subprocess.run([sys.executable, "-m", "battlemap", "gui", str(path), "--timings"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
                         check=True)
    return out.stdout.splitlines()


def test_the_three_milestones_come_in_order_with_numbers(tmp_path: Path) -> None:
    pixels = np.random.default_rng(1).integers(0, 256, size=(600, 800, 3), dtype=np.uint8)
    Image.fromarray(pixels, "RGB").save(tmp_path / "cave.png")
    enc = image_encounter(tmp_path / "cave.png", 50, system="dnd2024",
                          encounter_path=tmp_path / "cave.json")
    save_encounter(enc, tmp_path / "cave.json")
    lines = _run(tmp_path / "cave.json", tmp_path)
    assert len(lines) == 3, lines
    assert re.fullmatch(f"first-frame {NUMBER}", lines[0])
    assert re.fullmatch(f"usable {NUMBER}", lines[1])
    assert re.fullmatch(f"picture {NUMBER}", lines[2])
    first, usable = (float(line.split()[1]) for line in lines[:2])
    assert 0 < first <= usable


def test_without_a_picture_the_last_line_says_so(tmp_path: Path) -> None:
    lines = _run(ROOT / "assets" / "demo" / "dnd2024-crypt.json", tmp_path)
    assert [line.split()[0] for line in lines] == ["first-frame", "usable", "picture"]
    assert lines[2] == "picture -"
