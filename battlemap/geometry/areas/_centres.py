"""Which square centres of a grid block lie in a convex polygon, column by column in numpy.

The centre method asks, per square, whether its centre is within 1e-9 of the shape (GEOS
`dwithin`). Asking GEOS for every square the outline cuts cost as much as the rest of a
preview, and finding those squares needed the coverage first. A convex polygon meets the
vertical line through a column's centres in one interval [low, high]; the centres well inside
it are in, those well off it are out, and only the few within `MARGIN` of the outline are
left for GEOS, so the answers are GEOS's own.

Off the interval, the distance to the polygon is at least the distance to the line of the
edge bounding it there (a convex polygon lies on one side of each edge's line): the vertical
gap times that edge's cosine. Columns within `MARGIN` of the polygon's leftmost or rightmost
point are left to GEOS whole."""

from __future__ import annotations

import numpy as np

# Far above the float noise of the interpolation (~1e-14 on a map's coordinates) and the
# 1e-9 tolerance of the centre test: a centre decided here is decided the same by GEOS.
MARGIN = 1e-7


def _convex(d: np.ndarray) -> bool:
    """Do the ring's edges (rows of `d`, zero-length ones ignored) all turn the same way?"""
    d = d[(d[:, 0] != 0.0) | (d[:, 1] != 0.0)]
    if len(d) < 3:
        return False
    turn = d[:, 0] * np.roll(d[:, 1], -1) - d[:, 1] * np.roll(d[:, 0], -1)
    scale = float(np.abs(d).max()) ** 2
    return bool((turn >= -1e-12 * scale).all() or (turn <= 1e-12 * scale).all())


def centres_inside_convex(ring: np.ndarray, c0: int, r0: int, n_c: int,
                          n_r: int) -> tuple[np.ndarray, np.ndarray] | None:
    """((n_c, n_r) centres surely within 1e-9 of the polygon, (n_c, n_r) centres to ask GEOS)
    for squares (c0 + i, r0 + j), the closed `ring` in the same coordinates; None when the
    ring is not convex (the caller then uses the coverage)."""
    a, b = ring[:-1], ring[1:]
    d = b - a
    if not _convex(d):
        return None
    xs = np.arange(c0, c0 + n_c) + 0.5
    ys = np.arange(r0, r0 + n_r) + 0.5
    x_lo, x_hi = float(ring[:, 0].min()), float(ring[:, 0].max())
    # Per (column, non-vertical edge): the edge's height where it crosses the column's line.
    slant = d[:, 0] != 0.0
    ax, ay, dx, dy = a[slant, 0], a[slant, 1], d[slant, 0], d[slant, 1]
    t = (xs[:, None] - ax) / dx
    meets = (t >= 0.0) & (t <= 1.0)
    y = ay + t * dy
    low = np.where(meets, y, np.inf)
    high = np.where(meets, y, -np.inf)
    lo_at, hi_at = low.argmin(axis=1), high.argmax(axis=1)
    rows = np.arange(n_c)
    y_lo, y_hi = low[rows, lo_at], high[rows, hi_at]
    # The cosine of each bounding edge: a vertical gap times it bounds the distance below.
    norm = np.hypot(dx, dy)
    cos_lo, cos_hi = (np.abs(dx) / norm)[lo_at], (np.abs(dx) / norm)[hi_at]
    clear_col = (xs >= x_lo + MARGIN) & (xs <= x_hi - MARGIN)
    off_col = (xs < x_lo - MARGIN) | (xs > x_hi + MARGIN)
    yy = ys[None, :]
    inside = clear_col[:, None] & (yy >= (y_lo + MARGIN)[:, None]) & (
        yy <= (y_hi - MARGIN)[:, None])
    gap = np.maximum((y_lo[:, None] - yy) * cos_lo[:, None],
                     (yy - y_hi[:, None]) * cos_hi[:, None])
    outside = off_col[:, None] | (clear_col[:, None] & (gap > MARGIN))
    return inside, ~(inside | outside)
