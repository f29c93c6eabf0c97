"""An imported Universal VTT file with absurd coordinates gives an encounter that loads and
checks: far walls are clipped, far doors and lights dropped (the importer's policy for things
outside the picture), so every coordinate ends within the model's ±MAX_COORD."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import load_encounter
from battlemap.model import MAX_COORD

FAR = 1e300


def test_the_largest_map_with_absurd_coordinates_imports_within_bounds(
    make_uvtt: Callable[..., dict[str, Any]], write_uvtt: Callable[..., Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = make_uvtt(cols=1000, rows=1000, ppg=2)  # the biggest grid: the widest margin
    data["line_of_sight"] = [[{"x": -FAR, "y": 1}, {"x": FAR, "y": 1}],
                             [{"x": 5, "y": 5}, {"x": 5, "y": -FAR}]]
    data["portals"].append({"position": {"x": FAR, "y": 0}, "rotation": 0, "closed": True})
    data["lights"].append({"position": {"x": 0, "y": -FAR}, "range": 4})
    out = tmp_path / "far.json"
    assert main(["import", str(write_uvtt(data)), "-o", str(out)]) == 0
    report = capsys.readouterr().out
    assert "2 wall(s) reach more than a map-width outside the picture: clipped" in report
    assert "1 portal(s) far outside the picture: dropped" in report
    assert "1 light(s) more than a map-width outside the picture: dropped" in report
    enc = load_encounter(out)
    coords = [v for w in enc.walls for p in w.points for v in p]
    coords += [v for li in enc.lights for v in li.position]
    assert max(map(abs, coords)) == 2000 <= MAX_COORD  # the margin: one map-width
    assert main(["check", str(out)]) == 0
