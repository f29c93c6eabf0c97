"""Imported polylines → `Wall` models, in bulk.

An import can bring tens of thousands of walls. Validating each through pydantic, or even
`Wall.model_construct` (a Python loop over the fields per wall), costs more than the whole
rest of the import, so the checks a Wall's validation makes are done here on the arrays at
once — finite coordinates within ±MAX_COORD, 2 to 100,000 points (longer polylines are cut
into pieces sharing their ends), not all points equal — and the models are then built as
`model_construct` builds them (no validation), with its field loop done once for all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import repeat
from typing import Any

import numpy as np
from pydantic import BaseModel

from battlemap.io.polylines import XY, Polylines, offsets_from_lengths, per_line_count
from battlemap.model import MAX_COORD, Encounter, Wall, WallKind

MAX_POINTS_PER_WALL = 100_000  # Wall.points upper bound
# Encounter.walls upper bound, read from the model. Up to it, an importer may hand these
# walls to an Encounter without validating them again: what its validator checks of a wall
# (finite points) is checked here, and a loop over every point costs ~3 ms for 12,000.
MAX_ENCOUNTER_WALLS: int = next(
    m.max_length for m in Encounter.model_fields["walls"].metadata if hasattr(m, "max_length")
)


def wall_models(polylines: Polylines) -> list[Wall]:
    """Plain walls, one per polyline (cut in pieces past MAX_POINTS_PER_WALL); degenerate
    polylines (fewer than two distinct points) left out."""
    lines = _cut_long(polylines)
    if not np.isfinite(lines.xy).all():
        raise ValueError("wall coordinates must be finite")
    if lines.xy.size and np.abs(lines.xy).max() > MAX_COORD:  # Wall.points' bound (Coord)
        raise ValueError(f"wall coordinates must lie within ±{MAX_COORD} squares")
    first = np.repeat(lines.offsets[:-1], lines.lengths)
    distinct = per_line_count(lines, (lines.xy != lines.xy[first]).any(axis=1)) > 0
    lines = lines.select(distinct & (lines.lengths >= 2))
    return _trusted_walls(lines.to_lists())


def _cut_long(lines: Polylines) -> Polylines:
    lengths = lines.lengths
    if len(lengths) == 0 or lengths.max() <= MAX_POINTS_PER_WALL:
        return lines
    step = MAX_POINTS_PER_WALL - 1
    pieces: list[np.ndarray] = []
    for i in range(len(lines)):
        pts = lines.line(i)
        pieces += [pts[s : s + step + 1] for s in range(0, max(len(pts) - 1, 1), step)]
    return Polylines(
        np.concatenate(pieces).reshape(-1, 2), offsets_from_lengths([len(p) for p in pieces])
    )


def _build_kit() -> tuple[dict[str, Any], bool]:
    """The defaults `model_construct` would fill in, and whether building a Wall by hand
    matches it (no post-init hook, no private attributes, no extra fields kept)."""
    defaults = {
        name: field.get_default(call_default_factory=True)
        for name, field in Wall.model_fields.items()
        if name != "points"
    }
    by_hand = (
        not Wall.__pydantic_post_init__
        and not Wall.__private_attributes__
        and Wall.model_config.get("extra") != "allow"
        and defaults == {"kind": WallKind.WALL, "open": False}
    )
    return defaults, by_hand


_DEFAULTS, _BY_HAND = _build_kit()
# BaseModel's slots, set on each new wall as `model_construct` sets them.
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def _trusted_walls(point_lists: list[list[XY]]) -> list[Wall]:
    if not _BY_HAND:
        return [Wall.model_construct(points=points) for points in point_lists]
    # Each step is one `map` over all walls: a C loop, no Python call per wall and field
    # (half the time of a per-wall function).
    n = len(point_lists)
    walls = list(map(Wall.__new__, repeat(Wall, n)))
    kind, is_open = _DEFAULTS["kind"], _DEFAULTS["open"]
    dicts = [{"points": points, "kind": kind, "open": is_open} for points in point_lists]
    _drain(map(object.__setattr__, walls, repeat("__dict__"), dicts))
    _drain(map(_SET_FIELDS_SET, walls, map(set, repeat(("points",), n))))  # one set each
    _drain(map(_SET_EXTRA, walls, repeat(None)))
    _drain(map(_SET_PRIVATE, walls, repeat(None)))
    return walls


def _drain(calls: Iterator[object]) -> None:
    deque(calls, maxlen=0)
