"""End to end on a real X display: start Xvfb, run the real `battlemap gui FILE` process, drag
a token with xdotool, and see the engine move it (read back through the map probe and the
saved file). Skipped with the reason when Xvfb or xdotool is not installed."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from battlemap.io import load_encounter, save_encounter

from ..conftest import make_encounter

pytestmark = pytest.mark.xvfb

NEEDED = ("Xvfb", "xdotool")


def _missing() -> str:
    gone = [tool for tool in NEEDED if shutil.which(tool) is None]
    return ", ".join(gone)


def _wait(predicate, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _read(path: Path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


@pytest.fixture
def xvfb_display():
    if _missing():
        pytest.skip(f"needs {_missing()} (Debian packages listed in DESIGN.md §5)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x900x24",
                             "-nolisten", "tcp"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    proc.terminate()
    proc.wait(timeout=10)


def test_real_process_drag_with_xdotool(xvfb_display, tmp_path):
    # A goblin behind a wall: from (4, 1) the hero's every line to it crosses the wall.
    enc = make_encounter(cols=10, rows=8, tokens=[
        dict(id="hero", name="Hero", side="party", col=1, row=1),
        dict(id="gob", name="Goblin", side="foe", col=7, row=1)],
        walls=[dict(points=[(6, 0), (6, 3)])])
    file = tmp_path / "e2e.json"
    save_encounter(enc, file)
    probe = tmp_path / "probe.json"
    exe = Path(sys.executable).parent / "battlemap"
    env = {**os.environ, "DISPLAY": xvfb_display, "QT_QPA_PLATFORM": "xcb",
           "BATTLEMAP_MAP_PROBE": str(probe), "BATTLEMAP_DATA_DIR": str(tmp_path / "data"),
           "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    log = tmp_path / "app.log"
    with log.open("wb") as sink:
        app = subprocess.Popen([str(exe), "gui", str(file)], env=env, stdout=sink,
                               stderr=subprocess.STDOUT)
    try:
        def ready():
            if app.poll() is not None:
                out = log.read_text(errors="replace")
                raise AssertionError(f"battlemap exited early ({app.returncode}): {out}")
            return _read(probe)

        data = _wait(ready, 30, "the map window")
        x, y = data["tokens"]["hero"]["screen"]
        step = data["px_per_square"]
        xdo = {**env}

        def run(*args):
            subprocess.run(["xdotool", *map(str, args)], env=xdo, check=True, timeout=10)

        run("mousemove", x, y)
        time.sleep(0.2)
        run("mousedown", 1)
        for i in range(1, 7):  # three squares to the right, in small steps
            run("mousemove", int(x + step * i / 2), y)
            time.sleep(0.05)
        # Held there: the path is drawn and the goblin's badge follows on the next turn of
        # the event loop (DESIGN.md §4.4, dnd2024: no line past the wall → total cover).
        end = [[2, 1], [3, 1], [4, 1]]
        held = _wait(lambda: (d := _read(probe)) and d.get("drag", {}).get("path") == end
                     and d["drag"]["badges"] and d, 15, "the path and badge while dragging")
        assert held["drag"]["badges"] == ["total cover"]
        run("mouseup", 1)
        moved = _wait(lambda: (d := _read(probe)) and d["tokens"]["hero"]["col"] == 4 and d,
                      15, "the token to reach column 4")
        assert moved["tokens"]["hero"]["row"] == 1
        assert moved["drag"] == {"path": [], "badges": []}  # gone with the drop
        # The move went through the engine: save and read the file back.
        run("key", "ctrl+s")
        _wait(lambda: load_encounter(file).token("hero").col == 4, 10, "the saved file")
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
