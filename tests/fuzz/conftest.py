"""Seeds for the fuzz suite: one good encounter, one good Universal VTT file, one picture;
and the check every fuzz case ends with (no crash, one sentence, exit 0 or 2)."""

from __future__ import annotations

import base64
import contextlib
import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import battlemap.cli
from battlemap.cli import main


def png(width: int = 16, height: int = 12) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (30, 60, 90)).save(buf, format="PNG")
    return buf.getvalue()


def good_encounter() -> dict[str, Any]:
    return {
        "format": "battlemap-encounter",
        "version": 1,
        "name": "Fuzz seed",
        "system": "breche35",
        "grid": {"cols": 8, "rows": 6, "image": {"path": "m.png", "pixels_per_square": 2, "offset_px": [0, 0]}},
        "tokens": [
            {"id": "a", "name": "Ash", "side": "party", "size": "medium", "col": 1, "row": 1, "hp": 12,
             "conditions": [{"name": "prone"}]},
            {"id": "b", "name": "Ogre", "size": "large", "col": 4, "row": 2, "stats": {"ac": 15}},
        ],
        "walls": [{"points": [[0, 0], [3, 0], [3, 4]]}, {"points": [[3, 4], [4, 4]], "kind": "door", "open": True}],
        "terrain": [{"squares": [[5, 5], [6, 5]]}],
        "lights": [{"position": [2.5, 2.5], "range": 4}],
        "templates": [{"shape": "sphere", "origin": [4, 4], "size_m": 6}],
        "log": [{"kind": "roll", "total": 7}],
    }


def good_uvtt() -> dict[str, Any]:
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 1, "y": 0}, "map_size": {"x": 8, "y": 6}, "pixels_per_grid": 2},
        "line_of_sight": [[{"x": 1, "y": 1}, {"x": 3, "y": 1}, {"x": 3, "y": 4}]],
        "objects_line_of_sight": [[{"x": 5, "y": 5}, {"x": 6, "y": 5}, {"x": 6, "y": 6}, {"x": 5, "y": 5}]],
        "portals": [{"position": {"x": 3.5, "y": 1}, "bounds": [{"x": 3, "y": 1}, {"x": 4, "y": 1}],
                     "rotation": 0, "closed": False, "freestanding": False}],
        "lights": [{"position": {"x": 2, "y": 2}, "range": 3, "intensity": 1, "color": "ff00ff00", "shadows": True}],
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "image": base64.b64encode(png()).decode("ascii"),
    }


def run_cli(argv: Sequence[str]) -> tuple[int, str]:
    """Run `battlemap` in-process; check it ended cleanly; return (exit code, stderr)."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(list(argv))
    text = err.getvalue()
    assert code in (0, 2), (code, text)
    assert "Traceback" not in text and "Traceback" not in out.getvalue()
    if code == 2:
        assert text.startswith("battlemap: ") and text.endswith("\n") and text.count("\n") == 1, text
    else:  # nothing, or one warning (`check`: a map picture that cannot be shown)
        assert text == "" or (text.startswith("battlemap: warning: ") and text.endswith("\n")
                              and text.count("\n") == 1), text
    return code, text


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def seeds() -> dict[str, Callable[[], Any]]:
    return {"encounter": good_encounter, "uvtt": good_uvtt, "png": png}


@pytest.fixture(scope="module")
def cli() -> Iterator[Callable[[Sequence[str]], tuple[int, str]]]:
    """`run_cli`, with the argument parser built once: building it costs ~25 ms (every
    sub-command's parsers), twenty times what checking a small file costs."""
    parser = battlemap.cli.build_parser()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(battlemap.cli, "build_parser", lambda: parser)
        yield run_cli
