"""The corner lines of cover (DESIGN.md §4.4) for many attacker–target pairs, built and
tested in one batch: every attacker corner to the four corners of every target square.

Lines are laid out pair after pair, then attacker corner k, then target square s, then
target corner j, so each run of four lines is one (k, s) option of the cover rules.

`walled_lines` tells which corner lines walls stop, when the only question is "is every line of the pair
walled?" (AD&D 2bis levels, where the lines decide only total cover: 001 "Modificateurs de
Couverture"; `corner_lines`' all_walled_only).

One clear line answers "no". Most measured foes are in view, so the lines to each target's
cells nearest the attacker are tested first, and only for "surely clear" (no GEOS, no hits
kept); a pair with one of them clear is done, and only the others have all their lines
tested as before. A huge foe has nine cells (144 lines from a medium attacker): on a drag
this skips most (line, wall) pairs, and the hits nobody reads."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from battlemap.geometry.grid import INSET, footprint_cells
from battlemap.geometry.lines.blockers import (
    Hulls,
    blocking_creatures,
    blocking_walls,
    near_creatures,
)
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.walls import Memo, shared
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.segments import all_true, apart_or_along, boxes_meet, pair_grid
from battlemap.model import Size, Token


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


_UNIT = np.array([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])  # clockwise from top-left


def _cell_corners(cells: np.ndarray, inset: float) -> np.ndarray:
    """(n, 4) cells → (n, 4, 2) corners moved `inset` toward each cell's centre."""
    lo, hi = cells[:, None, :2] + inset, cells[:, None, 2:] - inset
    return lo + (hi - lo) * _UNIT[None]


@dataclass
class CornerLines:
    """Every corner line of several attacker–target pairs, and what blocks each."""

    a_boxes: np.ndarray  # (P, 4)
    t_boxes: np.ndarray  # (P, 4)
    exact_a: np.ndarray  # (K, 2) attacker corners, pair after pair (creature tests, drawing)
    a_start: np.ndarray  # (P,) first attacker corner of each pair
    n_a: np.ndarray  # (P,) attacker corners of each pair
    cells: np.ndarray  # (C, 4) target squares, target after target
    cell_start: np.ndarray  # (P,) first cell of each target
    n_cells: np.ndarray  # (P,)
    exact_t: np.ndarray  # (C, 4, 2)
    line_start: np.ndarray  # (P,) first line of each pair
    n_lines: np.ndarray  # (P,)
    line_k: np.ndarray  # (N,) attacker corner (global row of exact_a) of each line
    line_cell: np.ndarray  # (N,) global target cell of each line
    wall_hits: tuple[np.ndarray, np.ndarray]  # (line, segment) pairs
    creature_hits: tuple[np.ndarray, np.ndarray]  # (line, token index) pairs
    near: tuple[np.ndarray, np.ndarray]  # (pair, token row) creatures near each pair's hull
    by_wall: np.ndarray  # (N,) bool
    by_any: np.ndarray  # (N,) bool

    def corners_of(self, p: int) -> np.ndarray:
        """(k, 2) the attacker corners of pair p."""
        return self.exact_a[int(self.a_start[p]):int(self.a_start[p] + self.n_a[p])]


Side = tuple[np.ndarray, np.ndarray, np.ndarray]
MEMO_LIMIT = 4096  # entries of each memo below
# Per token place and size: its cells and their corners.
_SIDES: Memo[tuple[float, float, Size], Side] = Memo(MEMO_LIMIT)
# Per (attacker corner counts, target cell counts, first-option-only flags): the line layout.
_LAYOUTS: Memo[tuple[bytes, bytes, bytes], tuple[np.ndarray, ...]] = Memo(MEMO_LIMIT)


def _side(token: Token) -> Side:
    """A token's cells (n, 4) and their corners, exact and inset (n, 4, 2), remembered by
    place and size (all they depend on): a drag asks for the same foes at every square,
    and the Python per cell costs more than the lines' tests."""
    key = (token.col, token.row, token.size)
    found = _SIDES.get(key)
    if found is None:
        cells = np.array(footprint_cells(token), dtype=float).reshape(-1, 4)
        found = (cells, _cell_corners(cells, 0.0), _cell_corners(cells, INSET))
        shared(*found)
        _SIDES.keep(key, found)
    return found


