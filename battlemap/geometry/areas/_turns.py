"""A directed template's stencil reused across quarter turns and mirrors of the grid.

About a grid intersection the square grid is mapped onto itself by the eight turns and
mirrors of a square (the group D4). A cone, line or cube from an intersection at a multiple of
15° is the image of one at 0°, 15°, 30° or 45° under one of them: its squares (coverage,
centre inside, 3.5 count, 3.5 line axis) are that stencil's arrays transposed and reversed.
A GM sweeping a cone around its origin while placing it then builds 4 stencils per size
instead of 24. A mirror swaps right and left: the cube's "grows rightward" side and the 3.5
line's half-square shift both follow `flip`, so a mirror toggles it.

Only snapped directions are mapped: the turned shape is the same up to rounding of its
cos/sin (the tests compare every one of them with the stencil built directly); a freely
rotated direction is built directly."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

STEP_DEG = 15  # the GUI's snapped directions
BASE_DEG = (0, 15, 30, 45)


@dataclass(frozen=True)
class Turn:
    """(x, y) → (sx·(y if swap else x), sy·(x if swap else y)), about the local origin."""

    swap: bool
    sx: int
    sy: int

    @property
    def mirrors(self) -> bool:
        """Does it reverse orientation (right-hand side becomes left)?"""
        return (self.sx * self.sy < 0) != self.swap

    def direction(self, deg: int) -> int:
        """The image of a direction in whole degrees (0 = east, 90 = south)."""
        d = 90 - deg if self.swap else deg
        if self.sx < 0:
            d = 180 - d
        if self.sy < 0:
            d = -d
        return d % 360

    def block(self, c0: int, r0: int, n_c: int, n_r: int) -> tuple[int, int, int, int]:
        """The image of the block of squares c0…c0+n_c−1 × r0…r0+n_r−1: (c0, r0, n_c, n_r).
        A negated axis maps square a (cell [a, a+1]) to −a−1."""
        (xs, xn), (ys, yn) = ((r0, n_r), (c0, n_c)) if self.swap else ((c0, n_c), (r0, n_r))
        return (-xs - xn if self.sx < 0 else xs, -ys - yn if self.sy < 0 else ys, xn, yn)

    def array(self, a: np.ndarray) -> np.ndarray:
        """The image of an (n_c, n_r) per-square array of the source block (C order)."""
        b = a.T if self.swap else a
        b = b[::-1] if self.sx < 0 else b
        b = b[:, ::-1] if self.sy < 0 else b
        return np.ascontiguousarray(b)


TURNS = tuple(Turn(swap, sx, sy) for swap in (False, True) for sx in (1, -1) for sy in (1, -1))


def base_of(direction_deg: float) -> tuple[int, Turn] | None:
    """(base direction in 0…45°, turn mapping it onto `direction_deg`), or None when the
    direction is not a snapped one or is a base itself (then it is built directly)."""
    deg = direction_deg % 360.0
    if not float(deg).is_integer() or int(deg) % STEP_DEG or int(deg) in BASE_DEG:
        return None
    target = int(deg)
    for turn in TURNS:
        for base in BASE_DEG:
            if turn.direction(base) == target:
                return base, turn
    return None  # unreachable: D4 maps 0…45° onto every multiple of 15°
