"""The parts of walls inside a creature's space, remembered per wall layout (AD&D 2bis hidden
share along a drag, `hidden_batch`; issue 9).

What the walls cut of a target's box, and where those parts cross, depend on the walls and
the box only, not on the attacker: a drag asks for the same foes at every square. Kept per
`WallIndex` (a new wall layout builds a new index, so its entries go with the old one) and
per target box (a moved or resized target is a new key). Creatures standing inside a target
are rare and change as tokens move: a batch with one leaves the cache aside."""

from __future__ import annotations

from weakref import WeakKeyDictionary

import numpy as np
import shapely

from battlemap.geometry.cover._hidden_inside import InnerParts, crossings_of, inner_table
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.segments import any_true

Box = tuple[float, float, float, float]
# Per box: wall parts inside (4, k) and their crossing points x, y.
Parts = tuple[np.ndarray, np.ndarray, np.ndarray]
_MEMO: WeakKeyDictionary[WallIndex, dict[Box, Parts]] = WeakKeyDictionary()
# Per batch of target boxes (their bytes): the padded tables, as a drag asks every square.
_BATCHES: WeakKeyDictionary[WallIndex, dict[bytes, InnerParts]] = WeakKeyDictionary()
LIMIT = 4096  # boxes remembered per wall layout before starting over (a bound on memory)
_NO_BOXES, _NO_OWNER = np.empty((0, 4)), np.empty(0, dtype=np.intp)


def wall_parts(walls: WallIndex, box: Box) -> Parts:
    """The parts of the walls stopping effects strictly inside `box` (as `inner_table`
    clips them) and where two of them cross (each crossing twice, as `crossings_of`)."""
    memo = _MEMO.get(walls)
    if memo is None:
        memo = _MEMO[walls] = {}
    found = memo.get(box)
    if found is None:
        tree, ids = walls.tree("effect")
        segs = walls.coords.take(ids.take(tree.query(shapely.box(*box))), axis=0)
        inner = inner_table(np.array([box]), segs, np.zeros(len(segs), dtype=np.intp),
                            _NO_BOXES, _NO_OWNER)
        x, y, hit = crossings_of(inner.table, inner.valid)
        found = (inner.table[:, 0], x[0].compress(hit[0]), y[0].compress(hit[0]))
        if len(memo) >= LIMIT:
            memo.clear()
        memo[box] = found
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
    batches = _BATCHES.get(walls)
    if batches is None:
        batches = _BATCHES[walls] = {}
    key = t_boxes.tobytes()
    inner = batches.get(key)
    if inner is None:
        inner = _assemble([wall_parts(walls, box) for box in map(tuple, t_boxes.tolist())])
        for a in (inner.table, inner.valid, *inner.cross):  # type: ignore[misc]
            a.flags.writeable = False  # shared between calls
        if len(batches) >= LIMIT:
            batches.clear()
        batches[key] = inner
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
