"""Exact share of each unit square of a grid block inside a polygon, in numpy, with no GEOS
call per square (an area preview has ~100 boundary squares; one clip each costs ~20 µs).

The ring is cut where it crosses a grid line, so each piece lies in one square. Along a
vertical line x, the part of the polygon inside a row [y0, y0+1] is the signed sum over the
pieces crossing x of clamp(y_piece(x), y0, y0+1) − y0 (the crossings alternate entering and
leaving): a piece adds its width times (mid height − y0) to its own square, exactly, since it
is straight, and its whole width to every square of its column above it. One running sum per
column adds those up. Few numpy calls on small arrays: a preview pays per call, not per item.

`ring_shares` is the same method as `ring_coverage` for a stencil's block, with every
coordinate in its own contiguous row. A template's first preview builds its stencil, and the
coverage was most of that build: numpy gathers rows of an (n, 2) array one small copy per row,
and 2-D fancy indexing costs several times a `take`. There x and y live in separate rows, the
cuts of both axes in one array (x-axis cuts first, then y-axis ones), and every gather is a
`take`. The arithmetic is the same, element for element and in the same order (the ring order
ties are broken the same way), so the shares are bit for bit those of `ring_coverage` (tests
compare them)."""

from __future__ import annotations

import numpy as np
import shapely

# Shares are rounded to this many decimals: the float noise of summing the pieces (~1e-15)
# goes, and an exact share (an eighth of a square under a diagonal) is exact whatever the
# template's position, so its "13 %" or "12 %" never depends on where it stands.
DECIMALS = 12


def grid_coverage(shape: shapely.Geometry, cs: np.ndarray, rs: np.ndarray) -> np.ndarray | None:
    """(len(cs), len(rs)) shares of squares (cs[i], rs[j]) inside `shape`; None when the shape
    is not one polygon without holes (the caller then clips with GEOS)."""
    if shapely.get_type_id(shape) != 3 or shapely.get_num_interior_rings(shape) != 0:
        return None
    ring = shapely.get_coordinates(shapely.get_exterior_ring(shape))
    if len(cs) == 0 or len(rs) == 0:
        return np.zeros((len(cs), len(rs)))
    return ring_coverage(ring, int(cs[0]), int(rs[0]), len(cs), len(rs))


def ring_coverage(ring: np.ndarray, c0: int, r0: int, n_c: int, n_r: int) -> np.ndarray:
    """(n_c, n_r) shares of squares (c0 + i, r0 + j) inside the polygon of the closed ring
    ((k + 1, 2), last point = first; either orientation, no holes)."""
    out = np.zeros((n_c, n_r))
    if n_c <= 0 or n_r <= 0 or len(ring) < 4:
        return out
    p = ring - np.array([c0, r0], dtype=float)  # block coordinates: small, precise numbers
    a, b = p[:-1], p[1:]
    d = b - a
    fa = np.floor(a)
    # Grid lines crossed per (edge, axis): going up, fa+1 … floor(b); going down, fa … floor(b)+1.
    n = np.abs(np.floor(b) - fa).astype(np.intp).ravel()
    grp = np.repeat(np.arange(n.size), n)
    step = np.arange(grp.size) - np.repeat(np.cumsum(n) - n, n)
    up = d.ravel()[grp] > 0
    g = fa.ravel()[grp] + np.where(up, step + 1.0, -step)
    edge, axis = grp >> 1, grp & 1
    t = (g - a.ravel()[grp]) / d.ravel()[grp]
    cut = a[edge] + t[:, None] * d[edge]
    cut[np.arange(grp.size), axis] = g  # exactly on the grid line
    # Ring order: by edge, then along it (vertices sit at t = 0 of their edge).
    order = np.argsort(np.concatenate([np.arange(len(a), dtype=float), edge + 0.5 * t]),
                       kind="stable")
    pts = np.concatenate([a, cut])[order]
    nxt = np.roll(pts, -1, axis=0)
    mid = (pts + nxt) * 0.5
    cell = np.floor(mid).astype(np.intp)
    ci, ri = cell[:, 0], cell[:, 1]
    w = (nxt[:, 0] - pts[:, 0]) * ((ci >= 0) & (ci < n_c))
    part = w * (mid[:, 1] - ri) * ((ri >= 0) & (ri < n_r))
    row = np.minimum(np.maximum(ri, 0), n_r)
    base = np.minimum(np.maximum(ci, 0), n_c - 1) * (n_r + 1)
    # Per column, as differences along the rows: +w from the top row down to the piece's
    # row, then its own part in that row only.
    diff = np.bincount(np.concatenate([base, base + row, base + row, base + row + 1]),
                       weights=np.concatenate([w, -w, part, -part]),
                       minlength=n_c * (n_r + 1) + 1)  # +1: a "row below" end, unused
    out = np.abs(np.cumsum(diff[:-1].reshape(n_c, n_r + 1), axis=1)[:, :n_r])
    return np.minimum(np.round(out, DECIMALS), 1.0)


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
