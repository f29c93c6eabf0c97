"""A quick proof that walls leave no straight line between two spaces (total cover, §4.4).

Every segment from box A to box B stays inside their convex hull H, whose boundary is A's
side, a "bridge" edge, B's side and the other bridge. A chain of walls joined end to end
inside H that touches both bridges and touches neither box cuts H in two, with A and B apart:
no line exists. When no such chain is found the answer is "not proven" and the exact search
in `lines.any_clear_line` decides. Vectorised over many pairs of boxes.

Arrays are kept as separate x and y rows with the long axis last, and gathered with
`ndarray.take`: numpy's loops then run over contiguous memory instead of pairs of coordinates,
and a gather is one tight loop instead of a copy per index (most of the cost otherwise).
Array methods (`a.take`, `a.cumsum`, `a.nonzero()`) rather than the `np.` functions: these go
through numpy's Python wrappers, about the cost of one more small array pass per call."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.walls.segments import REL_TOL, box_gaps, box_span_xy

Box = tuple[float, float, float, float]

_X, _Y = [0, 2, 2, 0], [1, 1, 3, 3]  # corners of a box (x0, y0, x1, y1), clockwise


def _bridges(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For boxes a[p] and b[p] ((P, 4) each): the left and right bridges of their hull as
    rows (start x, end x, start y, end y) of shape (4, 2, P) (from an A corner to a B corner,
    every corner on one side, the longest such), and whether both exist."""
    ax, ay, bx, by = a[:, _X], a[:, _Y], b[:, _X], b[:, _Y]
    sx, sy = ax.repeat(4, axis=1), ay.repeat(4, axis=1)  # every A corner with
    ex, ey = np.concatenate([bx] * 4, axis=1), np.concatenate([by] * 4, axis=1)  # every B
    # corner: (P, 16), as np.tile makes it without its Python wrapper
    dx, dy = ex - sx, ey - sy
    # Every corner (first axis, so the all-corners test is a cheap pass over whole rows).
    px = np.concatenate([ax, bx], axis=1).T[:, :, None]
    py = np.concatenate([ay, by], axis=1).T[:, :, None]
    val = dx * (py - sy) - dy * (px - sx)  # (8, P, 16)
    scale = 1e-12 * (1.0 + np.abs(np.concatenate([a, b], axis=1)).max(axis=1))[:, None] ** 2
    valid = np.array([val.min(axis=0) >= -scale, val.max(axis=0) <= scale])  # left, right
    pick = np.where(valid, dx * dx + dy * dy, -1.0).argmax(axis=2)
    idx = np.arange(len(a))
    i, j = pick // 4, pick % 4
    ends = np.array([ax[idx, i], bx[idx, j], ay[idx, i], by[idx, j]])
    return ends, np.asarray(valid.any(axis=2).all(axis=0))


def bridges(a_boxes: np.ndarray, b_boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                np.ndarray]:
    """Left and right bridges of the hull of boxes a_boxes[p] and b_boxes[p] ((P, 4) each),
    as (P, 2, 2), and whether both exist (they don't for overlapping boxes)."""
    ends, ok = _bridges(a_boxes, b_boxes)
    xy = ends.reshape(2, 2, 2, -1)  # (x/y, start/end, bridge, P)
    return xy[:, :, 0].transpose(2, 1, 0), xy[:, :, 1].transpose(2, 1, 0), ok


def _signs(ux: np.ndarray, uy: np.ndarray, vx: np.ndarray, vy: np.ndarray) -> tuple[
    np.ndarray, np.ndarray, np.ndarray
]:
    """Cross products u×v, computed as `segments.orient` does: (value, surely positive,
    surely negative)."""
    left, right = ux * vy, uy * vx
    val = left - right
    tol = REL_TOL * (np.abs(left) + np.abs(right))
    return val, val > tol, val < -tol


