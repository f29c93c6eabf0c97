"""Which corner lines walls stop, when the only question is "is every line of the pair
walled?" (AD&D 2bis levels, where the lines decide only total cover: 001 "Modificateurs de
Couverture"; `corner_lines`' all_walled_only).

One clear line answers "no". Most measured foes are in view, so the lines to each target's
cells nearest the attacker are tested first, and only for "surely clear" (no GEOS, no hits
kept); a pair with one of them clear is done, and only the others have all their lines
tested as before. A huge foe has nine cells (144 lines from a medium attacker): on a drag
this skips most (line, wall) pairs, and the hits nobody reads."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.lines.blockers import blocking_walls
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.segments import all_true, apart_or_along, boxes_meet, pair_grid


def walled_lines(walls: WallIndex, coords: np.ndarray, owner: np.ndarray, n_lines: np.ndarray,
                 line_cell: np.ndarray, cells: np.ndarray, cell_start: np.ndarray,
                 n_cells: np.ndarray, a_boxes: np.ndarray,
                 candidates: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(line, segment) hits as `blocking_walls(..., all_or_none=True)` returns them, except
    that a pair with a line surely clear has none at all: every line of a pair is hit here
    exactly when it is there. `coords` (N, 4) holds the lines pair after pair
    (`owner`, `n_lines` per pair), each to cell `line_cell` of `cells` (C, 4, cells of pair p
    from `cell_start[p]`, `n_cells[p]` of them); `a_boxes` the pairs' attackers."""
    # The cells nearest each attacker's centre (ties: all of them).
    # Both axes in each pass (x and y rows): numpy's per-call cost is what counts here.
    c, a = cells.T, a_boxes.T
    dx, dy = (c[:2] + c[2:] - (a[:2] + a[2:]).repeat(n_cells, axis=1)) / 2
    d = dx * dx + dy * dy
    near = d <= np.minimum.reduceat(d, cell_start).repeat(n_cells)
    first = near.take(line_cell)
    n_pairs = len(n_lines)
    idx = first.nonzero()[0]
    sub = coords.take(idx, axis=0)
    free = _surely_clear(walls, sub, np.bincount(owner.take(idx), minlength=n_pairs), candidates)
    clear = np.bincount(owner.take(idx), weights=free, minlength=n_pairs) > 0
    if all_true(clear):  # the usual case: every pair sees its nearest cell
        return _NONE, _NONE
    rest = ~clear.take(owner)
    idx2 = rest.nonzero()[0]
    li, seg = blocking_walls(walls, coords.take(idx2, axis=0), np.where(clear, 0, n_lines),
                             candidates, True)
    return idx2.take(li), seg


_NONE = np.empty(0, dtype=np.intp)


def _surely_clear(walls: WallIndex, coords: np.ndarray, per_group: np.ndarray,
                  candidates: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Per line: no candidate wall touches it for sure or may touch it (`crossings`' "surely
    apart" or "along", the lines `blocking_walls` counts clear whatever GEOS would say)."""
    gi, cand = candidates
    li, row = pair_grid(per_group, gi)
    touched = np.zeros(len(coords), dtype=bool)
    if len(li) == 0:
        return ~touched
    seg = cand.take(row)
    # The bounding-box test and the row layout of `blocking_walls`.
    keep = boxes_meet(coords, li, walls.bounds, seg)
    li, seg = li.take(keep), seg.take(keep)
    rows = np.empty((8, len(li)))
    rows[:4] = coords.take(li, axis=0).T
    rows[4:] = walls.coords.take(seg, axis=0).T
    touched[li[~apart_or_along(rows)]] = True
    return ~touched
