"""What geometry answers: plain pydantic data that says *why* (corner, lines, blockers)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Point = tuple[float, float]
Square = tuple[int, int]
CoverLevel = Literal["none", "partial", "half", "three_quarters", "25", "50", "75", "90", "total"]


class SightLine(BaseModel):
    start: Point
    end: Point
    blocked: bool
    blocked_by: list[str] = Field(default_factory=list)  # "wall" | "door" | "window" | token id


class CoverResult(BaseModel):
    level: CoverLevel
    corner: Point | None = None  # the attacker's corner used (grid intersection)
    target_square: Square | None = None
    lines: list[SightLine] = Field(default_factory=list)
    blocked_by: list[str] = Field(default_factory=list)
    from_creatures_only: bool = False
    hidden_fraction: float | None = None  # adnd2bis: share of the target's space hidden
    explanation: str = ""


class FlankResult(BaseModel):
    flanked: bool
    partners: list[str] = Field(default_factory=list)
    lines: list[tuple[Point, Point]] = Field(default_factory=list)
    explanation: str = ""


class AreaSquare(BaseModel):
    square: Square
    why: str
    coverage: float | None = None  # share of the square inside the shape
    distance_m: float | None = None  # 3.5 count to the square's far corner


class AreaResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    squares: list[AreaSquare] = Field(default_factory=list)
    tokens: list[str] = Field(default_factory=list)
    method: str = ""
    shape: Any = Field(default=None, exclude=True)  # shapely geometry, for drawing

    def square_set(self) -> set[Square]:
        return {s.square for s in self.squares}


class Step(BaseModel):
    frm: Square
    to: Square
    cost_m: float
    difficult: bool = False
    legal: bool = True
    reason: str = ""


class Provocation(BaseModel):
    by: str
    at: Square  # the square the mover is leaving: the attack comes before it leaves
    step_index: int
    why: str = ""


class PathResult(BaseModel):
    squares: list[Square]
    steps: list[Step] = Field(default_factory=list)
    cost_m: float = 0.0
    legal: bool = True
    reason: str = ""
    provokes: list[Provocation] = Field(default_factory=list)
