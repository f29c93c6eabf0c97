"""Vectorised segment tests in plain numpy, for the hot paths (cover, total cover).

Floating-point orientation is exact in sign when it is far from zero; near zero the answer is
"unsure" and the caller asks GEOS for the few such pairs, so results equal shapely's.
Hot paths call array methods (`a.take`, `a.repeat`) rather than `np.take`/`np.repeat`: the
functions add a Python wrapper costing about one small array pass each."""

from __future__ import annotations

import numpy as np

REL_TOL = 1e-12  # far above the rounding error of a 2x2 determinant of doubles


def orient(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray, rx: np.ndarray,
           ry: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cross product (q-p)×(r-p), its sign: +1 / -1, or 0 when too close to call)."""
    ux, uy, vx, vy = qx - px, qy - py, rx - px, ry - py
    left, right = ux * vy, uy * vx
    val = left - right
    tol = REL_TOL * (np.abs(left) + np.abs(right))
    sign = np.where(val > tol, 1, np.where(val < -tol, -1, 0))
    return val, sign


def on_segment(x: np.ndarray, y: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Points (x, y) lying on segments c (rows x0, y0, x1, y1; broadcast with the points), to
    ~1e-9 of the segment's squared length: where a shadow cast from the point degenerates
    (the wall is seen edge-on and hides nothing, but angles would hide a half-plane)."""
    dx, dy, wx, wy = c[2] - c[0], c[3] - c[1], x - c[0], y - c[1]
    cross, dot, length2 = dx * wy - dy * wx, dx * wx + dy * wy, dx * dx + dy * dy
    tol = 1e-9 * (1.0 + length2)
    return np.asarray((np.abs(cross) <= tol) & (dot >= -tol) & (dot <= length2 + tol))


