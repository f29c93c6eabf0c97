"""The share of each square of a stencil's block inside the template's ring: the method of
`cell_cover.ring_coverage` (the ring cut where it crosses grid lines, one running sum per
column), with every coordinate in its own contiguous row.

A template's first preview builds its stencil, and the coverage was most of that build: numpy
gathers rows of an (n, 2) array one small copy per row, and 2-D fancy indexing costs several
times a `take`. Here x and y live in separate rows, the cuts of both axes in one array
(x-axis cuts first, then y-axis ones), and every gather is a `take`. The arithmetic is the
same, element for element and in the same order (the ring order ties are broken the same
way), so the shares are bit for bit those of `ring_coverage` (tests compare them)."""

from __future__ import annotations

import numpy as np

DECIMALS = 12  # as `cell_cover`: exact shares stay exact whatever the template's position


def ring_shares(ring: np.ndarray, c0: int, r0: int, n_c: int, n_r: int) -> np.ndarray:
    """(n_c, n_r) shares of squares (c0 + i, r0 + j) inside the polygon of the closed ring
    ((k + 1, 2), last point = first; either orientation, no holes)."""
    out = np.zeros((n_c, n_r))
    if n_c <= 0 or n_r <= 0 or len(ring) < 4:
        return out
    # Block coordinates, one row per axis: (2, k + 1), small, precise numbers.
    p = np.subtract(ring.T, np.array([[c0], [r0]], dtype=float), order="C")
    a, b = p[:, :-1], p[:, 1:]
    e = a.shape[1]
    d = b - a
    fa = np.floor(a)
    # Grid lines crossed per (axis, edge): going up, fa+1 … floor(b); going down, fa … floor(b)+1.
    n = np.abs(np.floor(b) - fa).astype(np.intp).ravel()
    grp = np.repeat(np.arange(2 * e), n)
    step = np.arange(len(grp)) - np.repeat(n.cumsum() - n, n)
    d_flat, a_flat = d.ravel(), a.ravel()
    d_own = d_flat.take(grp)
    g = fa.ravel().take(grp) + np.where(d_own > 0, step + 1.0, -step)
    t = (g - a_flat.take(grp)) / d_own
    on_y = grp >= e  # a cut of a horizontal grid line (its y is exact)
    other = (grp + e) % (2 * e)  # the same edge's other coordinate
    along = a_flat.take(other) + t * d_flat.take(other)
    # Vertices then cuts, one row per coordinate.
    pts = np.empty((2, e + len(grp)))
    pts[:, :e] = a
    pts[0, e:] = np.where(on_y, along, g)
    pts[1, e:] = np.where(on_y, g, along)
    # Ring order: by edge, then along it (vertices sit at t = 0 of their edge). With the x
    # cuts before the y cuts, a corner crossing keeps the order of `ring_coverage`.
    key = np.concatenate([np.arange(e, dtype=float), grp % e + 0.5 * t])
    pts = pts.take(key.argsort(kind="stable"), axis=1)
    nxt = np.concatenate([pts[:, 1:], pts[:, :1]], axis=1)
    mid = pts + nxt
    mid *= 0.5
    ci, ri = np.floor(mid).astype(np.intp)
    px, nx, my = pts[0], nxt[0], mid[1]
    w = (nx - px) * ((ci >= 0) & (ci < n_c))
    part = w * (my - ri) * ((ri >= 0) & (ri < n_r))
    row = np.minimum(np.maximum(ri, 0), n_r)
    base = np.minimum(np.maximum(ci, 0), n_c - 1) * (n_r + 1)
    # Per column, as differences along the rows: +w from the top row down to the piece's
    # row, then its own part in that row only.
    at = base + row
    diff = np.bincount(np.concatenate([base, at, at, at + 1]),
                       weights=np.concatenate([w, -w, part, -part]),
                       minlength=n_c * (n_r + 1) + 1)  # +1: a "row below" end, unused
    out = np.abs(np.cumsum(diff[:-1].reshape(n_c, n_r + 1), axis=1)[:, :n_r])
    return np.minimum(np.round(out, DECIMALS), 1.0)
