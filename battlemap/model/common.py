"""Shared model vocabulary: systems, sizes, sides, and the strict base model."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

SQUARE_M = 1.5  # one grid unit is 1.5 m ("5 ft"), RULES.md §1


class StrictModel(BaseModel):
    """Every file-facing model: unknown keys and non-finite numbers are errors."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=True)


class SystemId(StrEnum):
    BRECHE35 = "breche35"
    ADND2BIS = "adnd2bis"
    DND2024 = "dnd2024"
    PMT = "pmt"


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