def touch_sure(p: np.ndarray, q: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[
    np.ndarray, np.ndarray
]:
    """Segments p-q and a-b (arrays (..., 2)): (surely touch or cross, surely apart).
    Neither: a degenerate case (collinear, an end on the other segment) for GEOS."""
    _, s1 = orient(p[..., 0], p[..., 1], q[..., 0], q[..., 1], a[..., 0], a[..., 1])
    _, s2 = orient(p[..., 0], p[..., 1], q[..., 0], q[..., 1], b[..., 0], b[..., 1])
    _, s3 = orient(a[..., 0], a[..., 1], b[..., 0], b[..., 1], p[..., 0], p[..., 1])
    _, s4 = orient(a[..., 0], a[..., 1], b[..., 0], b[..., 1], q[..., 0], q[..., 1])
    yes = (s1 * s2 < 0) & (s3 * s4 < 0)
    no = (s1 * s2 > 0) | (s3 * s4 > 0)
    return yes, no


def _sides(rows: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    """Of `crossings`: the ends of each segment surely left (pos) or right (neg) of the
    other's line, (2, K) per end, and whether a-b lies along the line p-q."""
    seg = np.ascontiguousarray(rows).reshape(2, 2, 2, -1)  # (p-q, a-b), (start, end), (x, y)
    start, other = seg[:, 0], seg[::-1]  # each segment's start; the other segment's ends
    ux, uy = seg[:, 1, 0] - start[:, 0], seg[:, 1, 1] - start[:, 1]
    val, pos, neg = [], [], []
    for e in (0, 1):  # a then b from p-q, p then q from a-b
        left = ux * (other[:, e, 1] - start[:, 1])
        right = uy * (other[:, e, 0] - start[:, 0])
        val.append(left - right)
        tol = REL_TOL * (np.abs(left) + np.abs(right))
        pos.append(val[e] > tol)
        neg.append(val[e] < -tol)
    scale = 1e-9 * (1.0 + np.hypot(ux[0], uy[0]))
    along = (np.abs(val[0][0]) <= scale) & (np.abs(val[1][0]) <= scale)
    return pos, neg, along


def apart_or_along(rows: np.ndarray) -> np.ndarray:
    """`crossings`' "surely apart" or "along", for callers that need only that (a line
    counted clear whatever GEOS says): the same arithmetic, a few passes fewer."""
    pos, neg, along = _sides(rows)
    same = (pos[0] & pos[1]) | (neg[0] & neg[1])
    return same[0] | same[1] | along


def crossings(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`touch_sure` and `collinear_with` of K pairs of segments p-q, a-b given as one (8, K)
    array of rows px, py, qx, qy, ax, ay, bx, by: (surely touch, surely apart, a-b along the
    line p-q). Same arithmetic, but both segments share each numpy pass. Operands always
    have the same shape: numpy's broadcasting loops cost several times more."""
    pos, neg, along = _sides(rows)
    opposite = (pos[0] & neg[1]) | (neg[0] & pos[1])
    same = (pos[0] & pos[1]) | (neg[0] & neg[1])
    return opposite[0] & opposite[1], same[0] | same[1], along


def collinear_with(p: np.ndarray, q: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Both ends of a-b on the infinite line p-q (the tolerance `WallIndex.sight_hits`
    uses): a line running along a wall is not stopped by it (DESIGN.md §4.3)."""
    d = q - p
    ca = d[..., 0] * (a[..., 1] - p[..., 1]) - d[..., 1] * (a[..., 0] - p[..., 0])
    cb = d[..., 0] * (b[..., 1] - p[..., 1]) - d[..., 1] * (b[..., 0] - p[..., 0])
    tol = 1e-9 * (1.0 + np.hypot(d[..., 0], d[..., 1]))
    return (np.abs(ca) <= tol) & (np.abs(cb) <= tol)


def box_span(p: np.ndarray, q: np.ndarray, box: np.ndarray, strict: bool) -> tuple[
    np.ndarray, np.ndarray
]:
    """Parameter interval [t0, t1] ⊂ [0, 1] of segment p-q inside each box (x0, y0, x1, y1)
    (Liang–Barsky). `strict`: a segment lying on a box edge is outside (open box)."""
    return box_span_xy(p[..., 0], p[..., 1], q[..., 0], q[..., 1], box[..., 0], box[..., 1],
                       box[..., 2], box[..., 3], strict)


def box_span_xy(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray,
                x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray,
                strict: bool) -> tuple[np.ndarray, np.ndarray]:
    """`box_span` with each coordinate as its own array (all broadcast together)."""
    shape = np.broadcast(px, x0).shape
    t0, t1 = np.zeros(shape), np.ones(shape)
    for pp, qq, lo, hi in ((px, qx, x0, x1), (py, qy, y0, y1)):
        dd = qq - pp
        flat = dd == 0
        inside = (pp > lo) & (pp < hi) if strict else (pp >= lo) & (pp <= hi)
        safe = np.where(flat, 1.0, dd)
        ta, tb = (lo - pp) / safe, (hi - pp) / safe
        t0 = np.maximum(t0, np.where(flat, np.where(inside, 0.0, 2.0), np.minimum(ta, tb)))
        t1 = np.minimum(t1, np.where(flat, np.where(inside, 1.0, -1.0), np.maximum(ta, tb)))
    return t0, t1


def box_spans_both(px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray,
                   x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray
]:
    """`box_span_xy` strict then not strict, (t0, t1, t0, t1), for same-shape 1-D rows: the
    divisions are shared, so one pass costs about half of two (numpy calls dominate here).
    Same arithmetic, so the same numbers."""
    strict_t0, strict_t1 = np.zeros(len(px)), np.ones(len(px))
    closed_t0, closed_t1 = np.zeros(len(px)), np.ones(len(px))
    for pp, qq, lo, hi in ((px, qx, x0, x1), (py, qy, y0, y1)):
        dd = qq - pp
        flat = dd == 0
        safe = np.where(flat, 1.0, dd)
        ta, tb = (lo - pp) / safe, (hi - pp) / safe
        near, far = np.minimum(ta, tb), np.maximum(ta, tb)
        inside = (pp > lo) & (pp < hi)
        strict_t0 = np.maximum(strict_t0, np.where(flat, np.where(inside, 0.0, 2.0), near))
        strict_t1 = np.minimum(strict_t1, np.where(flat, np.where(inside, 1.0, -1.0), far))
        inside = (pp >= lo) & (pp <= hi)
        closed_t0 = np.maximum(closed_t0, np.where(flat, np.where(inside, 0.0, 2.0), near))
        closed_t1 = np.minimum(closed_t1, np.where(flat, np.where(inside, 1.0, -1.0), far))
    return strict_t0, strict_t1, closed_t0, closed_t1


def any_true(x: np.ndarray) -> bool:
    """x.any() for a 1-D bool array: argmax stops at the first True, where a reduction (or
    the method, through a Python wrapper) costs two to three times the call."""
    return len(x) > 0 and bool(x[x.argmax()])


def all_true(x: np.ndarray) -> bool:
    """x.all() for a 1-D bool array (argmin finds a False), as `any_true`."""
    return len(x) == 0 or bool(x[x.argmin()])


def boxes_meet(coords: np.ndarray, li: np.ndarray, bounds: np.ndarray,
               seg: np.ndarray) -> np.ndarray:
    """Indices k where the bounding box of line coords[li[k]] ((N, 4) lines) meets
    bounds[seg[k]] ((M, 4) x0, y0, x1, y1): the cheap test before the exact one. Both axes
    in each pass, on contiguous rows (numpy's per-call cost is what counts here)."""
    c = coords.T
    box = np.concatenate([np.minimum(c[:2], c[2:]), np.maximum(c[:2], c[2:])]).take(li, axis=1)
    wb = bounds.take(seg, axis=0).T
    meet = (box[:2] <= wb[2:]) & (wb[:2] <= box[2:])
    return (meet[0] & meet[1]).nonzero()[0]


def pair_grid(counts_a: np.ndarray, rows_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Expand (group g has counts_a[g] items; rows_b lists groups, one row per partner)
    into every (item, partner row) combination: returns (item index, row index)."""
    reps = counts_a.take(rows_b)
    ends = reps.cumsum()  # its last entry is the total: no reduction (~2 array passes)
    total = int(ends[-1]) if len(ends) else 0
    if total == 0:
        empty = np.empty(0, dtype=np.intp)
        return empty, empty
    row = np.arange(len(rows_b)).repeat(reps)
    # Item = its group's first item + its rank within the run: one repeat of the difference
    # between where the group starts and where the run starts, plus a running count.
    starts = counts_a.cumsum() - counts_a
    if starts.dtype != np.intp:  # a call even when it copies nothing
        starts = starts.astype(np.intp)
    shift = starts.take(rows_b) - (ends - reps)
    return shift.repeat(reps) + np.arange(total), row



def expand(row_owner: np.ndarray, item_owner: np.ndarray, n_owners: int) -> tuple[
    np.ndarray, np.ndarray
]:
    """Every (row, item) with row_owner[row] == item_owner[item] (`item_owner` sorted), rows
    in order, then items: (row index, item index). `pair_grid` seen from the rows."""
    items, rows = pair_grid(np.bincount(item_owner, minlength=n_owners), row_owner)
    return rows, items

def box_gaps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Gap between boxes a and b (x0, y0, x1, y1; arrays (..., 4), broadcast): the larger of
    the two axis gaps, 0 or less when they touch or overlap (a chebyshev distance in units)."""
    return np.maximum(np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2]),
                      np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3]))
