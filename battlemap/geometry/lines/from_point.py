"""Line of effect from one point to many square centres, for areas (DESIGN.md §4.7): a ray is
stopped by a wall it *crosses*, or by a point where walls meet with walls on both sides of
the ray (`walls.joints`); grazing a wall's end or a corner's outside does not stop it.

The (ray, wall) pairs are tested all at once for small areas, or those the angles seen from the
origin let through (the wedges of `lines._rays`) for big ones. On a grid map every
coordinate is on a fine lattice and that test is exact in doubles; elsewhere it decides the
clear cases and the near-degenerate ones come back here (exact on the lattice, else GEOS). Answers are remembered per origin and wall layout,
since a template preview turns, grows and changes method around the same snapped origin."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import shapely

from battlemap.geometry.lines._rays import (
    Crossings,
    RayFan,
    _wedge_crossings,
    crossings,
    wedge_path,
)
from battlemap.geometry.walls.index import MAX_ORIGINS, WallIndex
from battlemap.geometry.walls.joints import end_points, exact_touches, sealed_rays
from battlemap.geometry.walls.segments import orient

# Coordinates that are multiples of 1/LATTICE and at most MAX_EXACT in size give exact
# cross products in doubles (differences < 2^21 lattice steps, products < 2^42).
LATTICE = 64.0
MAX_EXACT = 10_000.0


def on_lattice(xy: np.ndarray) -> np.ndarray:
    """Per row (or for one point): every coordinate a multiple of 1/LATTICE, ≤ MAX_EXACT."""
    scaled = xy * LATTICE
    return np.asarray(((scaled == np.round(scaled)) & (np.abs(xy) <= MAX_EXACT)).all(axis=-1))


def _sign(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray, rx: np.ndarray,
          ry: np.ndarray) -> np.ndarray:
    """Exact sign of (q-p)×(r-p) for lattice coordinates (no tolerance needed)."""
    return np.sign((qx - px) * (ry - py) - (qy - py) * (rx - px))


def _exact_crossing(o: np.ndarray, e: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Lattice coordinates: ray o→e crosses wall w (x0, y0, x1, y1) only when both pairs of
    ends lie strictly apart (touching an end or running along the wall is no crossing)."""
    ox, oy = o[0], o[1]
    ex, ey = e[:, 0], e[:, 1]
    ax, ay, bx, by = w[:, 0], w[:, 1], w[:, 2], w[:, 3]
    return np.asarray((_sign(ox, oy, ex, ey, ax, ay) * _sign(ox, oy, ex, ey, bx, by) < 0)
                      & (_sign(ax, ay, bx, by, ox, oy) * _sign(ax, ay, bx, by, ex, ey) < 0))


def _general_crossing(o: np.ndarray, e: np.ndarray, w: np.ndarray,
                      geoms: np.ndarray) -> np.ndarray:
    """Any coordinates: clear cases in numpy, lattice ones exactly, the rest by GEOS."""
    a, b = w[:, :2], w[:, 2:]
    _, s1 = orient(o[0], o[1], e[:, 0], e[:, 1], a[:, 0], a[:, 1])
    _, s2 = orient(o[0], o[1], e[:, 0], e[:, 1], b[:, 0], b[:, 1])
    _, s3 = orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], o[0], o[1])
    _, s4 = orient(a[:, 0], a[:, 1], b[:, 0], b[:, 1], e[:, 0], e[:, 1])
    yes = (s1 * s2 < 0) & (s3 * s4 < 0)
    no = (s1 * s2 > 0) | (s3 * s4 > 0)
    unsure = ~yes & ~no
    if unsure.any():
        u = np.flatnonzero(unsure)
        exact = on_lattice(np.concatenate([e[u], w[u]], axis=1)) & bool(on_lattice(o))
        if exact.any():
            yes[u[exact]] = _exact_crossing(o, e[u[exact]], w[u[exact]])
            unsure[u[exact]] = False
    if unsure.any():
        rays = shapely.linestrings(np.stack([np.broadcast_to(o, (int(unsure.sum()), 2)),
                                             e[unsure]], axis=1))
        yes[unsure] = shapely.crosses(rays, geoms[unsure])
    return yes


