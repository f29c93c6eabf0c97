"""What geometry answers: plain pydantic data that says *why* (corner, lines, blockers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, computed_field

from battlemap.text import Text

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
    hidden_fraction: float | None = None  # "hidden_fraction": share of the target's space hidden
    obstacle_in_melee: bool = False  # "hidden_fraction": the 25 % of an obstacle in melee (001 nota)
    explanation: Text = ""  # a message: English in the JSON, any language in the UI


class FlankResult(BaseModel):
    flanked: bool
    partners: list[str] = Field(default_factory=list)
    lines: list[tuple[Point, Point]] = Field(default_factory=list)
    explanation: Text = ""


class AreaSquare(BaseModel):
    square: Square
    why: Text
    coverage: float | None = None  # share of the square inside the shape
    distance_m: float | None = None  # 3.5 count to the square's far corner


class CutOffSquare(BaseModel):
    """A square the area's shape reaches that its line of effect does not, and what stops
    the line (RULES.md §1)."""

    square: Square
    why: Text


class AreaResult(BaseModel):
    """The squares of an area and why. A preview asks for hundreds of squares many times a
    second: `area_squares` hands them as arrays (`cells()`) and builds the `squares` models
    only when someone reads them; `AreaResult(squares=[...])` still works."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    tokens: list[str] = Field(default_factory=list)
    method: str = ""
    _squares: list[AreaSquare] | None = PrivateAttr(default=None)
    _cells: Any = PrivateAttr(default=None)  # (n, 2) int array of (col, row)
    _make: Callable[..., list[AreaSquare]] | None = PrivateAttr(default=None)
    _shape: Any = PrivateAttr(default=None)  # shapely geometry, for drawing
    _make_shape: Callable[[], Any] | None = PrivateAttr(default=None)
    # Squares the shape reaches but walls cut off: their cells, and one's ruling, on demand.
    _cut_cells: Callable[[], np.ndarray] | None = PrivateAttr(default=None)
    _cut_why: Callable[[Square], Any] | None = PrivateAttr(default=None)
    _cut_found: np.ndarray | None = PrivateAttr(default=None)

    def __init__(self, squares: list[AreaSquare] | None = None, shape: Any = None,
                 **data: Any) -> None:
        super().__init__(**data)
        self._squares = [AreaSquare.model_validate(s) for s in squares or []]
        self._shape = shape

    @classmethod
    def lazy(cls, cells: np.ndarray, make: Callable[..., list[AreaSquare]],
             tokens: list[str], method: str,
             shape: Callable[[], Any] | None = None) -> AreaResult:
        """A result whose square models `make()` builds on first read (`make(indices)`: only
        those squares), and its outline `shape()` too. `tokens` and `method` must be valid
        already: a preview skips validation (model_construct), it runs many times a second."""
        out = cls.model_construct(tokens=tokens, method=method)
        out._cells, out._make, out._make_shape = cells, make, shape
        return out

    def with_cut_off(self, cells: Callable[[], np.ndarray],
                     why: Callable[[Square], Any]) -> AreaResult:
        """Attach the squares walls cut off (`cells()`: an (n, 2) array) and the ruling of one
        (`why(square)`: a message); neither runs until asked."""
        self._cut_cells, self._cut_why, self._cut_found = cells, why, None
        return self

    def cut_cells(self) -> np.ndarray:
        """(n, 2) int array of the squares the shape reaches that walls cut off (worked out
        on the first call, then kept: the CLI and the log ask square by square)."""
        if self._cut_found is None:
            self._cut_found = (np.empty((0, 2), dtype=np.int64) if self._cut_cells is None
                               else np.asarray(self._cut_cells()))
        return self._cut_found

    def cut_off_at(self, square: Square) -> CutOffSquare | None:
        """Why one square the shape reaches is left out (None if it is not such a square)."""
        cells = self.cut_cells()
        if self._cut_why is None or not (cells == np.asarray(square)).all(axis=1).any():
            return None
        why = self._cut_why((int(square[0]), int(square[1])))
        return CutOffSquare(square=square, why=why)

    @property
    def cut_off(self) -> list[CutOffSquare]:
        """Every square walls cut off, with its ruling (one line each: for the CLI, not for
        a preview)."""
        return [found for c, r in self.cut_cells().tolist()
                if (found := self.cut_off_at((c, r))) is not None]

    @property
    def shape(self) -> Any:
        """The area's outline as a shapely geometry (for drawing), built on first read."""
        if self._shape is None and self._make_shape is not None:
            self._shape, self._make_shape = self._make_shape(), None
        return self._shape

    @computed_field  # type: ignore[prop-decorator]
    @property
    def squares(self) -> list[AreaSquare]:
        if self._squares is None:
            self._squares = self._make() if self._make is not None else []
            self._make = None
        return self._squares

    def square_at(self, square: Square) -> AreaSquare | None:
        """The model of one square of the area (None if it is not in), without building the
        others' (a tooltip asks for the square under the mouse)."""
        if self._squares is not None or self._make is None:
            return next((s for s in self.squares if tuple(s.square) == tuple(square)), None)
        hit = np.flatnonzero((self.cells() == np.asarray(square)).all(axis=1))
        return self._make(hit[:1])[0] if len(hit) else None

    def cells(self) -> np.ndarray:
        """(n, 2) int array of the squares (col, row), without building their models."""
        if self._cells is None:
            self._cells = np.array([s.square for s in self.squares], dtype=np.int64).reshape(-1, 2)
        return np.asarray(self._cells)

    def square_set(self) -> set[Square]:
        return {(int(c), int(r)) for c, r in self.cells().tolist()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AreaResult):
            return NotImplemented
        return (self.squares, self.tokens, self.method) == (other.squares, other.tokens,
                                                            other.method)

    __hash__ = None  # type: ignore[assignment]


class Step(BaseModel):
    frm: Square
    to: Square
    cost_m: float
    difficult: bool = False
    legal: bool = True
    reason: Text = ""


class Provocation(BaseModel):
    by: str
    at: Square  # the square the mover is leaving: the attack comes before it leaves
    step_index: int
    why: Text = ""


class PathResult(BaseModel):
    squares: list[Square]
    steps: list[Step] = Field(default_factory=list)
    cost_m: float = 0.0
    legal: bool = True
    reason: Text = ""
    provokes: list[Provocation] = Field(default_factory=list)
