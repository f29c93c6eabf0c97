"""A creature on the map."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from battlemap.model.common import Coord, Size, StrictModel
from battlemap.text import Message, Text

MAX_SPEED_M = 300.0  # 200 squares a round: past any flyer, a typo


class Condition(StrictModel):
    """A condition on a token; the rules core gives it its effects."""

    name: str = Field(min_length=1, max_length=40)
    rounds_left: int | None = Field(default=None, ge=0)  # None: until removed
    source: Text = ""  # the rule (a seed citation) or the creature that caused it
    level: int | None = Field(default=None, ge=0)  # e.g. 2024 exhaustion level


class Token(StrictModel):
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.\-]+$")
    name: str = Field(min_length=1, max_length=80)
    side: str = Field(default="foe", min_length=1, max_length=32)  # "party", "foe", "neutral"…
    size: Size = Size.MEDIUM
    # Top-left square of the space. Tiny creatures may sit on half squares (0.5 steps).
    col: Coord  # the encounter says when it is off its grid
    row: Coord
    reach_m: float | None = Field(default=None, ge=0, le=60)  # None: natural reach by size/system
    speed_m: float = Field(default=9.0, ge=0, le=MAX_SPEED_M)
    elevation_m: float = Field(default=0.0, ge=-1000, le=1000)
    stats: dict[str, Any] | None = None  # validated by the encounter's rule system
    hp: int | None = Field(default=None, ge=-1000, le=100000)
    temp_hp: int = Field(default=0, ge=0, le=100000)
    nonlethal: int = Field(default=0, ge=0, le=100000)
    conditions: list[Condition] = Field(default_factory=list, max_length=64)
    hidden: bool = False  # hidden from the players' window
    art: str | None = Field(default=None, max_length=512)
    # How the art sits in the square: cropped to the disc (a portrait) or filling the square
    # (a top-down tile). Left out of the file when it is the default, so files stay as they were.
    art_fit: Literal["disc", "square"] = Field(default="disc", exclude_if=lambda v: v == "disc")
    initiative: float | None = None

    @field_validator("col", "row")
    @classmethod
    def _on_half_grid(cls, v: float) -> float:
        if not math.isfinite(v) or abs(v * 2 - round(v * 2)) > 1e-9:
            raise ValueError(Message.of("model.half_square"))
        return v

    @model_validator(mode="after")
    def _whole_squares_unless_tiny(self) -> Token:
        if self.size is not Size.TINY and (self.col != int(self.col) or self.row != int(self.row)):
            raise ValueError(Message.of("model.whole_squares",
                                     size=Message.of(f"size.{self.size.value}")))
        return self

    @property
    def side_len(self) -> float:
        return self.size.squares

    def footprint_bounds(self) -> tuple[float, float, float, float]:
        s = self.size.squares
        return (self.col, self.row, self.col + s, self.row + s)

    def squares(self) -> list[tuple[int, int]]:
        """Grid squares the token's space overlaps."""
        x0, y0, x1, y1 = self.footprint_bounds()
        return [
            (c, r)
            for r in range(math.floor(y0), math.ceil(y1))
            for c in range(math.floor(x0), math.ceil(x1))
        ]

    def has_condition(self, name: str) -> bool:
        return any(c.name == name for c in self.conditions)