def _opposite(pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """Surely opposite signs of the two values along axis -2 (the two points tested)."""
    return (pos[..., 0, :] & neg[..., 1, :]) | (neg[..., 0, :] & pos[..., 1, :])


def _group_ids(pair: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Same id for equal (pair, x, y): the joints where wall ends meet exactly."""
    if len(x) == 0:
        return np.empty(0, dtype=np.intp)
    order = np.lexsort((y, x, pair))
    k0, k1, k2 = pair.take(order), x.take(order), y.take(order)
    new = np.ones(len(order), dtype=bool)
    new[1:] = (k0[1:] != k0[:-1]) | (k1[1:] != k1[:-1]) | (k2[1:] != k2[:-1])
    ids = np.empty(len(order), dtype=np.intp)
    ids[order] = new.cumsum() - 1
    return ids


def _components(n_nodes: int, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Connected-component label of each node of an undirected graph (min-label spreading
    with pointer jumping: a few vectorised passes even for long chains)."""
    label = np.arange(n_nodes)
    both, k = np.concatenate([u, v]), len(u)
    while True:
        ends = label.take(both)  # a tight loop, where fancy indexing goes through an iterator
        lo = np.minimum(ends[:k], ends[k:])
        new = label.copy()
        np.minimum.at(new, both, np.concatenate([lo, lo]))
        new = new.take(new)
        if (new == label).all():
            return label
        label = new


def _per_wall(table: np.ndarray, pair: np.ndarray) -> np.ndarray:
    """Rows of the per-pair `table` (P, k) for each wall's pair, as (k, M) contiguous rows:
    .take of whole rows and one transposing copy (far cheaper than fancy indexing along
    the last axis, which numpy does element by element)."""
    return table.take(pair, axis=0).T.copy()


def _against_bridges(g: np.ndarray, seg_coords: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                      np.ndarray]:
    """Each wall end (p then q) against each bridge line (left then right), as
    `segments.orient(bridge start, bridge end, wall end)`: (value, surely positive, surely
    negative), each (2 bridges, 2 ends, M). `g`: rows start x, y, direction x, y."""
    sx, sy, dx, dy = g[:8].reshape(4, 2, 1, -1)
    c = seg_coords.T
    return _signs(dx, dy, c[[0, 2]] - sx, c[[1, 3]] - sy)


def separated(a_box: Box | np.ndarray, b_boxes: np.ndarray, seg_coords: np.ndarray,
              pair: np.ndarray) -> np.ndarray:
    """Per box of `b_boxes` (P, 4): True when the wall segments listed for it (rows of
    `seg_coords` (M, 4), owner pair index `pair` (M,)) provably leave no clear line to A
    (`a_box`: one box for all, or one per pair, (P, 4))."""
    n, m = len(b_boxes), len(pair)
    proved = np.zeros(n, dtype=bool)
    if n == 0 or m == 0:
        return proved
    a = np.asarray(a_box, dtype=float)
    if a.shape != (n, 4):
        a = np.broadcast_to(a, (n, 4))
    gap = box_gaps(a, b_boxes)
    ends, ok = _bridges(a, b_boxes)  # (start x, end x, start y, end y) × (left, right)
    ok &= gap > 1e-9
    grow = np.array([-1e-9, -1e-9, 1e-9, 1e-9])
    # Per pair, one row each: bridge starts x, y, directions x, y, ends x, y (left, right),
    # both boxes grown by `grow`, the bounds of both boxes.
    table = np.concatenate([
        np.concatenate([ends[[0, 2]], ends[[1, 3]] - ends[[0, 2]], ends[[1, 3]]]).reshape(12, n),
        (a + grow).T, (b_boxes + grow).T, np.minimum(a[:, :2], b_boxes[:, :2]).T,
        np.maximum(a[:, 2:], b_boxes[:, 2:]).T]).T.copy()
    # Most candidates lie surely beyond a bridge: no joint, no bridge touched, never in a
    # chain. Dropping them first makes every later pass about three times shorter.
    _, pos, neg = _against_bridges(_per_wall(table[:, :8], pair), seg_coords)
    keep = (ok.take(pair) & ~neg[0].all(axis=0) & ~pos[1].all(axis=0)).nonzero()[0]
    if len(keep) == 0:
        return proved
    pair, m = pair.take(keep), len(keep)
    seg_coords = seg_coords.take(keep, axis=0)
    c = seg_coords.T[[0, 2, 1, 3]]  # x of both wall ends, then y: (4, M)
    g = _per_wall(table, pair)
    val, pos, neg = _against_bridges(g, seg_coords)
    # A bridge surely crossed: its ends on either side of the wall and the other way round.
    ux, uy = c[1] - c[0], c[3] - c[2]
    _, s_pos, s_neg = _signs(ux, uy, g[0:2] - c[0], g[2:4] - c[2])  # bridge starts
    _, e_pos, e_neg = _signs(ux, uy, g[8:10] - c[0], g[10:12] - c[2])  # bridge ends
    on = ((s_pos & e_neg) | (s_neg & e_pos)) & _opposite(pos, neg)
    # Walls that touch (or nearly touch) either space cannot be used in the chain.
    box = g[12:20].reshape(2, 4, m)  # (A, B) × (x0, y0, x1, y1)
    t0, t1 = box_span_xy(c[0], c[2], c[1], c[3], box[:, 0], box[:, 1], box[:, 2], box[:, 3],
                         strict=False)
    bad = (t1 >= t0).any(axis=0)
    # Graph: wall nodes 0..m-1, joint nodes after them; a joint is a wall end inside H
    # (within both boxes' bounds, on the inner side of both bridges), shared by the walls
    # of one pair that end exactly there.
    lo_x, lo_y, hi_x, hi_y = g[20:24]
    x, y = c[:2], c[2:]
    inside = ((x >= lo_x) & (x <= hi_x) & (y >= lo_y) & (y <= hi_y)
              & (val[0] >= 0) & (val[1] <= 0))
    owner = inside.nonzero()[1]
    joint = _group_ids(pair.take(owner), x[inside], y[inside])
    label = _components(m + len(joint), owner, m + joint)[:m]
    # A chain: one component with both bridges touched and no wall touching a space.
    flags = on[0] * np.uint8(1) | on[1] * np.uint8(2) | bad * np.uint8(4)
    hits = np.zeros(m + len(joint), dtype=np.uint8)
    np.bitwise_or.at(hits, label, flags)
    proved[pair[hits[label] == 3]] = True
    return proved & ok
