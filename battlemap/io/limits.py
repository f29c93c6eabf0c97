"""How big a file may be before we refuse it: one place for every loader's limits.

A limit is checked on the raw JSON (size, nesting depth, list lengths) before pydantic sees
the data, so a hostile or broken file costs little memory and time, and the message names the
field that went over. Image limits are in megapixels, checked from the picture's header before
anything is decoded (see `image_header`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from battlemap.io.errors import LoadError
from battlemap.io.words import said


@dataclass(frozen=True)
class Limits:
    max_file_bytes: int = 64 * 1024 * 1024
    max_depth: int = 64  # the deepest real structure (a log entry's roll tree) is ~20 levels
    max_tokens: int = 5_000
    max_walls: int = 200_000
    max_wall_points: int = 2_000_000  # summed over every polyline
    max_lights: int = 10_000
    max_terrain_squares: int = 1_000_000  # summed over every patch: a 1000x1000 grid's worth
    max_log_entries: int = 100_000  # a long evening is a few thousand
    # Arrays and objects, counted in the raw bytes before parsing: 2M wall points, a million
    # terrain squares and the log's roll trees fit; 6M terrain squares do not.
    max_containers: int = 5_000_000
    max_image_megapixels: float = 100.0  # PICTURE_MEGAPIXELS, see below

    def with_megapixels(self, megapixels: float | None) -> Limits:
        return self if megapixels is None else replace(self, max_image_megapixels=megapixels)


# The one picture limit of import, check, render and the window: 100 MP = 10,000 x 10,000 px,
# a 40x40-square map at 250 px per square. The window draws it from tiles (a few MB in
# memory); making them decodes it once, off the window's thread, 400 MB for a moment, about
# what a desktop holds without swapping. Pillow's own refusal (179 MP) and Qt's allocation
# limit (64 MP as one image) never come into play: every path refuses in our sentence first.
# `--max-megapixels` may lower it, never raise it.
PICTURE_MEGAPIXELS = Limits.max_image_megapixels
MAX_MEGAPIXELS_ALLOWED = PICTURE_MEGAPIXELS

ENCOUNTER_LIMITS = Limits()
# A token's picture fills one disc: 25 MP (5,000 x 5,000 px) is past any portrait, and a
# map of a few hundred tokens holds each distinct picture decoded once (100 MB as RGBA).
ART_LIMITS = Limits(max_file_bytes=32 * 1024 * 1024, max_image_megapixels=25.0)
# A Universal VTT file carries its picture as base64: allow room for a big map.
UVTT_LIMITS = Limits(max_file_bytes=400 * 1024 * 1024)


def check_list_lengths(
    data: Any, path: Path | str, limits: Limits, wall_keys: tuple[str, ...] = ("walls",)
) -> None:
    """Counts of tokens, lights, walls and wall points (summed over `wall_keys`) in parsed
    JSON, checked before validation. A wall is a polyline: an object with `points` (our
    files) or a bare list of points (Universal VTT)."""
    if not isinstance(data, dict):
        return
    name = Path(path).name
    _check_len(data, "tokens", limits.max_tokens, name)
    _check_len(data, "lights", limits.max_lights, name)
    _check_len(data, "log", limits.max_log_entries, name)
    terrain = data.get("terrain")
    if isinstance(terrain, list):
        squares = sum(len(t["squares"]) for t in terrain
                      if isinstance(t, dict) and isinstance(t.get("squares"), list))
        if squares > limits.max_terrain_squares:
            raise LoadError(said("safety.terrain_squares", name=name, n=squares,
                                        limit=limits.max_terrain_squares))
    total = 0
    for key in wall_keys:
        _check_len(data, key, limits.max_walls, name)
        walls = data.get(key)
        if not isinstance(walls, list):
            continue
        if set(map(type, walls)) <= {list}:  # Universal VTT: bare point lists, summed in C
            total += sum(map(len, walls))
            walls = []
        for w in walls:
            pts = w.get("points") if isinstance(w, dict) else w
            if isinstance(pts, list):
                total += len(pts)
        if total > limits.max_wall_points:
            raise LoadError(said("io.wall_points", name=name, field=key, total=total,
                                 limit=limits.max_wall_points))


def _check_len(data: dict[str, Any], key: str, limit: int, name: str) -> None:
    value = data.get(key)
    if isinstance(value, list) and len(value) > limit:
        raise LoadError(said("io.too_many", name=name, field=key, n=len(value), limit=limit))