def pairs_crossing(o: np.ndarray, ends: np.ndarray, walls: WallIndex, seg: np.ndarray,
                   ray: np.ndarray, exact: np.ndarray | None = None) -> np.ndarray:
    """Per (ray, segment) pair: does ray o→ends[ray] cross segment seg (interiors meet in a
    point)? `exact`: per pair, are all its coordinates on the lattice (computed if None)."""
    w, e = walls.coords[seg], ends[ray]
    if exact is None:
        exact = on_lattice(np.concatenate([e, w], axis=1)) & bool(on_lattice(o))
    if exact.all():
        return _exact_crossing(o, e, w)
    hit = np.zeros(len(ray), dtype=bool)
    hit[exact] = _exact_crossing(o, e[exact], w[exact])
    rest = ~exact
    hit[rest] = _general_crossing(o, e[rest], w[rest], walls.geoms[seg[rest]])
    return hit


def _point_on_lattice(x: float, y: float) -> bool:
    return (x * LATTICE).is_integer() and (y * LATTICE).is_integer() and max(
        abs(x), abs(y)) <= MAX_EXACT


class _Layout(NamedTuple):
    """What a preview needs of a wall layout, worked out once per layout."""

    exact: np.ndarray  # per segment: are its ends on the lattice
    coords_t: np.ndarray  # (4, n): a preview gathers its walls as contiguous rows in one `take`
    points: np.ndarray  # per segment end (2i, 2i + 1): the id of the point it lies on
    n_points: int


def _layout(walls: WallIndex) -> _Layout:
    memo = walls.memo("effect layout", 1)
    found: _Layout | None = memo.get(())
    if found is None:
        found = memo.keep((), _Layout(on_lattice(walls.coords), np.ascontiguousarray(walls.coords.T),
                                      *end_points(walls.coords)))
    return found


