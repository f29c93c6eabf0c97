"""The Universal VTT file (.dd2vtt, .df2vtt, .uvtt) as exporters write it, versions 0.2–1.0.

There is no official schema; this follows what Dungeondraft, DungeonFog and Dungeon Alchemist
export and what other importers accept. Unknown keys are ignored (exporters add their own);
missing optional keys take the defaults below; non-finite numbers are refused.
Coordinates are in grid squares, in the frame of the uncropped map (`map_origin` is where the
picture's top-left corner falls in that frame).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


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
