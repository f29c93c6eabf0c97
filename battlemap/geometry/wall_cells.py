"""Which grid squares a wall stopping effects may pass through, per wall layout: a quick
"no wall can hold these points" for the hidden-share batch (its points on walls, issue 9),
which otherwise tests every point against every wall of its pair.

The points asked about are attacker corners moved INSET into their squares. A square is
marked when the bounding box of some segment, grown by `MARGIN`, meets the square shrunk by
`EDGE`: a wall on a grid line marks nothing. A segment holding a point at least `EDGE` inside
its square (to the tolerance of `hidden_batch._leave_points_on_walls`, far below the margin)
has the point inside that grown box, so the point's square is marked: no point of an
unmarked square lies on a wall. Other points get no answer (the full test). Kept per
`WallIndex` (a new wall layout builds a new index)."""

from __future__ import annotations

from weakref import WeakKeyDictionary

import numpy as np

from battlemap.geometry.walls import WallIndex

MARGIN = 1e-3  # grid units; the on-wall tolerance is ~1e-9 × a segment's length
EDGE = 0.01  # points this far inside their square (INSET is 0.02)
MAX_SQUARES = 1_000_000  # beyond this a map keeps the full test (memory)
Marks = tuple[np.ndarray, int, int] | None  # (marked (w, h), first column, first row)
_MEMO: WeakKeyDictionary[WallIndex, Marks] = WeakKeyDictionary()


def _marks(walls: WallIndex) -> Marks:
    if walls in _MEMO:
        return _MEMO[walls]
    b = walls.bounds.take(walls.tree("effect")[1], axis=0).T
    # Squares i with i + EDGE <= hi + MARGIN and lo - MARGIN <= i + 1 - EDGE, per axis.
    lo = np.ceil(b[:2] - MARGIN - (1 - EDGE)).astype(np.intp)
    hi = np.floor(b[2:] + MARGIN - EDGE).astype(np.intp)
    some = ((lo <= hi)[0] & (lo <= hi)[1]).nonzero()[0]
    marks: Marks = (np.zeros((1, 1), dtype=bool), 0, 0)
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
            marks = (diff.cumsum(axis=0).cumsum(axis=1)[:w, :h] > 0, ox, oy)
    _MEMO[walls] = marks
    return marks


def off_walls(walls: WallIndex, points: np.ndarray) -> bool:
    """True when no segment stopping effects can hold any of the points (n, 2); False when
    one may, or when the quick test cannot tell."""
    marks = _marks(walls)
    if marks is None:
        return False
    grid, ox, oy = marks
    p = points.T
    cell = np.floor(p)
    inner = p - cell
    if not np.logical_and.reduce((inner >= EDGE) & (inner <= 1 - EDGE), axis=None):
        return False
    ix, iy = cell.astype(np.intp) - np.array([[ox], [oy]])
    inside = ((ix >= 0) & (ix < grid.shape[0]) & (iy >= 0) & (iy < grid.shape[1])).nonzero()[0]
    return not np.logical_or.reduce(grid[ix.take(inside), iy.take(inside)])