def _ends(cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(n, 2) square centres."""
    ends = np.empty((len(cols), 2))
    ends[:, 0], ends[:, 1] = cols, rows
    ends += 0.5
    return ends


def _rel(cols: np.ndarray, rows: np.ndarray, o: np.ndarray) -> np.ndarray:
    """(2, n) square centres minus o, one row per coordinate: (c + 0.5) − o.x exactly as
    `_ends(cols, rows) − o` (a transposed subtraction is several times slower)."""
    rel = np.empty((2, len(cols)))
    np.add(cols, 0.5, out=rel[0])
    np.add(rows, 0.5, out=rel[1])
    rel -= o.reshape(2, 1)
    return rel


def _compute(walls: WallIndex, o: np.ndarray, cols: np.ndarray, rows: np.ndarray,
             grid: tuple[int, int], box: tuple[float, float, float, float],
             fan: Callable[[], RayFan] | None = None) -> np.ndarray:
    """Per square (cols[i], rows[i]): the ray from o to its centre is clear of walls. `box`
    bounds the origin and every centre."""
    n = len(cols)
    tree, ids = walls.tree("effect")
    seg = ids.take(tree.query(shapely.box(*box)))
    if len(seg) == 0:
        return np.ones(n, dtype=bool)
    layout = _layout(walls)
    wt = layout.coords_t.take(seg, axis=1)  # rows x0, y0, x1, y1: what the kernel computes on
    w = wt.T
    # Square centres (c + 0.5) are on the lattice on any map up to MAX_EXACT squares.
    if _point_on_lattice(float(o[0]), float(o[1])) and max(grid) <= MAX_EXACT:
        exact = layout.exact.take(seg)
    else:
        exact = np.zeros(len(seg), dtype=bool)
    ends = None
    all_exact = bool(exact.all())
    if wedge_path(n, len(seg), all_exact):
        # The fan has the rays (the centres are only needed for unsure pairs, rare); without
        # one, they are worked out in rows, as the stencil's are.
        found = _wedge_crossings(o, None, w, exact, Crossings(n),
                                 fan() if fan is not None else RayFan(_rel(cols, rows, o)), wt,
                                 all_exact)
    else:
        ends = _ends(cols, rows)
        found = crossings(o, ends, w, exact, fan, wt)
    ok = ~found.blocked
    t_ray, t_col, t_end_b, t_side = (found.touch_ray, found.touch_wall, found.touch_end_b,
                                     found.touch_side)
    # What the kernel could not decide (near-degenerate pairs off the lattice): exactly.
    ray, col = found.unsure_ray, found.unsure_wall
    if len(ray):
        mine = ok[ray]  # rays already stopped need no more tests
        ray, col = ray[mine], col[mine]
        ends = _ends(cols, rows) if ends is None else ends
        hit = _general_crossing(o, ends[ray], w[col], walls.geoms[seg[col]])
        ok[ray[hit]] = False
        ray, col = ray[~hit], col[~hit]
        i, end_b, side = exact_touches(o, ends[ray], w[col])
        t_ray, t_col = np.concatenate([t_ray, ray[i]]), np.concatenate([t_col, col[i]])
        t_end_b, t_side = np.concatenate([t_end_b, end_b]), np.concatenate([t_side, side])
    if len(t_ray):
        # Rays through a point where walls meet, with walls on both sides of it.
        end = seg.take(t_col)
        end *= 2
        end += t_end_b
        ok[sealed_rays(t_ray, layout.points.take(end), t_side, layout.n_points)] = False
    return ok


Span = tuple[int, int, int, int]  # first and last column, first and last row


def _rays(o: tuple[float, float], cols: np.ndarray, rows: np.ndarray, grid: tuple[int, int],
          walls: WallIndex, span: Span | None,
          fan: Callable[[], RayFan] | None = None) -> np.ndarray:
    """Line of effect from `o` to the centres of squares (cols[i], rows[i])."""
    # The rays' bounding box from the squares' (Python ints: no numpy reductions needed).
    c_lo, c_hi, r_lo, r_hi = span if span is not None else (
        int(cols.min()), int(cols.max()), int(rows.min()), int(rows.max()))
    box = (min(c_lo + 0.5, o[0]), min(r_lo + 0.5, o[1]), max(c_hi + 0.5, o[0]),
           max(r_hi + 0.5, o[1]))
    return _compute(walls, np.array(o), cols, rows, grid, box, fan)


def effect_from(walls: WallIndex, origin: tuple[float, float], cols: np.ndarray,
                rows: np.ndarray, grid: tuple[int, int], span: Span | None = None,
                fan: Callable[[], RayFan] | None = None) -> np.ndarray:
    """Per square (cols[i], rows[i]): does the segment from `origin` to its centre cross no
    wall, closed door or window? `grid` (cols, rows) sizes the remembered masks. `span`:
    bounds of the squares if the caller knows them (a stencil does; saves four reductions).
    `fan`: gives the `RayFan` of exactly these squares from `origin` (used when all of them
    are asked, and only on the many-pairs path)."""
    if len(walls) == 0 or len(cols) == 0:
        return np.ones(len(cols), dtype=bool)
    cache = walls.effect_cache
    o = (float(origin[0]), float(origin[1]))
    key = (*o, grid)
    entry = cache.get(key)
    # Flat indices into the remembered masks: one gather each instead of a 2-D fancy index.
    flat = cols * grid[1] + rows
    if entry is None:
        size = grid[0] * grid[1]
        # Each origin holds two map-sized masks: on a huge map keep fewer (≤ ~32 MB in all).
        known, clear = cache.keep(key, (np.zeros(size, dtype=bool), np.zeros(size, dtype=bool)),
                                  limit=max(4, min(MAX_ORIGINS, 16_000_000 // size)))
        # A new origin (a template dragged one square on): nothing is known yet.
        ok = _rays(o, cols, rows, grid, walls, span, fan)
        clear[flat] = ok
        known[flat] = True
        return ok
    known, clear = entry
    todo = ~known.take(flat)
    if todo.any():
        f = flat[todo]
        # The caller's span bounds these too (a box of the ones asked would cost reductions).
        clear[f] = _rays(o, cols[todo], rows[todo], grid, walls, span)
        known[f] = True
    return clear.take(flat)  # `take`: fancy indexing costs several times more
