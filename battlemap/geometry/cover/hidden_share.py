"""How much of a space is hidden from a point: the union of the shadows that walls and
creatures cast from it (AD&D 2bis cover by percentage, 001 "Modificateurs de Couverture")."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely

from battlemap.geometry.cover._hidden_angles import hidden_by_angles
from battlemap.geometry.cover._hidden_batch import hidden_shares
from battlemap.geometry.cover._hidden_inside import InnerParts
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.results import Point
from battlemap.geometry.walls.index import segment_lines

Box = tuple[float, float, float, float]


FAN = 5  # far points per shadow: a wide shadow (an occluder close to the point) stays whole


def _fan(p: np.ndarray, u_from: np.ndarray, u_to: np.ndarray, far: float) -> np.ndarray:
    """(n, FAN, 2) points at distance `far` from p, turning from direction u_from to u_to the
    short way round. Two far corners alone cut a shadow wider than 90° short of the target."""
    t0 = np.arctan2(u_from[:, 1], u_from[:, 0])
    t1 = np.arctan2(u_to[:, 1], u_to[:, 0])
    delta = (t1 - t0 + np.pi) % (2 * np.pi) - np.pi
    ang = t0[:, None] + delta[:, None] * np.linspace(0.0, 1.0, FAN)[None, :]
    return p + far * np.stack([np.cos(ang), np.sin(ang)], axis=-1)


def _wall_shadows(p: np.ndarray, segs: np.ndarray, far: float) -> np.ndarray:
    a, b = segs[:, :2], segs[:, 2:]
    da, db = a - p, b - p
    # A wall seen edge-on casts no area: skip it (and its degenerate polygon).
    cross = da[:, 0] * db[:, 1] - da[:, 1] * db[:, 0]
    keep = np.abs(cross) > 1e-12
    a, b, da, db = a[keep], b[keep], da[keep], db[keep]
    ring = np.concatenate([a[:, None], b[:, None], _fan(p, db, da, far)], axis=1)
    return shapely.polygons(ring)


def _box_shadows(p: np.ndarray, bounds: np.ndarray, far: float) -> list[shapely.Geometry]:
    out = []
    for x0, y0, x1, y1 in bounds.tolist():
        pts = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        d = pts - p
        mid = d.mean(axis=0)
        rel = np.arctan2(mid[0] * d[:, 1] - mid[1] * d[:, 0], mid @ d.T)
        lo, hi = d[int(np.argmin(rel))][None], d[int(np.argmax(rel))][None]
        fan = _fan(p, lo, hi, far)[0]
        out.append(shapely.convex_hull(shapely.multipoints(np.vstack([pts, fan]))))
    return out


def hidden_fraction(
    geo: MapGeometry, p: Point, target: Box, exclude: Iterable[str], blocks: str = "effect",
    occluders: tuple[np.ndarray, np.ndarray] | None = None,
) -> float:
    """Share (0..1) of the target box that no straight line from `p` reaches. `occluders`:
    wall segments (m, 4) and creature boxes (k, 4) known to include every one near (others
    are dropped here: only those meeting the hull of p and the target cast a shadow on it)."""
    tpoly = shapely.box(*target)
    pp = np.array(p, dtype=float)
    corners = np.array([(target[0], target[1]), (target[2], target[1]),
                        (target[2], target[3]), (target[0], target[3])])
    hull = shapely.convex_hull(shapely.multipoints(np.vstack([corners, pp[None, :]])))
    far = 2.0 * float(np.hypot(*(corners - pp).T).max()) + 2.0
    if occluders is None:
        segs = geo.walls.coords[geo.walls.near(hull, blocks)]  # type: ignore[arg-type]
        ids, geoms, tree = geo.token_index()
        skip = set(exclude)
        hits = [t for t in tree.query(hull, predicate="intersects").tolist()
                if ids[t] not in skip]
        bounds = geo.token_bounds()[hits] if hits else np.empty((0, 4))
    else:
        segs, bounds = occluders
        if len(segs):
            segs = segs[shapely.intersects(hull, segment_lines(segs))]
    shadows: list[shapely.Geometry] = []
    if len(segs):
        shadows.extend(_wall_shadows(pp, segs, far).tolist())
    if len(bounds):
        inner = shapely.relate_pattern(hull, shapely.box(*bounds.T), "T********")
        shadows.extend(_box_shadows(pp, bounds[inner], far))
    if not shadows:
        return 0.0
    # Only the part inside the target matters: clip first (small pieces union robustly).
    pieces = shapely.intersection(shapely.make_valid(np.array(shadows, dtype=object)), tpoly)
    try:
        hidden = shapely.union_all(pieces)
    except shapely.errors.GEOSException:  # near-coincident edges: snap to a fine grid
        hidden = shapely.union_all(pieces, grid_size=1e-9)
    return min(1.0, float(shapely.area(hidden)) / float(shapely.area(tpoly)))


def hidden_fractions(
    geo: MapGeometry, points: np.ndarray, target: Box, exclude: Iterable[str],
    blocks: str = "effect", occluders: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """`hidden_fraction` from each of several points (n, 2) to one target box: by angles
    (`cover._hidden_angles`, exact) unless an occluder stands inside the target, or a point
    stands inside its span or on a wall.
    `occluders` (segments (m, 4), creature boxes (k, 4)): a superset of those near, when the
    caller already has them, instead of two tree queries here. Cover batches use
    `hidden_fractions_many`; this one-target form is the reference its tests compare with."""
    skip = tuple(exclude)
    pts = np.asarray(points, dtype=float)
    if occluders is None:
        corners = np.array([(target[0], target[1]), (target[2], target[1]),
                            (target[2], target[3]), (target[0], target[3])])
        hull = shapely.convex_hull(shapely.multipoints(np.vstack([corners, pts])))
        segs = geo.walls.coords[geo.walls.near(hull, blocks)]  # type: ignore[arg-type]
        ids, _, tree = geo.token_index()
        near = [t for t in tree.query(hull, predicate="intersects").tolist()
                if ids[t] not in skip]
        boxes = geo.token_bounds()[near] if ids else np.empty((0, 4))
        occluders = (segs, boxes)
    shares = hidden_by_angles(pts, target, *occluders)
    for i in np.flatnonzero(np.isnan(shares)).tolist():
        shares[i] = hidden_fraction(geo, (float(pts[i, 0]), float(pts[i, 1])), target, skip,
                                    blocks, occluders)
    return shares


def hidden_fractions_many(
    points: np.ndarray, owner: np.ndarray, t_boxes: np.ndarray, segs: np.ndarray,
    seg_owner: np.ndarray, boxes: np.ndarray, box_owner: np.ndarray,
    inner: InnerParts | None = None, off_walls: bool = False,
) -> np.ndarray:
    """`hidden_fractions` for many targets in one batch: the share of box t_boxes[owner[i]]
    hidden from points[i] by the segments and creature boxes whose owner is owner[i] (each a
    superset of those near, `seg_owner` and `box_owner` sorted). One set of array passes
    (`cover._hidden_batch`); a point inside its target's box falls back to the polygon union.
    `inner`: the parts inside each target, if known (`cover._hidden_inside.cached_inner`);
    `off_walls`: no segment holds any point (`walls._cells.off_walls`)."""
    shares = hidden_shares(points, owner, t_boxes, segs, seg_owner, boxes, box_owner, inner,
                           off_walls)
    for i in np.flatnonzero(np.isnan(shares)).tolist():
        j = int(owner[i])
        s0, s1 = np.searchsorted(seg_owner, [j, j + 1])
        b0, b1 = np.searchsorted(box_owner, [j, j + 1])
        target = tuple(float(v) for v in t_boxes[j])
        shares[i] = hidden_fraction(None, (float(points[i, 0]), float(points[i, 1])),  # type: ignore[arg-type]
                                    target, (), occluders=(segs[s0:s1], boxes[b0:b1]))  # type: ignore[arg-type]
    return shares
