"""Which grid squares a wall stopping effects may pass through, per wall layout: a quick
"no wall can hold these points" for the hidden-share batch (its points on walls),
which otherwise tests every point against every wall of its pair.

The points asked about are attacker corners moved INSET into their squares. A square is
marked when the bounding box of some segment, grown by `MARGIN`, meets the square shrunk by
`EDGE`: a wall on a grid line marks nothing. A segment holding a point at least `EDGE` inside
its square (to the tolerance of `cover._hidden_batch._leave_points_on_walls`, far below the margin)
has the point inside that grown box, so the point's square is marked: no point of an
unmarked square lies on a wall. Other points get no answer (the full test). Kept in the
`WallIndex`'s memo (a new wall layout builds a new index)."""

from __future__ import annotations

from typing import cast

import numpy as np

from battlemap.geometry.walls.index import WallIndex

MARGIN = 1e-3  # grid units; the on-wall tolerance is ~1e-9 × a segment's length
EDGE = 0.01  # points this far inside their square (INSET is 0.02)
MAX_SQUARES = 1_000_000  # beyond this a map keeps the full test (memory)
# (marked squares with a border of unmarked ones, (w + 2, h + 2); the border's first
# column and row, (2, 1); the last index on each axis, (2, 1)), or None: no quick test.
Marks = tuple[np.ndarray, np.ndarray, np.ndarray] | None
_MISSING = object()


def _marks(walls: WallIndex) -> Marks:
    b = walls.bounds.take(walls.tree("effect")[1], axis=0).T
    # Squares i with i + EDGE <= hi + MARGIN and lo - MARGIN <= i + 1 - EDGE, per axis.
    lo = np.ceil(b[:2] - MARGIN - (1 - EDGE)).astype(np.intp)
    hi = np.floor(b[2:] + MARGIN - EDGE).astype(np.intp)
    some = ((lo <= hi)[0] & (lo <= hi)[1]).nonzero()[0]
    marks: Marks = (np.zeros((1, 1), dtype=bool), np.zeros((2, 1), dtype=np.intp),
                    np.zeros((2, 1), dtype=np.intp))
    if len(some):
        lo, hi = lo.take(some, axis=1), hi.take(some, axis=1)
        ox, oy = int(lo[0].min()), int(lo[1].min())
        w, h = int(hi[0].max()) - ox + 1, int(hi[1].max()) - oy + 1
        marks = None
        if w * h <= MAX_SQUARES:
            # Each box added as +1 / -1 at its corners, then running sums along both axes.
            diff = np.zeros((w + 1, h + 1), dtype=np.int32)
            x0, y0, x1, y1 = lo[0] - ox, lo[1] - oy, hi[0] - ox + 1, hi[1] - oy + 1
            for xs, ys, v in ((x0, y0, 1), (x1, y0, -1), (x0, y1, -1), (x1, y1, 1)):
                np.add.at(diff, (xs, ys), v)
            grid = np.zeros((w + 2, h + 2), dtype=bool)
            grid[1:-1, 1:-1] = diff.cumsum(axis=0).cumsum(axis=1)[:w, :h] > 0
            marks = (grid, np.array([[ox - 1], [oy - 1]]), np.array([[w + 1], [h + 1]]))
    return marks


def off_walls(walls: WallIndex, points: np.ndarray) -> bool:
    """True when no segment stopping effects can hold any of the points (n, 2); False when
    one may, or when the quick test cannot tell."""
    memo = walls.memo("wall squares", 1)
    found = memo.get((), _MISSING)
    marks = memo.keep((), _marks(walls)) if found is _MISSING else cast(Marks, found)
    if marks is None:
        return False
    grid, origin, top = marks
    p = points.T
    cell = np.floor(p)
    inner = p - cell
    fine = ((inner >= EDGE) & (inner <= 1 - EDGE)).reshape(-1)
    if len(fine) and not fine[fine.argmin()]:  # argmin finds a False without a reduction
        return False
    # A square off the marked area falls on the unmarked border: no test of the bounds.
    ix, iy = np.minimum(np.maximum(cell.astype(np.intp) - origin, 0), top)
    hit = grid[ix, iy]
    return not (len(hit) and hit[hit.argmax()])
