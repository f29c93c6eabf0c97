"""Walls, doors, windows and terrain, in grid units (DESIGN.md §4)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, field_validator

from battlemap.model.common import MapPoint, Square, StrictModel
from battlemap.text import Message

Point = MapPoint


class WallKind(StrEnum):
    WALL = "wall"
    DOOR = "door"
    WINDOW = "window"


class Wall(StrictModel):
    """A polyline. Doors block everything when closed, nothing when open; windows block
    movement and line of effect but not sight (DESIGN.md §4.3)."""

    points: list[Point] = Field(min_length=2, max_length=100_000)
    kind: WallKind = WallKind.WALL
    open: bool = False

    @field_validator("points")
    @classmethod
    def _not_degenerate(cls, pts: list[Point]) -> list[Point]:
        if all(p == pts[0] for p in pts):
            raise ValueError(Message.of("model.wall_points"))
        return pts

    @property
    def blocks_movement(self) -> bool:
        return not (self.kind is WallKind.DOOR and self.open)

    @property
    def blocks_effect(self) -> bool:
        return not (self.kind is WallKind.DOOR and self.open)

    @property
    def blocks_sight(self) -> bool:
        if self.kind is WallKind.WINDOW:
            return False
        return not (self.kind is WallKind.DOOR and self.open)


class TerrainKind(StrEnum):
    DIFFICULT = "difficult"


class Terrain(StrictModel):
    squares: list[Square] = Field(min_length=1, max_length=1_000_000)
    kind: TerrainKind = TerrainKind.DIFFICULT
