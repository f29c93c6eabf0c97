"""A quick proof that walls leave no straight line between two spaces (total cover, §4.4).

Every segment from box A to box B stays inside their convex hull H, whose boundary is A's
side, a "bridge" edge, B's side and the other bridge. A chain of walls joined end to end
inside H that touches both bridges and touches neither box cuts H in two, with A and B apart:
no line exists. When no such chain is found the answer is "not proven" and the exact search
in `lines.any_clear_line` decides. Vectorised over many pairs of boxes."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.segments import box_span, touch_sure

Box = tuple[float, float, float, float]


def _corners(boxes: np.ndarray) -> np.ndarray:
    return np.stack([boxes[..., [0, 1]], boxes[..., [2, 1]], boxes[..., [2, 3]],
                     boxes[..., [0, 3]]], axis=-2)


def _bridges(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each pair (a: (P, 4, 2), b: (P, 4, 2)): the left and right bridges as (P, 2, 2)
    (from an A corner to a B corner, every corner on one side), and whether both exist."""
    start = np.repeat(a, 4, axis=1)  # (P, 16, 2): every A corner with every B corner
    end = np.tile(b, (1, 4, 1))
    d = end - start
    pts = np.concatenate([a, b], axis=1)[:, None]  # (P, 1, 8, 2)
    rel = pts - start[:, :, None]
    val = d[..., None, 0] * rel[..., 1] - d[..., None, 1] * rel[..., 0]  # (P, 16, 8)
    scale = 1e-12 * (1.0 + np.abs(pts).max(axis=(1, 2, 3)))[:, None, None] ** 2
    length = d[..., 0] ** 2 + d[..., 1] ** 2
    out = []
    ok = np.ones(len(a), dtype=bool)
    idx = np.arange(len(a))
    for side in (1.0, -1.0):
        valid = (side * val >= -scale).all(axis=2)
        pick = np.argmax(np.where(valid, length, -1.0), axis=1)
        ok &= valid.any(axis=1)
        out.append(np.stack([start[idx, pick], end[idx, pick]], axis=1))
    return out[0], out[1], ok


def bridges(a_boxes: np.ndarray, b_boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                np.ndarray]:
    """Left and right bridges of the hull of boxes a_boxes[p] and b_boxes[p] ((P, 4) each),
    as (P, 2, 2), and whether both exist (they don't for overlapping boxes)."""
    return _bridges(_corners(a_boxes), _corners(b_boxes))


def _inside_hull(x: np.ndarray, a_box: np.ndarray, b_box: np.ndarray, left: np.ndarray,
                 right: np.ndarray) -> np.ndarray:
    """Points x (M, 2), each with its pair's boxes and bridges: inside H? H is the two boxes'
    common bounds cut by the two bridges: every other edge of H lies on a side of those
    bounds (a hull edge that is no bridge is a box side, and it supports the bounds too)."""
    lo = np.minimum(a_box[:, :2], b_box[:, :2])
    hi = np.maximum(a_box[:, 2:], b_box[:, 2:])
    inside = ((x >= lo) & (x <= hi)).all(axis=1)
    for bridge, side in ((left, 1.0), (right, -1.0)):
        s, d = bridge[:, 0], bridge[:, 1] - bridge[:, 0]
        inside &= side * (d[:, 0] * (x[:, 1] - s[:, 1]) - d[:, 1] * (x[:, 0] - s[:, 0])) >= 0
    return inside


def _group_ids(pair: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Same id for equal (pair, x, y) rows: the joints where wall ends meet exactly."""
    if len(pts) == 0:
        return np.empty(0, dtype=np.intp)
    order = np.lexsort((pts[:, 1], pts[:, 0], pair))
    k0, k1, k2 = pair[order], pts[order, 0], pts[order, 1]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (k0[1:] != k0[:-1]) | (k1[1:] != k1[:-1]) | (k2[1:] != k2[:-1])
    ids = np.empty(len(order), dtype=np.intp)
    ids[order] = np.cumsum(new) - 1
    return ids


def _components(n_nodes: int, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Connected-component label of each node of an undirected graph (min-label spreading
    with pointer jumping: a few vectorised passes even for long chains)."""
    label = np.arange(n_nodes)
    while True:
        lo = np.minimum(label[u], label[v])
        new = label.copy()
        np.minimum.at(new, u, lo)
        np.minimum.at(new, v, lo)
        new = new[new]
        if np.array_equal(new, label):
            return label
        label = new


def separated(a_box: Box | np.ndarray, b_boxes: np.ndarray, seg_coords: np.ndarray,
              pair: np.ndarray) -> np.ndarray:
    """Per box of `b_boxes` (P, 4): True when the wall segments listed for it (rows of
    `seg_coords` (M, 4), owner pair index `pair` (M,)) provably leave no clear line to A
    (`a_box`: one box for all, or one per pair, (P, 4))."""
    n, m = len(b_boxes), len(pair)
    if n == 0 or m == 0:
        return np.zeros(n, dtype=bool)
    a_all = np.broadcast_to(np.asarray(a_box, dtype=float), (n, 4))
    gap = np.maximum(np.maximum(b_boxes[:, 0] - a_all[:, 2], a_all[:, 0] - b_boxes[:, 2]),
                     np.maximum(b_boxes[:, 1] - a_all[:, 3], a_all[:, 1] - b_boxes[:, 3]))
    left, right, ok = _bridges(_corners(a_all), _corners(b_boxes))
    ok &= gap > 1e-9
    a, b, lb, rb = a_all[pair], b_boxes[pair], left[pair], right[pair]
    p, q = seg_coords[:, :2], seg_coords[:, 2:]
    # Walls that touch (or nearly touch) either space cannot be used in the chain.
    grow = np.array([-1e-9, -1e-9, 1e-9, 1e-9])
    bad = np.zeros(m, dtype=bool)
    for box in (a, b):
        t0, t1 = box_span(p, q, box + grow, strict=False)
        bad |= t1 >= t0
    on1, _ = touch_sure(p, q, lb[:, 0], lb[:, 1])
    on2, _ = touch_sure(p, q, rb[:, 0], rb[:, 1])
    # Graph: wall nodes 0..m-1, joint nodes after them; a joint is a wall end inside H,
    # shared by the walls of one pair that end exactly there.
    ends = np.concatenate([p, q])
    owner = np.concatenate([np.arange(m), np.arange(m)])
    inside = _inside_hull(ends, np.concatenate([a, a]), np.concatenate([b, b]),
                          np.concatenate([lb, lb]), np.concatenate([rb, rb]))
    ends, owner = ends[inside], owner[inside]
    joint = _group_ids(pair[owner], ends)
    label = _components(m + int(joint.max(initial=-1)) + 1, owner, m + joint)[:m]
    hits = np.zeros((3, m), dtype=bool)
    for i, flag in enumerate((on1, on2, bad)):
        np.logical_or.at(hits[i], label, flag)
    chain = hits[0][label] & hits[1][label] & ~hits[2][label]
    proved = np.zeros(n, dtype=bool)
    np.logical_or.at(proved, pair, chain)
    return proved & ok
