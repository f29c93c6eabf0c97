"""The share of a box hidden from points, by angles (AD&D 2bis cover, 001 "Modificateurs de
Couverture"), exact and vectorised over the points.

Seen from a point outside the target box, an occluder part on the near side of a face the
point faces hides whole rays (everything of the target beyond it), and any other part outside
the target hides nothing. So the hidden share is the target's area inside the union of the
angular intervals of those near parts: a 1-D union, then areas of the box on one side of
lines through the point. Points inside the target's span, or occluders inside the target,
are answered NaN (the caller unions shadow polygons instead)."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.walls.segments import box_span, on_segment

Box = tuple[float, float, float, float]
_FACES = ((0, 0, 1.0), (0, 2, -1.0), (1, 1, 1.0), (1, 3, -1.0))  # axis, box index, side


def _near_parts(t: np.ndarray, faces: tuple[bool, ...], segs: np.ndarray,
                boxes: np.ndarray) -> np.ndarray:
    """Occluder parts on the near side of the faces seen (`faces` per _FACES), as (m, 4, 2)
    point sets (a segment repeats its ends)."""
    parts = [np.empty((0, 4, 2))]
    for (ax, bi, sign), seen in zip(_FACES, faces, strict=True):
        if not seen:
            continue
        bound = t[bi]
        if len(segs):
            a, b = segs[:, :2], segs[:, 2:]
            da, db = sign * (a[:, ax] - bound), sign * (b[:, ax] - bound)
            f = np.divide(da, da - db, out=np.zeros_like(da), where=(da > 0) != (db > 0))
            cut = a + f[:, None] * (b - a)
            a2 = np.where((da > 0)[:, None], cut, a)
            b2 = np.where((db > 0)[:, None], cut, b)
            keep = (da <= 0) | (db <= 0)
            parts.append(np.stack([a2, b2, a2, b2], axis=1)[keep])
        if len(boxes):
            bx = boxes.copy()
            if sign > 0:
                bx[:, ax + 2] = np.minimum(bx[:, ax + 2], bound)
            else:
                bx[:, ax] = np.maximum(bx[:, ax], bound)
            bx = bx[bx[:, ax] <= bx[:, ax + 2]]
            parts.append(np.stack([bx[:, [0, 1]], bx[:, [2, 1]], bx[:, [2, 3]], bx[:, [0, 3]]],
                                  axis=1))
    return np.concatenate(parts)


def _area_below(p: np.ndarray, corners: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """For each (point p[i], angle theta[i]): area of the box (corners in order) on the side
    cross(u, x - p) <= 0 of the line through p with direction u = (cos θ, sin θ)."""
    q = corners[None] - p[:, None]  # (n, 4, 2)
    u = np.stack([np.cos(theta), np.sin(theta)], axis=1)
    d = u[:, None, 0] * q[..., 1] - u[:, None, 1] * q[..., 0]  # (n, 4)
    nxt = [1, 2, 3, 0]
    d1 = d[:, nxt]
    cut = (d <= 0) != (d1 <= 0)
    frac = np.divide(d, d - d1, out=np.zeros_like(d), where=cut)
    cross_pt = q + frac[..., None] * (q[:, nxt] - q)
    pts = np.stack([q, cross_pt], axis=2).reshape(-1, 8, 2)
    mask = np.stack([d <= 0, cut], axis=2).reshape(-1, 8)
    # Kept vertices in order, then a shoelace that closes on the first one.
    order = np.argsort(~mask, axis=1, kind="stable")
    pts = np.take_along_axis(pts, order[..., None], axis=1)
    n = mask.sum(axis=1)
    nxt_pts = np.concatenate([pts[:, 1:], pts[:, :1]], axis=1)
    rows = np.arange(len(theta))
    nxt_pts[rows, np.maximum(n - 1, 0)] = pts[:, 0]
    terms = pts[..., 0] * nxt_pts[..., 1] - pts[..., 1] * nxt_pts[..., 0]
    return np.abs((terms * (np.arange(8)[None] < n[:, None])).sum(axis=1)) / 2


def _occluders_inside(t: np.ndarray, segs: np.ndarray, boxes: np.ndarray) -> bool:
    if len(segs):
        t0, t1 = box_span(segs[:, :2], segs[:, 2:], t[None], strict=True)
        if (t1 - t0 > 1e-12).any():
            return True
    return bool(((boxes[:, 0] < t[2]) & (t[0] < boxes[:, 2])
                 & (boxes[:, 1] < t[3]) & (t[1] < boxes[:, 3])).any())


def hidden_by_angles(points: np.ndarray, target: Box, segs: np.ndarray,
                     boxes: np.ndarray) -> np.ndarray:
    """Share (0..1) of the target box hidden from each point (n, 2) by wall segments (m, 4)
    and creature boxes (k, 4); NaN where this method does not apply: an occluder inside the
    target, a point inside its span on both axes, or a point lying on a segment (seen
    edge-on, that wall hides nothing; angles would hide a half-plane)."""
    t = np.asarray(target, dtype=float)
    out = np.full(len(points), np.nan)
    if _occluders_inside(t, segs, boxes):
        return out
    faces = np.stack([points[:, 0] <= t[0], points[:, 0] >= t[2], points[:, 1] <= t[1],
                      points[:, 1] >= t[3]], axis=1)
    if len(segs):
        on_wall = on_segment(points[:, :1], points[:, 1:], segs.T[:, None, :]).any(axis=1)
        faces[on_wall] = False
    for key in {tuple(f) for f in faces.tolist()}:
        if not any(key):
            continue  # no face applies: the caller's polygon union answers
        rows = np.flatnonzero((faces == key).all(axis=1))
        out[rows] = _shares(points[rows], t, _near_parts(t, key, segs, boxes))
    return out


def _shares(p: np.ndarray, t: np.ndarray, parts: np.ndarray) -> np.ndarray:
    corners = np.array([(t[0], t[1]), (t[2], t[1]), (t[2], t[3]), (t[0], t[3])])
    c = corners.mean(axis=0)[None] - p  # (n, 2): toward the target

    def angle(v: np.ndarray) -> np.ndarray:  # v (n, ..., 2) relative to c
        cx = c.reshape(len(c), *([1] * (v.ndim - 2)), 2)
        return np.arctan2(cx[..., 0] * v[..., 1] - cx[..., 1] * v[..., 0],
                          cx[..., 0] * v[..., 0] + cx[..., 1] * v[..., 1])

    span = angle(corners[None] - p[:, None])
    lo, hi = span.min(axis=1), span.max(axis=1)
    if len(parts) == 0:
        return np.zeros(len(p))
    a = angle(parts[None] - p[:, None, None])  # (n, m, 4)
    amin, amax = a.min(axis=2), a.max(axis=2)
    wraps = amax - amin > np.pi  # the part reaches behind the point: two pieces
    pos = np.where(a > 0, a, np.inf).min(axis=2)
    neg = np.where(a <= 0, a, -np.inf).max(axis=2)
    s = np.concatenate([np.where(wraps, pos, amin), np.where(wraps, -np.pi, np.inf)], axis=1)
    e = np.concatenate([np.where(wraps, np.pi, amax), np.where(wraps, neg, -np.inf)], axis=1)
    s = np.clip(s, lo[:, None], hi[:, None])
    e = np.clip(e, lo[:, None], hi[:, None])
    e = np.maximum(e, s)  # empty pieces become zero-length ones
    order = np.argsort(s, axis=1)
    s, e = np.take_along_axis(s, order, 1), np.take_along_axis(e, order, 1)
    reach = np.maximum.accumulate(e, axis=1)
    before = np.concatenate([np.full((len(p), 1), -np.inf), reach[:, :-1]], axis=1)
    start = np.maximum(s, before)
    new = reach > start  # the stretch each interval adds to the union
    base = np.arctan2(c[:, 1], c[:, 0])[:, None]
    rows = np.repeat(np.arange(len(p)), new.sum(axis=1))
    f_hi = _area_below(p[rows], corners, (base + reach)[new])
    f_lo = _area_below(p[rows], corners, (base + start)[new])
    hidden = np.bincount(rows, weights=f_hi - f_lo, minlength=len(p))
    return np.minimum(1.0, hidden / ((t[2] - t[0]) * (t[3] - t[1])))
