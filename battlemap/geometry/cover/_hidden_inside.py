"""Occluders standing inside a target box (a wall across a huge creature, a small creature in
its space): what they hide of it, for many points at once (AD&D 2bis cover by percentage,
001 "Modificateurs de Couverture"; used by `_hidden_batch`).

An inner part hides what lies beyond it along each ray. Cut the angles seen from a point at
every end of an inner part, every crossing of two of them and every end of the point's front
stretches (which hide whole rays): within one such sector the parts that span it keep their
order along every ray, so what is hidden there is the sector's wedge of the target beyond the
nearest one, which is the largest of the pieces beyond each (or the whole wedge in a front
stretch). Tables are padded per point (parts, sectors, candidates) rather than ragged: the
counts are small, and numpy's per-call cost is what counts.

The parts of walls inside a creature's space are remembered per wall layout (`wall_parts`,
`cached_inner`): what the walls cut of a target's box, and where those parts cross, depend
on the walls and the box only, not on the attacker, and a drag asks for the same foes at
every square. Kept per `WallIndex` (a new wall layout builds a new index, so its entries go
with the old one) and per target box (a moved or resized target is a new key). Creatures
standing inside a target are rare and change as tokens move: a batch with one leaves the
cache aside."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import shapely

from battlemap.geometry.walls import shared
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.segments import any_true, expand

# A creature box's four edges as (x0, y0, x1, y1) columns of the box.
_EDGES = np.array([[0, 1, 2, 1], [2, 1, 2, 3], [2, 3, 0, 3], [0, 3, 0, 1]])
_MAX, _MIN = np.maximum, np.minimum


class InnerParts(NamedTuple):
    """Parts of occluders strictly inside each owner's target box, padded per owner:
    (x0, y0, x1, y1) as `table` (4, owners, most parts), `valid` (owners, most parts), and
    `cross`, their crossings (`crossings_of`) when already known (`cover._hidden_inside`)."""

    table: np.ndarray
    valid: np.ndarray
    cross: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def rel_angle(cx: np.ndarray, cy: np.ndarray, vx: np.ndarray, vy: np.ndarray) -> np.ndarray:
    """Angle of v from c (as `cover._hidden_angles`): arctan2(c × v, c · v)."""
    return np.arctan2(cx * vy - cy * vx, cx * vx + cy * vy)


def inner_table(t_boxes: np.ndarray, segs: np.ndarray, seg_owner: np.ndarray,
                boxes: np.ndarray, box_owner: np.ndarray) -> InnerParts:
    """The parts of the walls and creature edges strictly inside their owner's target box,
    padded per owner (`InnerParts`, crossings not computed).
    Parts on the box's edge are left out, as `cover._hidden_angles` decides when an occluder is
    inside: they hide no area beyond what the front stretches already do."""
    cand, own = segs, seg_owner
    if len(boxes):
        cand = np.concatenate([segs, boxes.take(_EDGES, axis=1).reshape(-1, 4)])
        own = np.concatenate([seg_owner, box_owner.repeat(4)])
    c = cand.T  # x0, y0, x1, y1 as rows: the clip runs along contiguous rows
    t = t_boxes.take(own, axis=0).T
    d = c[2:] - c[:2]
    with np.errstate(divide="ignore", invalid="ignore"):
        # Liang–Barsky; along a parallel edge ±inf (in or out) or NaN (on the edge: out).
        ta, tb = (t[:2] - c[:2]) / d, (t[2:] - c[:2]) / d
        near, far = _MIN(ta, tb), _MAX(ta, tb)
        t0 = _MAX(_MAX(near[0], near[1]), 0.0)
        t1 = _MIN(_MIN(far[0], far[1]), 1.0)
        keep = (t1 - t0 > 1e-12).nonzero()[0]
    n_own = len(t_boxes)
    if len(keep) == 0:
        return InnerParts(np.zeros((4, n_own, 0)), np.zeros((n_own, 0), dtype=bool))
    d, base = d.take(keep, axis=1), c[:2].take(keep, axis=1)
    ends = np.concatenate([base + t0.take(keep) * d, base + t1.take(keep) * d])
    own = own.take(keep)
    order = own.argsort(kind="stable")
    own = own.take(order)
    count = np.bincount(own, minlength=n_own)
    col = np.arange(len(own)) - (count.cumsum() - count).take(own)
    table = np.zeros((4, n_own, int(np.maximum.reduce(count))))
    valid = np.zeros((n_own, table.shape[2]), dtype=bool)
    table[:, own, col] = ends.take(order, axis=1)
    valid[own, col] = True
    return InnerParts(table, valid)


def crossings_of(table: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                              np.ndarray]:
    """Where two parts of one owner cross: x, y (owners, parts²) and which are real."""
    x0, y0, x1, y1 = table
    n = len(x0)
    rx, ry = (x1 - x0)[:, :, None], (y1 - y0)[:, :, None]
    sx, sy = (x1 - x0)[:, None, :], (y1 - y0)[:, None, :]
    den = rx * sy - ry * sx
    if not np.logical_or.reduce(den, axis=None):  # all parallel (a straight wall in pieces): no crossing
        return np.zeros((n, 0)), np.zeros((n, 0)), np.zeros((n, 0), dtype=bool)
    wx, wy = x0[:, None, :] - x0[:, :, None], y0[:, None, :] - y0[:, :, None]
    with np.errstate(divide="ignore", invalid="ignore"):  # parallel parts: NaN, no crossing
        t, u = (wx * sy - wy * sx) / den, (wx * ry - wy * rx) / den
        hit = (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1) & valid[:, :, None] & valid[:, None, :]
        x, y = np.where(hit, x0[:, :, None] + t * rx, 0.0), np.where(hit, y0[:, :, None] + t * ry, 0.0)
    return x.reshape(n, -1), y.reshape(n, -1), hit.reshape(n, -1)


def _any_inside(x: np.ndarray, y: np.ndarray, boxes: np.ndarray) -> bool:
    """Some point strictly inside some box, whatever their pairs: a quick "none" (the usual
    answer) before matching points with the boxes of their own pair."""
    b = boxes.T[:, :, None]  # (4, K, 1) against the points (R,)
    return bool(np.logical_or.reduce((b[0] < x) & (x < b[2]) & (b[1] < y) & (y < b[3]),
                                     axis=None))


def inner_hidden(px: np.ndarray, py: np.ndarray, cx: np.ndarray, cy: np.ndarray,
                 owner: np.ndarray, ok: np.ndarray,
                 span: tuple[np.ndarray, np.ndarray], front: tuple[np.ndarray, ...],
                 inner: InnerParts, boxes: np.ndarray, box_owner: np.ndarray
                 ) -> InnerPieces | None:
    """The pieces to measure (`InnerPieces`) for the points whose target has inner parts:
    front stretches and what the inner parts hide, together; None if no point is left.
    `front`: the padded front stretches (start, end tables (points, k) and which are real).
    Clears `ok` for the points left to the caller (inside a creature's box, as before this
    batch)."""
    table, valid, cross = inner
    has: np.ndarray = np.logical_or.reduce(valid, axis=1)
    rows = (ok & has.take(owner)).nonzero()[0]
    if len(rows) and any_true(has.take(box_owner)) and _any_inside(
            px.take(rows), py.take(rows), boxes):  # a creature near such a target
        r, b = expand(owner.take(rows), box_owner, len(has))
        x, y = px.take(rows).take(r), py.take(rows).take(r)
        bb = boxes.take(b, axis=0).T
        inside = (bb[0] < x) & (x < bb[2]) & (bb[1] < y) & (y < bb[3])
        ok[rows.take(r[inside])] = False
        rows = rows[ok.take(rows)]
    if len(rows) == 0:
        return None
    own = owner.take(rows)
    rx, ry, rcx, rcy = px.take(rows)[:, None], py.take(rows)[:, None], cx.take(rows), cy.take(rows)
    part = table.take(own, axis=1)
    part[0::2] -= rx  # (4, R, W) from each point
    part[1::2] -= ry
    real = valid.take(own, axis=0)
    f_lo, f_hi, f_real = (a.take(rows, axis=0) for a in front)
    # Events, sorted per point: the unreal ones at the span's start (empty sectors there),
    # and the sectors of positive width between them, one row each. The angles of the
    # parts' ends and of their crossings in one pass: (R, W) starts, ends, then crossings.
    xx, xy, hit = cross if cross is not None else crossings_of(table, valid)
    w = part.shape[2]
    ex = np.concatenate([part[0], part[2], xx.take(own, axis=0) - rx], axis=1)
    ey = np.concatenate([part[1], part[3], xy.take(own, axis=0) - ry], axis=1)
    seen = rel_angle(rcx[:, None], rcy[:, None], ex, ey)
    ends = (seen[:, :w], seen[:, w:2 * w])
    mask = np.concatenate([real, real, hit.take(own, axis=0), f_real, f_real], axis=1)
    events = np.where(mask, np.concatenate([seen, f_lo, f_hi], axis=1),
                      span[0].take(rows)[:, None])
    events.sort(axis=1)  # in place: np.sort adds a copy and a Python wrapper
    sr, sc = (events[:, 1:] > events[:, :-1]).nonzero()
    s_lo, s_hi = events[sr, sc], events[sr, sc + 1]
    a, b = s_lo[:, None], s_hi[:, None]
    covered = np.logical_or.reduce(
        (np.where(f_real, f_lo, np.inf).take(sr, axis=0) <= a) & (f_hi.take(sr, axis=0) >= b),
        axis=1)
    c_lo = np.where(real, _MIN(ends[0], ends[1]), np.inf).take(sr, axis=0)
    c_hi = _MAX(ends[0], ends[1]).take(sr, axis=0)
    spans = np.concatenate([covered[:, None], (c_lo <= a) & (c_hi >= b)], axis=1)
    # Only the candidates spanning their sector: (sector, candidate) pairs, the whole wedge
    # first, then each part. Their areas are left to the caller, which measures them with
    # the front stretches of the other points in one `piece_areas` pass.
    sec, cand = spans.nonzero()
    n_c = spans.shape[1]
    lines = np.concatenate([np.zeros((4, len(rows), 1)), part], axis=2).reshape(4, -1)
    lines = lines.take(sr.take(sec) * n_c + cand, axis=1)
    base = np.arctan2(rcy, rcx).take(sr)
    t0, t1 = (base + s_lo).take(sec), (base + s_hi).take(sec)
    return InnerPieces(rows, sr, sec, rows.take(sr.take(sec)), t0, t1, lines)


class InnerPieces(NamedTuple):
    """The candidate pieces of `inner_hidden`: points `rows`; sector k belongs to row
    `sector_row[k]` (an index into `rows`); piece i is candidate of sector `sector[i]`, for
    point `point[i]`, in the wedge t0[i]..t1[i] beyond `lines[:, i]` (zero: no cut). What
    the sector hides is its largest piece (the nearest candidate's: the others lie in it)."""

    rows: np.ndarray
    sector_row: np.ndarray
    sector: np.ndarray
    point: np.ndarray
    t0: np.ndarray
    t1: np.ndarray
    lines: np.ndarray

    def hidden(self, area: np.ndarray) -> np.ndarray:
        """Hidden area per point of `rows`, from the area of each piece."""
        best = np.zeros(len(self.sector_row))
        np.maximum.at(best, self.sector, area)
        return np.bincount(self.sector_row, weights=best, minlength=len(self.rows))


Box = tuple[float, float, float, float]
# Per box: wall parts inside (4, k) and their crossing points x, y.
Parts = tuple[np.ndarray, np.ndarray, np.ndarray]
# Per batch of target boxes (their bytes): the padded tables, as a drag asks every square.
LIMIT = 4096  # boxes remembered per wall layout before starting over (a bound on memory)
_NO_BOXES, _NO_OWNER = np.empty((0, 4)), np.empty(0, dtype=np.intp)


def wall_parts(walls: WallIndex, box: Box) -> Parts:
    """The parts of the walls stopping effects strictly inside `box` (as `inner_table`
    clips them) and where two of them cross (each crossing twice, as `crossings_of`)."""
    memo = walls.memo("inner parts", LIMIT)
    found: Parts | None = memo.get(box)
    if found is None:
        tree, ids = walls.tree("effect")
        segs = walls.coords.take(ids.take(tree.query(shapely.box(*box))), axis=0)
        inner = inner_table(np.array([box]), segs, np.zeros(len(segs), dtype=np.intp),
                            _NO_BOXES, _NO_OWNER)
        x, y, hit = crossings_of(inner.table, inner.valid)
        found = memo.keep(box, (inner.table[:, 0], x[0].compress(hit[0]), y[0].compress(hit[0])))
    return found


def cached_inner(walls: WallIndex, t_boxes: np.ndarray, boxes: np.ndarray,
                 box_owner: np.ndarray) -> InnerParts | None:
    """`inner_table` of the walls of every target box, with the crossings, from the memo;
    None when a creature box (of `boxes`, owner `box_owner`) overlaps its target's inside
    (the caller builds the table from scratch then)."""
    if len(boxes):
        tb = t_boxes.take(box_owner, axis=0).T
        b = boxes.T
        if any_true((b[0] < tb[2]) & (tb[0] < b[2]) & (b[1] < tb[3]) & (tb[1] < b[3])):
            return None
    batches = walls.memo("inner batches", LIMIT)
    key = t_boxes.tobytes()
    inner: InnerParts | None = batches.get(key)
    if inner is None:
        inner = _assemble([wall_parts(walls, box) for box in map(tuple, t_boxes.tolist())])
        shared(inner.table, inner.valid, *inner.cross)  # type: ignore[misc]
        batches.keep(key, inner)
    return inner


def _assemble(found: list[Parts]) -> InnerParts:
    """The padded tables of `inner_table` and `crossings_of` from each box's parts."""
    n = len(found)
    width = max((p.shape[1] for p, _, _ in found), default=0)
    n_cross = max((len(x) for _, x, _ in found), default=0)
    table, valid = np.zeros((4, n, width)), np.zeros((n, width), dtype=bool)
    cx, cy, hit = np.zeros((n, n_cross)), np.zeros((n, n_cross)), np.zeros((n, n_cross), bool)
    for j, (parts, x, y) in enumerate(found):  # a handful of targets: plain slices
        k, c = parts.shape[1], len(x)
        if k:
            table[:, j, :k] = parts
            valid[j, :k] = True
        if c:
            cx[j, :c], cy[j, :c] = x, y
            hit[j, :c] = True
    return InnerParts(table, valid, (cx, cy, hit))
