"""How much of a space is hidden from a point: the union of the shadows that walls and
creatures cast from it (AD&D 2bis cover by percentage, 001 "Modificateurs de Couverture")."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.results import Point

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


def _box_shadows(p: np.ndarray, boxes: np.ndarray, far: float) -> list[shapely.Geometry]:
    out = []
    for box in boxes:
        x0, y0, x1, y1 = shapely.bounds(box)
        pts = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        d = pts - p
        mid = d.mean(axis=0)
        rel = np.arctan2(mid[0] * d[:, 1] - mid[1] * d[:, 0], mid @ d.T)
        lo, hi = d[int(np.argmin(rel))][None], d[int(np.argmax(rel))][None]
        fan = _fan(p, lo, hi, far)[0]
        out.append(shapely.convex_hull(shapely.multipoints(np.vstack([pts, fan]))))
    return out


def hidden_fraction(
    geo: MapGeometry, p: Point, target: Box, exclude: Iterable[str], blocks: str = "effect"
) -> float:
    """Share (0..1) of the target box that no straight line from `p` reaches."""
    tpoly = shapely.box(*target)
    pp = np.array(p, dtype=float)
    corners = np.array([(target[0], target[1]), (target[2], target[1]),
                        (target[2], target[3]), (target[0], target[3])])
    hull = shapely.convex_hull(shapely.multipoints(np.vstack([corners, pp[None, :]])))
    far = 2.0 * float(np.hypot(*(corners - pp).T).max()) + 2.0
    shadows: list[shapely.Geometry] = []
    seg_ids = geo.walls.near(hull, blocks)  # type: ignore[arg-type]
    if len(seg_ids):
        shadows.extend(_wall_shadows(pp, geo.walls.coords[seg_ids], far).tolist())
    ids, boxes, tree = geo.token_index()
    skip = set(exclude)
    if ids:
        hits = [t for t in tree.query(hull, predicate="intersects").tolist() if ids[t] not in skip]
        inner = [t for t in hits if shapely.relate_pattern(hull, boxes[t], "T********")]
        shadows.extend(_box_shadows(pp, boxes[inner], far))
    if not shadows:
        return 0.0
    hidden = shapely.intersection(shapely.union_all(shadows), tpoly)
    return min(1.0, float(shapely.area(hidden)) / float(shapely.area(tpoly)))


def hidden_fractions(
    geo: MapGeometry, points: np.ndarray, target: Box, exclude: Iterable[str],
    blocks: str = "effect",
) -> np.ndarray:
    """`hidden_fraction` from each of several points (n, 2) to one target box.

    From a point outside the target, what stands on the near side of a face the point sees
    hides whole rays, and what stands elsewhere outside the target hides nothing of it; so the
    hidden share is the target's area inside the union of the angular intervals of the near
    parts (exact, in numpy). Occluders inside the target fall back to the polygon union."""
    skip = tuple(exclude)
    pts = np.asarray(points, dtype=float)
    corners = np.array([(target[0], target[1]), (target[2], target[1]),
                        (target[2], target[3]), (target[0], target[3])])
    hull = shapely.convex_hull(shapely.multipoints(np.vstack([corners, pts])))
    segs = geo.walls.coords[geo.walls.near(hull, blocks)]  # type: ignore[arg-type]
    ids, _, tree = geo.token_index()
    near = [t for t in tree.query(hull, predicate="intersects").tolist() if ids[t] not in skip]
    boxes = geo.token_bounds()[near] if ids else np.empty((0, 4))
    t = np.asarray(target, dtype=float)
    inside = _segments_enter(segs, t) | ((boxes[:, 0] < t[2]) & (t[0] < boxes[:, 2])
                                         & (boxes[:, 1] < t[3]) & (t[1] < boxes[:, 3])).any()
    out = np.zeros(len(pts))
    for i, p in enumerate(pts):
        share = None if inside else _angular_share(p, target, corners, segs, boxes)
        out[i] = hidden_fraction(geo, (float(p[0]), float(p[1])), target, skip, blocks) if (
            share is None) else share
    return out


def _segments_enter(segs: np.ndarray, t: np.ndarray) -> bool:
    """Does any segment pass through the open interior of box t?"""
    if len(segs) == 0:
        return False
    p, d = segs[:, :2], segs[:, 2:] - segs[:, :2]
    t0, t1 = np.zeros(len(segs)), np.ones(len(segs))
    for ax in (0, 1):
        with np.errstate(divide="ignore", invalid="ignore"):
            a, b = (t[ax] - p[:, ax]) / d[:, ax], (t[ax + 2] - p[:, ax]) / d[:, ax]
        flat = d[:, ax] == 0
        inside = (p[:, ax] > t[ax]) & (p[:, ax] < t[ax + 2])
        t0 = np.maximum(t0, np.where(flat, np.where(inside, 0.0, 2.0), np.minimum(a, b)))
        t1 = np.minimum(t1, np.where(flat, np.where(inside, 1.0, -1.0), np.maximum(a, b)))
    return bool((t1 - t0 > 1e-12).any())


def _near_parts(p: np.ndarray, t: Box, segs: np.ndarray, boxes: np.ndarray) -> list[np.ndarray]:
    """The parts of the occluders on the near side of each target face that p sees, as
    arrays of points (k, n, 2) whose angular span from p is what they hide."""
    parts: list[np.ndarray] = []
    for ax, bound, sign in ((0, t[0], 1.0), (0, t[2], -1.0), (1, t[1], 1.0), (1, t[3], -1.0)):
        if sign * (p[ax] - bound) > 0:
            continue  # p is not on the near side of this face
        if len(segs):
            a, b = segs[:, :2], segs[:, 2:]
            da, db = sign * (a[:, ax] - bound), sign * (b[:, ax] - bound)
            keep = (da <= 0) | (db <= 0)
            f = np.divide(da, da - db, out=np.zeros_like(da), where=(da > 0) != (db > 0))
            cut = a + f[:, None] * (b - a)
            a2 = np.where((da > 0)[:, None], cut, a)
            b2 = np.where((db > 0)[:, None], cut, b)
            parts.append(np.stack([a2, b2], axis=1)[keep])
        if len(boxes):
            bx = boxes.copy()
            if sign > 0:
                bx[:, ax + 2] = np.minimum(bx[:, ax + 2], bound)
            else:
                bx[:, ax] = np.maximum(bx[:, ax], bound)
            keep = bx[:, ax] <= bx[:, ax + 2]
            bx = bx[keep]
            parts.append(np.stack([bx[:, [0, 1]], bx[:, [2, 1]], bx[:, [2, 3]], bx[:, [0, 3]]], 1))
    return parts


def _angular_share(p: np.ndarray, t: Box, corners: np.ndarray, segs: np.ndarray,
                   boxes: np.ndarray) -> float | None:
    """Hidden share of box t seen from p (None when p is inside the target's span)."""
    if t[0] < p[0] < t[2] and t[1] < p[1] < t[3]:
        return None
    c = corners.mean(axis=0) - p

    def angle(v: np.ndarray) -> np.ndarray:
        return np.arctan2(c[0] * v[..., 1] - c[1] * v[..., 0], c[0] * v[..., 0] + c[1] * v[..., 1])

    span = angle(corners - p)
    lo, hi = float(span.min()), float(span.max())
    intervals: list[tuple[float, float]] = []
    for part in _near_parts(p, t, segs, boxes):
        if len(part) == 0:
            continue
        a = angle(part - p)
        amin, amax = a.min(axis=1), a.max(axis=1)
        wraps = amax - amin > np.pi  # the part reaches behind the point
        for k in np.flatnonzero(~wraps & (amax > lo) & (amin < hi)).tolist():
            intervals.append((float(amin[k]), float(amax[k])))
        for k in np.flatnonzero(wraps).tolist():
            pos, neg = a[k][a[k] > 0], a[k][a[k] <= 0]
            intervals += [(float(pos.min()), np.pi), (-np.pi, float(neg.max()))]
    merged: list[list[float]] = []
    for a0, a1 in sorted((max(a0, lo), min(a1, hi)) for a0, a1 in intervals):
        if a1 <= a0:
            continue
        if merged and a0 <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], a1)
        else:
            merged.append([a0, a1])
    if not merged:
        return 0.0
    bounds = np.array(merged).ravel()
    area = _area_below(p, corners, np.angle(complex(c[0], c[1])) + bounds)
    total = (t[2] - t[0]) * (t[3] - t[1])
    return min(1.0, float((area[1::2] - area[::2]).sum()) / total)


