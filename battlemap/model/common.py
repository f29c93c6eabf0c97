"""Shared model vocabulary: sizes, sides, and the strict base model. A rule system is named by
its id (a string); which ids exist is the rules registry's business (rules/core/system.py)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

SQUARE_M = 1.5  # one grid unit is 1.5 m ("5 ft"), RULES.md §1

# How far from the grid's corner anything may lie, in grid units. A grid is at most 1000
# squares a side (Grid); walls, lights and templates may sit off it (a wall past the
# picture's edge, a light shining in), but ten map-widths out is a typo, and numbers like
# 1e300 overflow the area and fog-of-war geometry.
MAX_COORD = 10_000
Coord = Annotated[float, Field(ge=-MAX_COORD, le=MAX_COORD)]
MapPoint = tuple[Coord, Coord]
Square = tuple[Annotated[int, Field(ge=-MAX_COORD, le=MAX_COORD)],
               Annotated[int, Field(ge=-MAX_COORD, le=MAX_COORD)]]


class StrictModel(BaseModel):
    """Every file-facing model: unknown keys and non-finite numbers are errors."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=True)


class Size(StrEnum):
    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def squares(self) -> float:
        """Side of the creature's space in grid units (RULES.md §1, 000 "Taille")."""
        return _SIDE[self]

    @property
    def rank(self) -> int:
        """Ordinal used by size-difference rules (tiny=0 … gargantuan=5)."""
        return list(Size).index(self)


_SIDE = {
    Size.TINY: 0.5,
    Size.SMALL: 1.0,
    Size.MEDIUM: 1.0,
    Size.LARGE: 2.0,
    Size.HUGE: 3.0,
    Size.GARGANTUAN: 4.0,
}


def m_to_squares(metres: float) -> float:
    return metres / SQUARE_M


def squares_to_m(squares: float) -> float:
    return squares * SQUARE_M
