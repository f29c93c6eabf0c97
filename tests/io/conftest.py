"""Builders for small Universal VTT files and pictures, made in memory for each test."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

SAMPLES = Path(__file__).resolve().parents[2] / ".." / "shared" / "uvtt-samples"


def picture_bytes(width: int, height: int, fmt: str = "PNG", **save: Any) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (90, 70, 50)).save(buf, format=fmt, **save)
    return buf.getvalue()


def uvtt_dict(cols: int = 4, rows: int = 3, ppg: int = 8, **overrides: Any) -> dict[str, Any]:
    """A minimal valid 0.3 export: one wall, one door, one light, a cols x rows picture."""
    data: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": cols, "y": rows},
            "pixels_per_grid": ppg,
        },
        "line_of_sight": [[{"x": 0, "y": 1}, {"x": 2, "y": 1}]],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": {"x": 2.5, "y": 1},
                "bounds": [{"x": 2, "y": 1}, {"x": 3, "y": 1}],
                "rotation": 0,
                "closed": True,
                "freestanding": False,
            }
        ],
        "lights": [
            {"position": {"x": 1, "y": 2}, "range": 4, "intensity": 1, "color": "ffeccd8b", "shadows": True}
        ],
        "image": base64.b64encode(picture_bytes(cols * ppg, rows * ppg)).decode("ascii"),
    }
    data.update(overrides)
    return data


@pytest.fixture
def write_uvtt(tmp_path: Path) -> Callable[..., Path]:
    def write(data: dict[str, Any] | str, name: str = "map.dd2vtt") -> Path:
        p = tmp_path / name
        p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return p

    return write


@pytest.fixture
def samples() -> Path:
    if not SAMPLES.is_dir():
        pytest.skip(f"the Universal VTT samples are not at {SAMPLES} (shared fixtures folder absent)")
    return SAMPLES


@pytest.fixture
def make_uvtt() -> Callable[..., dict[str, Any]]:
    return uvtt_dict


@pytest.fixture
def make_picture() -> Callable[..., bytes]:
    return picture_bytes
