"""The Universal VTT file (.dd2vtt, .df2vtt, .uvtt) as exporters write it, versions 0.2–1.0.

There is no official schema; this follows what Dungeondraft, DungeonFog and Dungeon Alchemist
export and what other importers accept. Unknown keys are ignored (exporters add their own);
missing optional keys take the defaults below; non-finite numbers are refused.
Coordinates are in grid squares, in the frame of the uncropped map (`map_origin` is where the
picture's top-left corner falls in that frame).
"""

from __future__ import annotations

from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from battlemap.io.polylines import Polylines, offsets_from_lengths


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, frozen=True)


class UvPoint(_Lenient):
    x: float
    y: float

    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)


class UvResolution(_Lenient):
    map_origin: UvPoint = UvPoint(x=0, y=0)
    map_size: UvPoint
    pixels_per_grid: float = Field(gt=0, le=100_000)


class UvPortal(_Lenient):
    position: UvPoint
    # Two points: the door's span. Some exporters leave it out: then it is one square wide,
    # centred on `position`, turned by `rotation`.
    bounds: list[UvPoint] | None = Field(default=None, min_length=2, max_length=2)
    rotation: float = 0.0  # radians
    closed: bool = True  # true: blocks sight (a door); false: a window
    freestanding: bool = False


class UvLight(_Lenient):
    position: UvPoint
    range: float = Field(default=5.0, ge=0)  # grid squares
    intensity: float = Field(default=1.0, ge=0)
    color: str = Field(default="ffffffff", max_length=32)  # AARRGGBB
    shadows: bool = True


class UvEnvironment(_Lenient):
    baked_lighting: bool = False
    ambient_light: str = Field(default="ffffffff", max_length=32)


class UvttFile(_Lenient):
    format: float = Field(default=0.3, ge=0, le=100)
    resolution: UvResolution
    line_of_sight: list[list[UvPoint]] = Field(default_factory=list)
    objects_line_of_sight: list[list[UvPoint]] = Field(default_factory=list)
    portals: list[UvPortal] = Field(default_factory=list)
    lights: list[UvLight] = Field(default_factory=list)
    environment: UvEnvironment = UvEnvironment()
    # Base64 PNG/WebP, or (some 1.0 exporters) a file name beside the .dd2vtt; "" = none.
    image: str = ""


_X, _Y = itemgetter("x"), itemgetter("y")


def plain_polylines(value: Any) -> Polylines | None:
    """`list[list[UvPoint]]` read straight into arrays when every point is a plain
    `{"x": number, "y": number}` object (other keys ignored, as UvPoint does). None when
    anything else is there (a string for a number, a missing key, a bool…): then pydantic
    validates the whole file and names the field, as for every other key."""
    # map() and set() keep the per-point work in C: 18,000 points cost ~3 ms.
    if type(value) is not list or not set(map(type, value)) <= {list}:
        return None
    points = list(chain.from_iterable(value))
    if not set(map(type, points)) <= {dict}:
        return None
    try:
        xs, ys = list(map(_X, points)), list(map(_Y, points))
    except KeyError:
        return None
    if not set(map(type, xs)) | set(map(type, ys)) <= {int, float}:
        return None
    try:
        xy = np.array([xs, ys], dtype=np.float64).T.copy()
    except OverflowError:  # an integer too big for a float
        return None
    if not np.isfinite(xy).all():
        return None
    return Polylines(xy.reshape(-1, 2), offsets_from_lengths(list(map(len, value))))


def model_polylines(lines: list[list[UvPoint]]) -> Polylines:
    return Polylines.from_lists([[p.xy() for p in line] for line in lines])
