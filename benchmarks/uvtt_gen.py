"""A generated Universal VTT export of a chosen size: a noise PNG (it does not compress, so the
file size is the picture's) in base64, many wall polylines, doors and windows. Cached in
benchmarks/out by its parameters: making a 15 MB PNG takes seconds."""

from __future__ import annotations

import base64
import io
import json
import math
import random
from pathlib import Path

PIXELS_PER_GRID = 50


def uvtt_file(out_dir: Path, megabytes: float, walls: int, seed: int = 11) -> Path:
    path = out_dir / f"stress-{megabytes:g}MB-{walls}w.dd2vtt"
    if path.exists():
        return path
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_text(json.dumps(_document(megabytes, walls, seed)), encoding="utf-8")
    tmp.replace(path)
    return path


def _document(megabytes: float, walls: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    # base64 is 4/3 of the bytes; an RGB noise PNG is about 3 bytes per pixel.
    pixels = megabytes * 1e6 * 0.75 / 3
    cols = max(4, round(math.sqrt(pixels * 4 / 3) / PIXELS_PER_GRID))
    rows = max(3, round(pixels / (cols * PIXELS_PER_GRID) / PIXELS_PER_GRID))
    picture = _noise_png(cols * PIXELS_PER_GRID, rows * PIXELS_PER_GRID, rng)
    lines = []
    for _ in range(walls):
        x, y = rng.uniform(0, cols), rng.uniform(0, rows)
        pts = [{"x": x, "y": y}]
        for _ in range(rng.randrange(1, 4)):  # short jagged polylines, like a cave export
            x = min(cols, max(0.0, x + rng.uniform(-1.5, 1.5)))
            y = min(rows, max(0.0, y + rng.uniform(-1.5, 1.5)))
            pts.append({"x": round(x, 3), "y": round(y, 3)})
        lines.append(pts)
    portals = []
    for i in range(max(2, walls // 100)):
        x, y = rng.randrange(1, cols - 1), rng.randrange(1, rows - 1)
        portals.append({"position": {"x": x + 0.5, "y": y},
                        "bounds": [{"x": x, "y": y}, {"x": x + 1, "y": y}],
                        "rotation": 0, "closed": i % 3 != 0, "freestanding": False})
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": cols, "y": rows},
                       "pixels_per_grid": PIXELS_PER_GRID},
        "line_of_sight": lines,
        "objects_line_of_sight": [],
        "portals": portals,
        "lights": [{"position": {"x": 2, "y": 2}, "range": 6, "intensity": 1,
                    "color": "ffffe0a0", "shadows": True}],
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "image": base64.b64encode(picture).decode("ascii"),
    }


def _noise_png(w: int, h: int, rng: random.Random) -> bytes:
    from PIL import Image

    img = Image.frombytes("RGB", (w, h), rng.randbytes(w * h * 3))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
