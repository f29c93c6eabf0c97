"""The share of each target hidden from each point, for every (pair, attacker corner) of a
cover batch in one set of array passes (AD&D 2bis cover by percentage, 001 "Modificateurs de
Couverture"; DESIGN.md §4.4). Equal to `_hidden_angles.hidden_by_angles` and to the polygon
union of `hidden_share.hidden_fraction`, without one sweep per target.

Seen from a point outside its target box, an occluder part on the near side of a face the
point faces hides whole rays: an angular interval (`_front_intervals`; the 1-D union is done
for every point at once on a padded table). Occluder parts inside the target hide what lies
beyond them (`_hidden_inside`). The hidden pieces are wedges of the target, cut beyond an inner
part where one decides, and `piece_areas` sums their areas. Points inside their target box,
and points lying on one of their walls (seen edge-on it hides nothing), are answered NaN (the
caller unions shadow polygons instead).

`piece_areas`: the areas of the pieces of target boxes hidden in angular wedges, many at
once. Green's theorem: a region's area is half the sum over its boundary of cross(start, end).
With coordinates relative to the point the wedge starts from, the wedge's two rays add
nothing (each lies on a line through the origin). So the area of box ∩ wedge ∩ (far side of
an occluder's line) is half the sum, over the box's edges, of each edge's cross product
times the share of it inside the wedge and the far side, minus the triangle under the
occluder's piece between the rays. Each share is a clip of a parameter interval (a handful
of whole-array passes), with no polygon built: numpy's per-call cost is what counts here."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.cover._hidden_inside import InnerParts, inner_hidden, inner_table, rel_angle
from battlemap.geometry.walls.segments import any_true, expand, on_segment

_NEXT = np.array([1, 2, 3, 0])
# The next corner's row in a stack of 2 or 3 clip tables of four rows each.
_NEXT12 = np.concatenate([_NEXT, _NEXT + 4, _NEXT + 8])
_MAX, _MIN = np.maximum, np.minimum


def piece_areas(q: np.ndarray, u0: tuple[np.ndarray, np.ndarray],
                u1: tuple[np.ndarray, np.ndarray],
                line: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """Per column: the area of the box with corners q (x rows then y rows, (8, n)), in
    order counter-clockwise, relative to the wedge's apex, inside the wedge from direction
    u0 to direction u1 (turning counter-clockwise, less than half a turn), and beyond
    `line` (x0, y0, x1, y1 relative to the apex: a segment inside the box that crosses the
    whole wedge; all zero or None: no such cut). A row per corner: every pass runs along
    contiguous rows, and the sum over the corners is three row additions, where a
    reduction along a short axis would loop per box. Call it under errstate(divide,
    invalid: ignore) (`hidden_shares` enters it once for all its passes).

    Each side (left of u0, right of u1, beyond the line) clips every edge's parameter
    interval [t0, t1] to where a linear function h is <= 0; the three clips are one stack
    of tables, so each step is one numpy call for all of them (numpy's per-call cost is
    what counts). Same operations, same order: the same numbers."""
    qx, qy = q[:4], q[4:]
    ux0, uy0 = u0
    ux1, uy1 = u1
    k = 12 if line is not None else 8
    h = np.empty((k, q.shape[1]))
    # Left of u0: cross(u0, q) >= 0; right of u1: cross(u1, q) <= 0 (as values <= 0).
    np.multiply(uy0, qx, out=h[:4])
    h[:4] -= ux0 * qy
    np.multiply(ux1, qy, out=h[4:8])
    h[4:8] -= uy1 * qx
    under: np.ndarray | float = 0.0
    if line is not None:
        lx0, ly0, lx1, ly1 = line
        k0 = lx0 * ly1 - ly0 * lx1  # the line's value at the apex: its sign, the near side
        sign = np.sign(k0)
        a, b = sign * (ly0 - ly1), sign * (lx1 - lx0)
        np.multiply(a, qx, out=h[8:])
        h[8:] += b * qy
        h[8:] += np.abs(k0)
        # The occluder's piece between the rays: a triangle with the apex, counted
        # negative. Its ends on the rays are u·k0 / cross(u, d), d the line's direction.
        dx, dy = lx1 - lx0, ly1 - ly0
        c0 = ux0 * dy - uy0 * dx
        c1 = ux1 * dy - uy1 * dx
        cross = ux0 * uy1 - uy0 * ux1
        under = np.where(k0 != 0, k0 * k0 * cross / (c0 * c1), 0.0)
    # [t0, t1] of each edge, from value h to the next corner's hn, cut to h <= 0. Both ends
    # above: tc falls outside [0, 1] (or is infinite), so the interval comes out empty;
    # h == hn gives ±inf or NaN, unused or harmless as just said.
    hn = h.take(_NEXT12[:k], axis=0)
    tc = h / (h - hn)
    lo, hi = np.where(h > 0, tc, 0.0), np.where(hn > 0, tc, 1.0)
    t0, t1 = _MAX(_MAX(0.0, lo[:4]), lo[4:8]), _MIN(_MIN(1.0, hi[:4]), hi[4:8])
    if line is not None:
        t0, t1 = _MAX(t0, lo[8:]), _MIN(t1, hi[8:])
    qn = q.take(_NEXT12[:8], axis=0)
    edges = _MAX(t1 - t0, 0.0) * (qx * qn[4:] - qy * qn[:4])
    return _MAX(np.add.reduce(edges, axis=0) - under, 0.0) / 2


# Faces (x0, x1, y0, y1) of a box: the box column of each, and its outward sign; a
# segment's coordinates along each face's axis; the box column each face's cut moves.
_BOUND = np.array([0, 2, 1, 3])
_SIGN = np.array([1.0, -1.0, 1.0, -1.0])
_AXIS_A, _AXIS_B = np.array([0, 0, 1, 1]), np.array([2, 2, 3, 3])
_OPP = np.array([2, 0, 3, 1])
_X4, _Y4 = np.array([0, 2, 2, 0]), np.array([1, 1, 3, 3])  # a box's corners, in order
_XY8 = np.concatenate([_X4, _Y4])
_SEG_ROWS, _NAN_ROWS = np.array([0, 4, 1, 5]), np.array([2, 3, 6, 7])
_P8 = np.array([0, 0, 0, 0, 1, 1, 1, 1])  # px four times, py four times
_C_A, _C_B = np.array([0, 4]), np.array([1, 6])  # corners summed for the centre: qx0+qx1, qy0+qy2


def _front_parts(t_boxes: np.ndarray, segs: np.ndarray, seg_owner: np.ndarray,
                 boxes: np.ndarray, box_owner: np.ndarray) -> tuple[np.ndarray, ...]:
    """Occluder parts on the near side of each face of their pair's target (as
    `cover._hidden_angles._near_parts`), as (owner, face, xy (8, m): four x rows, four y rows)
    sorted by owner (a segment's last two points NaN). Laid out occluder-major, so each
    source stays sorted; the four points of a part down a column, so later passes run along
    contiguous rows, and one gather takes both coordinates."""
    own, face, xys = [], [], []
    if len(segs):
        bound = t_boxes.take(seg_owner, axis=0).take(_BOUND, axis=1)  # (M, 4 faces)
        da = (segs.take(_AXIS_A, axis=1) - bound) * _SIGN
        db = (segs.take(_AXIS_B, axis=1) - bound) * _SIGN
        mi, fi = ((da <= 0) | (db <= 0)).nonzero()
        k = mi * 4 + fi
        da, db = da.reshape(-1).take(k), db.reshape(-1).take(k)
        c = segs.take(mi, axis=0).T
        # Under `hidden_shares`' errstate: the cut is used only where they cross.
        cut = c[:2] + da / (da - db) * (c[2:] - c[:2])
        ends = np.concatenate([np.where(da > 0, cut, c[:2]), np.where(db > 0, cut, c[2:])])
        own.append(seg_owner.take(mi))
        face.append(fi)
        # A segment has two points: the other two rows are NaN, so its angles are taken
        # once (NaN is cheap for arctan2; the reductions skip it, see `_front_intervals`).
        xy = np.empty((8, len(mi)))
        xy[_SEG_ROWS] = ends  # x0, y0, x1, y1 into rows x0, x1 | y0, y1
        xy[_NAN_ROWS] = np.nan
        xys.append(xy)
    if len(boxes):
        # Per face, the box cut to the face's near side: its far bound moved onto the face.
        bound = t_boxes.take(box_owner, axis=0).take(_BOUND, axis=1)  # (K, 4 faces)
        moved = np.minimum(boxes.take(_OPP, axis=1) * _SIGN, bound * _SIGN) * _SIGN
        ki, fi = ((moved - boxes.take(_BOUND, axis=1)) * _SIGN >= 0).nonzero()
        b = boxes.take(ki, axis=0)
        b[np.arange(len(ki)), _OPP.take(fi)] = moved[ki, fi]
        own.append(box_owner.take(ki))
        face.append(fi)
        xys.append(b.T.take(_XY8, axis=0))
    if len(own) == 1:
        return own[0], face[0], xys[0]
    if not own:
        return np.empty(0, dtype=np.intp), np.empty(0, dtype=np.intp), np.empty((8, 0))
    o = np.concatenate(own)
    order = o.argsort(kind="stable")
    return (o.take(order), np.concatenate(face).take(order),
            np.concatenate(xys, axis=1).take(order, axis=1))


def _front_intervals(rows: np.ndarray, pc: np.ndarray, xy: np.ndarray) -> tuple[np.ndarray, ...]:
    """The angular interval(s) of each front part xy (x rows, then y rows, (8, m)) seen
    from its row's point (`pc`: rows px, py, cx, cy per point): a part reaching behind the
    point gives two pieces. (row, start, end). Reductions run across the four rows: along
    a short axis numpy pays a loop per part."""
    px, py, cx, cy = pc.take(rows, axis=1)
    a = rel_angle(cx, cy, xy[:4] - px, xy[4:] - py)
    amin, amax = np.fmin.reduce(a, axis=0), np.fmax.reduce(a, axis=0)  # NaN: no point
    wraps = amax - amin > np.pi
    # The usual case, one piece each (argmax finds a True at a third of a reduction's cost).
    if len(wraps) == 0 or not wraps[wraps.argmax()]:
        return rows, amin, amax
    # Only the wrapping parts (a few) get their second piece: from -π to the last angle
    # at or below zero; their first runs from the first angle above zero to π.
    w = wraps.nonzero()[0]
    aw = a.take(w, axis=1)
    amin[w] = np.where(aw > 0, aw, np.inf).min(axis=0)
    amax[w] = np.pi
    neg = np.where(aw <= 0, aw, -np.inf).max(axis=0)
    return (np.concatenate([rows, rows.take(w)]), np.concatenate([amin, np.full(len(w), -np.pi)]),
            np.concatenate([amax, neg]))


def _union(n: int, rows: np.ndarray, s: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, ...]:
    """The union of each row's intervals as disjoint stretches, padded per row: start and
    end tables (rows, most intervals) and which entries are stretches (sorted by start,
    then a cumulative max: each interval adds the stretch beyond the reach before it)."""
    if len(rows) == 0:
        return np.zeros((n, 0)), np.zeros((n, 0)), np.zeros((n, 0), dtype=bool)
    order = np.lexsort((s, rows))
    rows = rows.take(order)
    count = np.bincount(rows, minlength=n)
    col = np.arange(len(rows)) - (count.cumsum() - count).take(rows)
    width = int(count[count.argmax()])  # the most per row (argmax: cheaper than a reduction)
    table = np.empty((2, n, width))  # np.full: a Python wrapper
    table.fill(np.inf)
    start, reach = table
    flat = rows * width + col
    start.reshape(-1)[flat], reach.reshape(-1)[flat] = s.take(order), e.take(order)
    reach = np.maximum.accumulate(reach, axis=1)
    np.maximum(start[:, 1:], reach[:, :-1], out=start[:, 1:])
    return start, reach, reach > start


def hidden_shares(points: np.ndarray, owner: np.ndarray, t_boxes: np.ndarray,
                  segs: np.ndarray, seg_owner: np.ndarray, boxes: np.ndarray,
                  box_owner: np.ndarray, inner: InnerParts | None = None,
                  off_walls: bool = False) -> np.ndarray:
    """Share (0..1) of box t_boxes[owner[i]] hidden from points[i] by the wall segments
    (M, 4) and creature boxes (K, 4) of that owner (`seg_owner`, `box_owner`, sorted); NaN
    for a point inside its box's span on both axes, lying on one of its pair's walls, or
    inside a creature's box while the target has an occluder inside it. `inner`: the parts inside each target (`inner_table`,
    with their crossings), when the caller has them (`cover._hidden_inside`). `off_walls`: the
    caller knows no segment holds any point (`walls._cells`)."""
    # One errstate for every pass below that divides where the quotient goes unused (each
    # entry costs about a numpy call): `_front_parts`' cuts, `piece_areas`' clips.
    with np.errstate(divide="ignore", invalid="ignore"):
        return _hidden_shares(points, owner, t_boxes, segs, seg_owner, boxes, box_owner,
                              inner, off_walls)


def _hidden_shares(points: np.ndarray, owner: np.ndarray, t_boxes: np.ndarray,
                   segs: np.ndarray, seg_owner: np.ndarray, boxes: np.ndarray,
                   box_owner: np.ndarray, inner: InnerParts | None, off_walls: bool
                   ) -> np.ndarray:
    n, n_pairs = len(points), len(t_boxes)
    tb = t_boxes.take(owner, axis=0)
    faces = points.take(_AXIS_A, axis=1) * _SIGN <= tb.take(_BOUND, axis=1) * _SIGN
    ok = np.logical_or.reduce(faces, axis=1)
    # Per point, one row each: px, py, then cx, cy (toward the box's centre), then the
    # box's corners from the point, x (4 rows) then y (4 rows) (see `piece_areas`). Rows
    # of one table: a gather by point is one call.
    pq = np.empty((12, n))
    pq[:2] = points.T
    q = pq[4:]
    np.subtract(tb.T.take(_XY8, axis=0), pq.take(_P8, axis=0), out=q)
    np.add(q.take(_C_A, axis=0), q.take(_C_B, axis=0), out=pq[2:4])
    pq[2:4] /= 2
    px, py, cx, cy = pq[:4]
    qx, qy = q[:4], q[4:]
    span = rel_angle(cx, cy, qx, qy)
    lo, hi = np.minimum.reduce(span, axis=0), np.maximum.reduce(span, axis=0)
    # Front parts seen from each point: its pair's parts on the faces it faces.
    p_own, p_face, p_xy = _front_parts(t_boxes, segs, seg_owner, boxes, box_owner)
    rows, items = expand(owner, p_own, n_pairs)
    # (`ok` is "some face faced": a face faced implies it, so it needs no test here.)
    seen = faces.reshape(-1).take(rows * 4 + p_face.take(items)).nonzero()[0]
    rows, items = rows.take(seen), items.take(seen)
    r, s, e = _front_intervals(rows, pq[:4], p_xy.take(items, axis=1))
    s, e = np.maximum(s, lo.take(r)), np.minimum(e, hi.take(r))
    keep = (e > s).nonzero()[0]  # empty pieces add nothing
    front = _union(n, r.take(keep), s.take(keep), e.take(keep))
    direct = front[2]
    if not off_walls and len(segs):
        _leave_points_on_walls(px, py, owner, ok, segs, seg_owner, n_pairs)
    pieces = None
    if inner is None and (len(segs) or len(boxes)):
        inner = inner_table(t_boxes, segs, seg_owner, boxes, box_owner)
    if inner is not None and any_true(inner.valid.reshape(-1)):
        pieces = inner_hidden(px, py, cx, cy, owner, ok, (lo, hi), front, inner,
                              boxes, box_owner)
        if pieces is not None:
            direct = direct.copy()
            direct[pieces.rows] = False
    # Every other stretch hides its whole wedge of the target (no cut line).
    f_row, col = direct.nonzero()
    base = np.arctan2(cy, cx).take(f_row)
    t0, t1 = base + front[0][f_row, col], base + front[1][f_row, col]
    hidden: np.ndarray
    if pieces is None:
        k = len(f_row)
        qs = q.take(f_row, axis=1)
        cos, sin = _cos_sin([t0, t1])
        area = piece_areas(qs, (cos[:k], sin[:k]), (cos[k:], sin[k:]), None)
        hidden = np.bincount(f_row, weights=area, minlength=n)
    else:
        # One pass for the inner pieces and the whole wedges: numpy's per-call cost is what
        # counts, and a zero cut line leaves a wedge whole (the same numbers).
        m = len(pieces.t0)
        q_rows = np.concatenate([pieces.point, f_row])
        k = len(q_rows)
        cos, sin = _cos_sin([pieces.t0, t0, pieces.t1, t1])
        lines = np.zeros((4, k))
        lines[:, :m] = pieces.lines
        qs = q.take(q_rows, axis=1)
        area = piece_areas(qs, (cos[:k], sin[:k]), (cos[k:], sin[k:]),
                           (lines[0], lines[1], lines[2], lines[3]))
        hidden = np.zeros(n)
        hidden[pieces.rows] = pieces.hidden(area[:m])
        hidden += np.bincount(f_row, weights=area[m:], minlength=n)
    tt = tb.T
    out = np.minimum(1.0, hidden / ((tt[2] - tt[0]) * (tt[3] - tt[1])))
    return np.where(ok, out, np.nan)


def _cos_sin(angles: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Cosines and sines of the angles laid end to end: two calls for all of them."""
    t = np.concatenate(angles)
    return np.cos(t), np.sin(t)


def _leave_points_on_walls(px: np.ndarray, py: np.ndarray, owner: np.ndarray, ok: np.ndarray,
                           segs: np.ndarray, seg_owner: np.ndarray, n_pairs: int) -> None:
    """Clear `ok` for a point lying on one of its pair's wall segments: the polygon union
    sees that wall edge-on and hides nothing, where angles would hide a half-plane."""
    r, i = expand(owner, seg_owner, n_pairs)
    on = on_segment(px.take(r), py.take(r), segs.take(i, axis=0).T)
    ok[r.compress(on)] = False