def _cells_of(tokens: list[Token]) -> tuple[np.ndarray, ...]:
    """(C, 4) cells of the tokens, token after token; first cell and count per token; the
    cells' exact and inset corners (C, 4, 2). Several tokens: remembered by their places
    and sizes (a drag's foes are the same at every square; six array passes saved)."""
    key = tuple((t.col, t.row, t.size) for t in tokens) if len(tokens) > 1 else None
    found = _CELLS.get(key) if key is not None else None
    if found is None:
        found = _cells_built(tokens)
        if key is not None:
            shared(*found)
            _CELLS.keep(key, found)
    return found


# Per places and sizes of several tokens: their cells, first cells, counts and corners.
_CELLS: Memo[tuple[object, ...], tuple[np.ndarray, ...]] = Memo(MEMO_LIMIT)


def _cells_built(tokens: list[Token]) -> tuple[np.ndarray, ...]:
    sides = [_side(t) for t in tokens]
    n = np.fromiter([len(s[0]) for s in sides], dtype=np.intp, count=len(sides))
    if len(sides) == 1:
        cells, exact, inset = sides[0]
    elif not sides:
        cells, exact, inset = np.empty((0, 4)), np.empty((0, 4, 2)), np.empty((0, 4, 2))
    else:
        cells, exact, inset = (np.concatenate(parts) for parts in zip(*sides, strict=True))
    return cells, n.cumsum() - n, n, exact, inset


def _layout(n_a: np.ndarray, n_cells: np.ndarray, only_first: np.ndarray) -> tuple[
    np.ndarray, ...
]:
    """Where each line goes (see the module doc): per line its pair, attacker corner, target
    cell and target corner row; per pair its line count and first line. It depends on the
    counts only, the same at every square of a drag: remembered."""
    key = (n_a.tobytes(), n_cells.tobytes(), only_first.tobytes())
    found = _LAYOUTS.get(key)
    if found is None:
        a_start, cell_start = n_a.cumsum() - n_a, n_cells.cumsum() - n_cells
        per_k_all = np.where(only_first, 4, n_cells * 4)
        n_lines = np.where(only_first, 4, n_a * n_cells * 4)
        line_start = n_lines.cumsum() - n_lines
        owner = np.arange(len(n_a)).repeat(n_lines)
        within = np.arange(int(n_lines.sum())) - line_start[owner]
        per_k = per_k_all[owner]
        line_k = a_start[owner] + within // per_k
        line_cell = cell_start[owner] + (within % per_k) // 4
        t_corner = line_cell * 4 + within % 4
        found = (owner, line_k, line_cell, t_corner, n_lines, line_start)
        shared(*found)
        _LAYOUTS.keep(key, found)
    return found


