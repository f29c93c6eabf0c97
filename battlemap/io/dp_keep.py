"""Which short polylines Douglas–Peucker certainly leaves whole, decided with numpy.

Most walls of an export are 3 or 4 points long, and at a tolerance of 0.01 square almost all
of them keep every vertex. Asking GEOS costs a geometry and a call per line; the same rule
on arrays costs a few whole-array operations. Only a *certain* answer is given: a line
whose distances come within `MARGIN` of the tolerance, or where the split point is not
clear-cut, or that is closed or longer than 4 points, is left to GEOS (`wall_simplify`).

Douglas–Peucker on points p0..pn: the vertex farthest from the segment p0–pn (the first
one on a tie) stays if it is farther than the tolerance, and each side is done again;
otherwise every vertex in between goes. So a line keeps every vertex when
- 3 points: p1 is farther than the tolerance from p0–p2;
- 4 points: the farther of p1, p2 from p0–p3 is, and then p2 from p1–p3 (split at p1)
  or p1 from p0–p2 (split at p2).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from battlemap.io.polylines import Floats, Polylines

# Relative to the line's largest coordinate: float rounding in GEOS or here is ~1e-15 of it.
MARGIN = 1e-9


def keeps_every_vertex(lines: Polylines, tolerance: float) -> npt.NDArray[np.bool_]:
    """Per line: True only where Douglas–Peucker certainly keeps every vertex."""
    out = np.zeros(len(lines), dtype=bool)
    start, n = lines.offsets[:-1], lines.lengths
    for size in (3, 4):
        which = np.flatnonzero(n == size)
        if len(which) == 0:
            continue
        p = [lines.xy[start[which] + k].T for k in range(size)]  # (x, y) rows, point k of each line
        scale = np.maximum.reduce([np.abs(q).max(axis=0) for q in p])
        gap = MARGIN * np.maximum(scale, 1.0)
        far = tolerance + gap
        # Squares of coordinates past 1e150 would overflow: such lines go to GEOS.
        open_line = ((p[0][0] != p[-1][0]) | (p[0][1] != p[-1][1])) & (scale < 1e150)
        if size == 3:
            out[which] = open_line & (_to_segment(p[1], p[0], p[2]) > far)
            continue
        d1, d2 = _to_segment(p[1], p[0], p[3]), _to_segment(p[2], p[0], p[3])
        split_at_1 = d1 > d2 + gap  # GEOS keeps the first farthest vertex on a tie
        split_at_2 = d2 > d1 + gap
        rest = np.where(split_at_1, _to_segment(p[2], p[1], p[3]), _to_segment(p[1], p[0], p[2]))
        out[which] = open_line & (split_at_1 | split_at_2) & (np.maximum(d1, d2) > far) & (rest > far)
    return out


def _to_segment(p: Floats, a: Floats, b: Floats) -> Floats:
    """Distance from each point p to the segment a–b (a point when a == b); each argument
    is a (2, n) array of x and y rows."""
    with np.errstate(all="ignore"):  # huge or equal points: their lines are not kept as sure
        abx, aby = b[0] - a[0], b[1] - a[1]
        apx, apy = p[0] - a[0], p[1] - a[1]
        len2 = abx * abx + aby * aby
        t = np.clip((apx * abx + apy * aby) / len2, 0.0, 1.0)
        t[len2 == 0] = 0.0
        return np.hypot(apx - t * abx, apy - t * aby)
