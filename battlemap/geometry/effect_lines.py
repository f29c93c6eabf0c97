"""Line of effect from one point to many square centres, for areas (DESIGN.md §4.7): a ray is
stopped by a wall it *crosses* (grazing a wall's end does not stop it).

Numpy segment tests on the walls near the rays, GEOS only for near-degenerate pairs; answers
are remembered per origin and wall layout, since a template preview turns, grows and changes
method around the same snapped origin."""

from __future__ import annotations

import numpy as np
import shapely

from battlemap.geometry.segments import orient
from battlemap.geometry.walls import WallIndex

MAX_ORIGINS = 256  # remembered origins per wall layout (each holds two map-sized masks)


# Coordinates that are multiples of 1/LATTICE and at most MAX_EXACT in size give exact
# cross products in doubles (differences < 2^21 lattice steps, products < 2^42).
LATTICE = 64.0
MAX_EXACT = 10_000.0


def _sign(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray, rx: np.ndarray,
          ry: np.ndarray) -> np.ndarray:
    """Exact sign of (q-p)×(r-p) for lattice coordinates (no tolerance needed)."""
    return np.sign((qx - px) * (ry - py) - (qy - py) * (rx - px))


def _crossing(o: np.ndarray, ends: np.ndarray, walls: WallIndex, seg: np.ndarray,
              ray: np.ndarray) -> np.ndarray:
    """Per (ray, segment) pair: does ray o→ends[ray] cross segment seg (interiors meet in a
    point)? Clear cases in numpy, the rest by GEOS."""
    a, b = walls.coords[seg, :2], walls.coords[seg, 2:]
    e = ends[ray]
    _, s1 = orient(o[0], o[1], e[:, 0], e[:, 1], a[:, 0], a[:, 1])
    _, s2 = orient(o[0], o[1], e[:, 0], e[:, 1], b[:, 0], b[:, 1])
    _, s3 = orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], o[0], o[1])
    _, s4 = orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], e[:, 0], e[:, 1])
    yes = (s1 * s2 < 0) & (s3 * s4 < 0)
    no = (s1 * s2 > 0) | (s3 * s4 > 0)
    unsure = ~yes & ~no
    if unsure.any():
        # On a grid map most such pairs are true degeneracies (a wall end exactly on a ray):
        # with coordinates on a 1/64 lattice the orientations are exact, and a ray crosses
        # a wall only when both pairs of ends are strictly apart. GEOS for the rest.
        u = np.flatnonzero(unsure)
        pts = np.concatenate([np.broadcast_to(o, (len(u), 2)), e[u], a[u], b[u]], axis=1)
        exact = ((pts * LATTICE == np.round(pts * LATTICE)) & (np.abs(pts) <= MAX_EXACT)).all(
            axis=1)
        if exact.any():
            ox, oy, ex, ey, ax, ay, bx, by = pts[exact].T
            yes[u[exact]] = ((_sign(ox, oy, ex, ey, ax, ay) * _sign(ox, oy, ex, ey, bx, by) < 0)
                             & (_sign(ax, ay, bx, by, ox, oy)
                                * _sign(ax, ay, bx, by, ex, ey) < 0))
            unsure[u[exact]] = False
    if unsure.any():
        rays = shapely.linestrings(np.stack([np.broadcast_to(o, (int(unsure.sum()), 2)),
                                             e[unsure]], axis=1))
        yes[unsure] = shapely.crosses(rays, walls.geoms[seg[unsure]])
    return yes


def _compute(walls: WallIndex, o: np.ndarray, ends: np.ndarray) -> np.ndarray:
    lo = np.minimum(ends, o).min(axis=0)
    hi = np.maximum(ends, o).max(axis=0)
    tree, ids = walls.tree("effect")
    seg = ids[tree.query(shapely.box(lo[0], lo[1], hi[0], hi[1]))]
    ok = np.ones(len(ends), dtype=bool)
    if len(seg) == 0:
        return ok
    # Every (ray, wall) pair whose bounding boxes meet; rays share the origin.
    wb = walls.bounds[seg]
    rlo, rhi = np.minimum(ends, o), np.maximum(ends, o)
    near = ((rlo[:, None, 0] <= wb[None, :, 2]) & (wb[None, :, 0] <= rhi[:, None, 0])
            & (rlo[:, None, 1] <= wb[None, :, 3]) & (wb[None, :, 1] <= rhi[:, None, 1]))
    ray, col = np.nonzero(near)
    hit = _crossing(o, ends, walls, seg[col], ray)
    ok[ray[hit]] = False
    return ok


def effect_from(walls: WallIndex, origin: tuple[float, float], cols: np.ndarray,
                rows: np.ndarray, grid: tuple[int, int]) -> np.ndarray:
    """Per square (cols[i], rows[i]): does the segment from `origin` to its centre cross no
    wall, closed door or window? `grid` (cols, rows) sizes the remembered masks."""
    if len(walls) == 0 or len(cols) == 0:
        return np.ones(len(cols), dtype=bool)
    cache = walls.effect_cache
    key = (float(origin[0]), float(origin[1]), grid)
    entry = cache.get(key)
    if entry is None:
        # Each origin holds two map-sized masks: on a huge map keep fewer (≤ ~32 MB in all).
        if len(cache) >= max(4, min(MAX_ORIGINS, 16_000_000 // (grid[0] * grid[1]))):
            cache.clear()
        entry = cache[key] = (np.zeros(grid, dtype=bool), np.zeros(grid, dtype=bool))
    known, clear = entry
    todo = ~known[cols, rows]
    if todo.any():
        c, r = cols[todo], rows[todo]
        ends = np.stack([c + 0.5, r + 0.5], axis=1).astype(float)
        clear[c, r] = _compute(walls, np.array(key[:2]), ends)
        known[c, r] = True
    return clear[cols, rows]