def corner_lines(geo: MapGeometry, attackers: list[Token], targets: list[Token],
                 walls: tuple[np.ndarray, np.ndarray], walls_only: np.ndarray,
                 only_first: np.ndarray, hulls: Hulls | None = None,
                 rows: tuple[np.ndarray, np.ndarray] | None = None,
                 all_walled_only: bool = False) -> CornerLines:
    """Pair p is attackers[p] against targets[p]. `walls`: (pair, segment) candidates near
    the hull of the two spaces (`near_walls`); `walls_only[p]`: creatures give no cover
    against target p (3.5 adjacent melee); `only_first[p]`: the answer is known (total
    cover), build just the first option. `hulls`: the pairs' `hull_query_boxes`, if built;
    `rows`: the attackers' and the targets' rows in `geo.token_index()`, if known.
    `all_walled_only`: the caller needs only whether every line of a pair is walled (AD&D
    2bis levels): no creature test (`near` is still found), and `by_wall` may leave out
    hits of a pair that has a line surely clear (`walled_lines`)."""
    a_cells, a_first, a_n, exact_a, inset_a = _cells_of(attackers)
    exact_a, inset_a = exact_a.reshape(-1, 2), inset_a.reshape(-1, 2)
    a_start, n_a = a_first * 4, a_n * 4
    cells, cell_start, n_cells, exact_t, inset_t = _cells_of(targets)
    owner, line_k, line_cell, t_corner, n_lines, line_start = _layout(n_a, n_cells, only_first)
    if rows is None:
        rows = (geo.token_rows([a.id for a in attackers]), geo.token_rows([t.id for t in targets]))
    # `token_bounds` holds each token's `footprint_box`: whole-row takes, no Python loop.
    a_boxes = geo.token_bounds().take(rows[0], axis=0)
    t_boxes = geo.token_bounds().take(rows[1], axis=0)
    # .take of whole rows: several times cheaper than fancy indexing for (n, 2) arrays.
    wall_coords = np.concatenate([inset_a.take(line_k, axis=0),
                                  inset_t.reshape(-1, 2).take(t_corner, axis=0)], axis=1)
    if all_walled_only:  # one clear line per pair is enough: the nearest cells first
        wall_hits = walled_lines(geo.walls, wall_coords, owner, n_lines, line_cell, cells,
                                 cell_start, n_cells, a_boxes, walls)
    else:
        wall_hits = blocking_walls(geo.walls, wall_coords, n_lines, walls)
    skip = np.array(rows).T  # (P, 2): attacker row, target row
    creatures = near_creatures(geo, a_boxes, t_boxes, skip, hulls)
    wall_hits = _by_line(wall_hits)
    by_wall = np.zeros(len(owner), dtype=bool)
    by_wall[wall_hits[0]] = True
    if all_walled_only:
        empty = np.empty(0, dtype=np.intp)
        return CornerLines(a_boxes, t_boxes, exact_a, a_start, n_a, cells, cell_start, n_cells,
                           exact_t, line_start, n_lines, line_k, line_cell, wall_hits,
                           (empty, empty), creatures, by_wall, by_wall)
    exact_coords = np.concatenate([exact_a.take(line_k, axis=0),
                                   exact_t.reshape(-1, 2).take(t_corner, axis=0)], axis=1)
    if walls_only.any():  # only 3.5 melee: drop those pairs' lines, then map hits back
        creature_lines = np.where(walls_only, 0, n_lines)
        keep = ~walls_only[owner]
        creature_hits = blocking_creatures(geo, exact_coords[keep], creature_lines, creatures)
        creature_hits = (np.flatnonzero(keep)[creature_hits[0]], creature_hits[1])
    else:
        creature_hits = blocking_creatures(geo, exact_coords, n_lines, creatures)
    creature_hits = _by_line(creature_hits)
    by_any = by_wall.copy()
    by_any[creature_hits[0]] = True
    return CornerLines(a_boxes, t_boxes, exact_a, a_start, n_a, cells, cell_start, n_cells,
                       exact_t, line_start, n_lines, line_k, line_cell, wall_hits,
                       creature_hits, creatures, by_wall, by_any)


def _by_line(hits: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    if len(hits[0]) == 0:
        return hits
    order = hits[0].argsort(kind="stable")
    return hits[0][order], hits[1][order]


def line_blockers(geo: MapGeometry, lines: CornerLines, first: int) -> list[list[str]]:
    """Names of what blocks lines first..first+3: wall kinds (by segment order), then the
    creatures (by token order)."""
    return line_blockers_many(geo, lines, [first])[0]


def line_blockers_many(geo: MapGeometry, lines: CornerLines, firsts: list[int]) -> list[
    list[list[str]]
]:
    """`line_blockers` for several runs of four lines (one result per target of a batch):
    one search per kind of blocker for all of them."""
    out: list[list[list[str]]] = [[[], [], [], []] for _ in firsts]
    f = np.asarray(firsts, dtype=np.intp)
    for (li, what), names in ((lines.wall_hits, geo.walls.kinds),
                              (lines.creature_hits, geo.token_index()[0])):
        lo, hi = np.searchsorted(li, f), np.searchsorted(li, f + 4)
        for r in np.flatnonzero(hi > lo).tolist():
            block, a, b = out[r], int(lo[r]), int(hi[r])
            for i, t in sorted(zip((li[a:b] - f[r]).tolist(), what[a:b].tolist(),
                                   strict=True)):
                name = str(names[t])
                if name not in block[i]:
                    block[i].append(name)
    return out