def _area_below(p: np.ndarray, corners: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """Area of the box (corners in order) on the side cross(u, x - p) <= 0 of the line
    through p with direction u = (cos θ, sin θ), for each θ (a clipped shoelace)."""
    q = corners - p
    u = np.stack([np.cos(theta), np.sin(theta)], axis=1)
    d = u[:, None, 0] * q[None, :, 1] - u[:, None, 1] * q[None, :, 0]  # (n, 4)
    nxt = np.roll(np.arange(4), -1)
    d0, d1 = d, d[:, nxt]
    keep_v = d0 <= 0
    cut = d0 * d1 < 0
    frac = np.divide(d0, d0 - d1, out=np.zeros_like(d0), where=cut)
    cross_pt = q[None] + frac[..., None] * (q[nxt] - q)[None]
    pts = np.stack([np.broadcast_to(q, (len(theta), 4, 2)), cross_pt], axis=2).reshape(-1, 8, 2)
    mask = np.stack([keep_v, cut], axis=2).reshape(-1, 8)
    order = np.argsort(~mask, axis=1, kind="stable")
    pts = np.take_along_axis(pts, order[..., None], axis=1)
    n = mask.sum(axis=1)
    nxt_pts = np.roll(pts, -1, axis=1)
    rows = np.arange(len(theta))
    last = np.maximum(n - 1, 0)
    nxt_pts[rows, last] = pts[:, 0]
    terms = pts[..., 0] * nxt_pts[..., 1] - pts[..., 1] * nxt_pts[..., 0]
    valid = np.arange(8)[None] < n[:, None]
    return np.abs((terms * valid).sum(axis=1)) / 2
