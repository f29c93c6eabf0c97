"""Where walls meet, an area's ray cannot slip between them (RULES.md §1: line of effect is a
segment not crossing a wall, and two pieces meeting at a point are one wall there).

A ray that passes exactly through a point where wall pieces end crosses none of them (each
piece is only touched at its end), yet it goes from one side of the wall to the other when
pieces leave that point on both sides of the ray: a straight wall cut into pieces, or a
room's corner entered from outside. It only grazes the wall when every piece leaves on the
same side (the outside of a corner, a free end); pieces along the ray take no side. On a
grid map such rays are common: from an intersection, through a room's corner or a joint at
an odd offset, to a square's centre.

The kernel (`lines._rays`) reports each (ray, piece) pair whose ray passes through the
piece's end before reaching its square, with the side of the ray the piece leaves on; here
the reports are grouped by meeting point (`sealed_rays`), and the few pairs the kernel left
unsure off the lattice are decided in rationals (`exact_touches`)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np


def end_points(coords: np.ndarray) -> tuple[np.ndarray, int]:
    """Per segment end (rows x0, y0, x1, y1: ends 2i and 2i + 1): the id of the point it lies
    on (ends with exactly equal coordinates share it), and the number of points."""
    if len(coords) == 0:
        return np.empty(0, dtype=np.intp), 0
    # Each (x, y) read as one complex number: a plain sort (`unique` by rows costs ten times
    # more); -0.0 and 0.0 compare equal, so they share a point.
    points = np.ascontiguousarray(coords, dtype=float).view(np.complex128).ravel()
    _, ids = np.unique(points, return_inverse=True)
    return ids.reshape(-1), int(ids.max()) + 1


def sealed_rays(ray: np.ndarray, point: np.ndarray, side: np.ndarray, n_points: int) -> np.ndarray:
    """The rays stopped at a meeting point, from (ray, point, side) reports: +1, −1, the side
    of the ray a piece leaves the point on (0: along the ray, or no touch). Every ray through
    a point comes from the origin along the same line, so the pieces there lie on the same
    sides of all of them: a point with pieces on both sides stops every ray through it.
    (Counted over all the map's points: numbering the few reported ones costs more.)"""
    mag = np.abs(side)
    net = np.abs(np.bincount(point, weights=side, minlength=n_points))
    both = np.bincount(point, weights=mag, minlength=n_points) > net
    return ray.compress(both.take(point) & (mag > 0))


def _turn(p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction],
          r: tuple[Fraction, Fraction]) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def exact_touches(o: np.ndarray, e: np.ndarray,
                  w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For pairs the kernel left unsure (off the lattice, few): does ray o→e[i] pass through
    an end of wall w[i] strictly between o and e[i], in exact arithmetic on the doubles;
    (pair index, end is B, side of the ray the wall's other end lies on)."""
    fo = (Fraction(float(o[0])), Fraction(float(o[1])))
    idx: list[int] = []
    end_b: list[bool] = []
    sides: list[float] = []
    for i, (ex, ey, x0, y0, x1, y1) in enumerate(np.concatenate([e, w], axis=1).tolist()):
        fe = (Fraction(ex), Fraction(ey))
        a, b = (Fraction(x0), Fraction(y0)), (Fraction(x1), Fraction(y1))
        for at_b, j, other in ((False, a, b), (True, b, a)):
            if j in (fo, fe) or _turn(fo, fe, j) != 0:
                continue
            # On the ray's line: strictly between its ends?
            dot = (j[0] - fo[0]) * (fe[0] - fo[0]) + (j[1] - fo[1]) * (fe[1] - fo[1])
            length2 = (fe[0] - fo[0]) ** 2 + (fe[1] - fo[1]) ** 2
            if 0 < dot < length2:
                idx.append(i)
                end_b.append(at_b)
                sides.append(float(_turn(fo, fe, other)))
    return (np.array(idx, dtype=np.intp), np.array(end_b, dtype=bool),
            np.array(sides, dtype=float))
