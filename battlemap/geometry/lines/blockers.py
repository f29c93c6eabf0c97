"""What stops many sight lines at once, grouped by attacker–target pair (docs/architecture.md#sight-lines).

Each group's lines lie inside one convex region (the hull of the two spaces), so one STRtree
query per group finds every wall or creature that can matter; the lines × candidates tests are
then plain numpy (see `walls.segments`), with GEOS only for the rare degenerate cases."""

from __future__ import annotations

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.walls.index import Blocks, WallIndex
from battlemap.geometry.walls.segments import (
    box_gaps,
    box_spans_both,
    boxes_meet,
    crossings,
    pair_grid,
)
from battlemap.geometry.walls.separation import bridges

SPAN_EPS = 1e-9  # a line must run this far (in its own length) inside a creature's space
Hulls = tuple[np.ndarray, np.ndarray]  # (owner pair, shapely box) of `hull_boxes`


def hull_query_boxes(a_boxes: np.ndarray, t_boxes: np.ndarray) -> Hulls:
    """The STRtree query boxes of `hull_boxes`, built once for the walls and the creatures
    of one batch (each build is some twenty numpy calls and a shapely one)."""
    owner, boxes = hull_boxes(a_boxes, t_boxes)
    return owner, shapely.box(*boxes.T)


def hulls_of(hulls: Hulls, which: np.ndarray) -> Hulls:
    """The query boxes of the pairs selected by the bool mask `which`, pairs renumbered."""
    owner, geoms = hulls
    sel = which[owner]
    return (which.cumsum() - 1)[owner[sel]], geoms[sel]


def near_walls(walls: WallIndex, blocks: Blocks, a_boxes: np.ndarray, t_boxes: np.ndarray,
               hulls: Hulls | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(pair index, segment index) of the segments with that property near the hull of boxes
    a_boxes[p] and t_boxes[p] ((P, 4) each): a superset of those meeting it (see
    `hull_boxes`). Extra far segments cost a few array elements, never a different answer:
    every test behind them is exact. `hulls`: `hull_query_boxes(a_boxes, t_boxes)` if built."""
    tree, ids = walls.tree(blocks)
    if len(ids) == 0 or len(t_boxes) == 0:
        empty = np.empty(0, dtype=np.intp)
        return empty, empty
    gi, ti = query_hulls(tree, a_boxes, t_boxes, hulls)
    seg = ids.take(ti)
    if len(gi) > FILTER_FROM:
        # Many candidates (far-apart pairs): drop those wholly outside a bridge of the hull;
        # a few array passes here save many in the total-cover proof.
        keep = _not_outside_bridges(walls.coords[seg], a_boxes, t_boxes, gi)
        gi, seg = gi[keep], seg[keep]
    return gi, seg


FILTER_FROM = 2000  # candidates above which the bridge filter pays for itself


def _not_outside_bridges(c: np.ndarray, a: np.ndarray, b: np.ndarray, gi: np.ndarray
                         ) -> np.ndarray:
    """Per candidate segment c[i] of pair gi[i]: not wholly beyond one of the two bridges
    (the hull's edges joining box a to box b). Overlapping boxes keep everything."""
    left, right, ok = bridges(a, b)
    outside = np.zeros(len(c), dtype=bool)
    # Every corner of both boxes lies left of the left bridge and right of the right one.
    for bridge, sign in ((left, 1.0), (right, -1.0)):
        s, e = bridge[gi, 0], bridge[gi, 1]
        d = e - s
        tol = 1e-9 * (1.0 + np.abs(d).sum(axis=1))
        side_p = sign * (d[:, 0] * (c[:, 1] - s[:, 1]) - d[:, 1] * (c[:, 0] - s[:, 0]))
        side_q = sign * (d[:, 0] * (c[:, 3] - s[:, 1]) - d[:, 1] * (c[:, 2] - s[:, 0]))
        outside |= (side_p < -tol) & (side_q < -tol)
    return ~outside | ~ok[gi]


def near_creatures(geo: MapGeometry, a_boxes: np.ndarray, t_boxes: np.ndarray,
                   skip_rows: np.ndarray, hulls: Hulls | None = None) -> tuple[np.ndarray,
                                                                              np.ndarray]:
    """(pair index, token row) of the creatures near the hull of each pair, minus the two
    rows of `skip_rows[p]` (the attacker and the target themselves) and the creatures
    sharing either one's space. `hulls` as in `near_walls`."""
    ids, _, tree = geo.token_index()
    if not ids or len(t_boxes) == 0:
        empty = np.empty(0, dtype=np.intp)
        return empty, empty
    gi, ti = query_hulls(tree, a_boxes, t_boxes, hulls)
    keep = (ti != skip_rows[gi, 0]) & (ti != skip_rows[gi, 1])
    # A creature standing in the attacker's or the target's own space (001 "Positionnement
    # en combat" lets two share a square; 3.5 Tiny ones too) is beside it, not between them:
    # it gives no cover (the square's penalty is the rules' business).
    boxes = geo.token_bounds().take(ti, axis=0)
    keep &= box_gaps(boxes, a_boxes.take(gi, axis=0)) >= -SHARE_EPS
    keep &= box_gaps(boxes, t_boxes.take(gi, axis=0)) >= -SHARE_EPS
    return gi[keep], ti[keep]


SHARE_EPS = 1e-9  # grid units two spaces must overlap by, both ways, to share ground


def query_hulls(tree: shapely.STRtree, a: np.ndarray, b: np.ndarray, hulls: Hulls | None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Bounding-box query of `hull_boxes`; each (pair, item) once, sorted by pair."""
    owner, geoms = hulls if hulls is not None else hull_query_boxes(a, b)
    qi, ti = tree.query(geoms)
    gi = owner.take(qi)
    if len(owner) > len(a) and len(ti):  # several strips of one pair may meet one item
        key = gi * len(tree.geometries) + ti
        key.sort()
        key = key[np.concatenate([[True], key[1:] != key[:-1]])]
        gi, ti = np.divmod(key, len(tree.geometries))
    return gi, ti


LONG = 12.0  # grid units between centres beyond which a pair's hull is covered in strips
STRIP = 6.0  # grid units of the centre line per strip


def hull_boxes(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Boxes covering the hull of a[p] and b[p], as (owner pair, (x0, y0, x1, y1)): the two
    boxes' common bounds, or for a long pair strips along it. Each point of the hull is a mix
    λ·(point of a) + (1-λ)·(point of b), so it lies within the larger half-size h of the two
    boxes around the same mix of their centres: the centre segment cut in pieces of STRIP,
    each piece's bounds grown by h. A far-apart diagonal pair gets thin boxes instead of one
    huge square full of unrelated walls; a GEOS hull predicate per candidate (exact) would
    cost more than the extra candidates."""
    ca, cb = (a[:, :2] + a[:, 2:]) / 2, (b[:, :2] + b[:, 2:]) / 2
    along = cb - ca
    span = np.maximum.reduce(np.abs(along), axis=1)  # `.max` adds a Python wrapper
    long = span > LONG
    bounds = np.concatenate([np.minimum(a[:, :2], b[:, :2]), np.maximum(a[:, 2:], b[:, 2:])], 1)
    if len(long) == 0 or not long[long.argmax()]:  # no long pair (argmax: no reduction)
        return np.arange(len(a)), bounds
    n = np.where(long, np.ceil(span / STRIP), 1).astype(np.intp)
    owner = np.arange(len(a)).repeat(n)
    i = np.arange(len(owner)) - (n.cumsum() - n).repeat(n)
    n_own, start = n.take(owner), ca.take(owner, axis=0)
    t0, t1 = (i / n_own)[:, None], ((i + 1) / n_own)[:, None]
    d = along.take(owner, axis=0)
    p, q = start + t0 * d, start + t1 * d
    g = np.maximum(a[:, 2:] - a[:, :2], b[:, 2:] - b[:, :2]).take(owner, axis=0) / 2
    strips = np.concatenate([np.minimum(p, q) - g, np.maximum(p, q) + g], axis=1)
    return owner, np.where((n_own == 1)[:, None], bounds.take(owner, axis=0), strips)


def blocking_walls(walls: WallIndex, coords: np.ndarray, per_group: np.ndarray,
                   candidates: tuple[np.ndarray, np.ndarray], all_or_none: bool = False
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(line, segment) pairs where a segment stops the line: they touch or cross, except a
    collinear overlap. `coords` (N, 4) holds the lines group after group, `per_group[g]`
    lines each; `candidates` (group, segment) lists every segment that may meet group g.
    `all_or_none`: the caller asks only whether every line of a group is stopped, so a
    group with a line surely clear skips the GEOS test of its unsure pairs (left out)."""
    empty = np.empty(0, dtype=np.intp)
    gi, cand = candidates
    li, row = pair_grid(per_group, gi)
    if len(li) == 0:
        return empty, empty
    seg = cand.take(row)
    # Bounding boxes first: most (line, segment) pairs of a group are far apart. Gathers are
    # .take of whole rows: fancy indexing of an (n, 4) array copies row by row, far slower.
    keep = boxes_meet(coords, li, walls.bounds, seg)
    li, seg = li.take(keep), seg.take(keep)
    rows = np.empty((8, len(li)))  # C order: each coordinate one contiguous row
    rows[:4] = coords.take(li, axis=0).T
    rows[4:] = walls.coords.take(seg, axis=0).T
    yes, no, along = crossings(rows)
    unsure = ~yes & ~no & ~along
    hit = yes & ~along
    if all_or_none and unsure.any():
        unsure &= ~_has_clear_line(len(coords), per_group, li, hit, unsure)
    if unsure.any():
        lines = shapely.linestrings(coords[li[unsure]].reshape(-1, 2, 2))
        hit[unsure] = shapely.intersects(lines, walls.geoms[seg[unsure]])
    return li[hit], seg[hit]


def _has_clear_line(n: int, per_group: np.ndarray, li: np.ndarray, hit: np.ndarray,
                    unsure: np.ndarray) -> np.ndarray:
    """Per (line, segment) pair: its group has a line with no sure hit and no unsure pair
    (a line visible whatever GEOS says of the unsure ones)."""
    touched = np.zeros(n, dtype=bool)
    touched[li[hit | unsure]] = True
    starts = per_group.cumsum() - per_group
    has_lines = per_group > 0
    clear = np.zeros(len(per_group), dtype=bool)
    # reduceat over the groups with lines (an empty group would repeat its neighbour's value)
    clear[has_lines] = ~np.logical_and.reduceat(touched, starts[has_lines])
    return clear.repeat(per_group).take(li)


def blocking_creatures(geo: MapGeometry, coords: np.ndarray, per_group: np.ndarray,
                       candidates: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """(line, token index) pairs: the line passes through the interior of the merged spaces
    of the creatures, and that token's space touches it (all such tokens are named, as the
    single-line test does). `candidates` (group, token row) lists the creatures that may
    meet group g's lines (`near_creatures`)."""
    empty = np.empty(0, dtype=np.intp)
    gi, ti = candidates
    if len(coords) == 0:
        return empty, empty
    li, row = pair_grid(per_group, gi)
    if len(li) == 0:
        return empty, empty
    tok = ti.take(row)
    bounds = geo.token_bounds().take(tok, axis=0)
    # Whole-row takes, then one contiguous row per coordinate (see `blocking_walls`).
    px, py, qx, qy = coords.take(li, axis=0).T.copy()
    s0, s1, c0, c1 = box_spans_both(px, py, qx, qy, *bounds.T.copy())
    touching = c1 - c0 >= -1e-12
    through = np.zeros(len(coords), dtype=bool)
    through[li[s1 - s0 > SPAN_EPS]] = True
    # A line along a grid line may run on the seam between two spaces (§4.3: merged spaces).
    flat = (px == qx) | (py == qy)
    seam = touching & flat & ~through[li]  # flat and through depend on the line only, so
    if seam.any():  # these are all the touching spaces of each such line: group them once
        at = seam.nonzero()[0]
        lines, on = _on_seams(coords, li.take(at), bounds.take(at, axis=0))
        through[lines] = on
    hit = touching & through[li]
    return li[hit], tok[hit]


def _on_seams(coords: np.ndarray, li: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray,
                                                                             np.ndarray]:
    """`_on_a_seam` for many axis-parallel lines at once: (line, on a seam) for each line of
    `li`, whose touching spaces are the `boxes` of its pairs. Every two spaces of one line
    are paired in arrays (a few per line), not in Python loops: a large token's drag asks
    hundreds of such lines per square. Same comparisons, so the same answers."""
    order = li.argsort(kind="stable")
    li, boxes = li.take(order), boxes.take(order, axis=0)
    lines, first, counts = np.unique(li, return_index=True, return_counts=True)
    x0, y0, x1, y1 = coords.take(li, axis=0).T
    flat_y = y0 == y1  # the line runs along x at the level y0, else along y at x0
    level = np.where(flat_y, y0, x0)
    lo = np.where(flat_y, np.minimum(x0, x1), np.minimum(y0, y1))
    hi = np.where(flat_y, np.maximum(x0, x1), np.maximum(y0, y1))
    bx0, by0, bx1, by1 = boxes.T
    across_lo, across_hi = np.where(flat_y, by0, bx0), np.where(flat_y, by1, bx1)
    along_lo, along_hi = np.where(flat_y, bx0, by0), np.where(flat_y, bx1, by1)
    before = (across_lo < level) & (level <= across_hi)
    after = (across_lo <= level) & (level < across_hi)
    # Every (i, j) of one line's pairs: i repeated its line's count, j running over them.
    group = np.arange(len(lines)).repeat(counts)
    reps = counts.take(group)
    i = np.arange(len(li)).repeat(reps)
    ends = reps.cumsum()
    j = (first.take(group) - (ends - reps)).repeat(reps) + np.arange(int(ends[-1]))
    start = np.maximum(np.maximum(along_lo.take(i), along_lo.take(j)), lo.take(i))
    end = np.minimum(np.minimum(along_hi.take(i), along_hi.take(j)), hi.take(i))
    ok = before.take(i) & after.take(j) & (end - start > SPAN_EPS)
    return lines, np.logical_or.reduceat(ok, (counts * counts).cumsum() - counts * counts)


def _on_a_seam(line: np.ndarray, boxes: list[list[float]]) -> bool:
    """An axis-parallel line is inside the union of boxes along some stretch when spaces on
    both of its sides cover that stretch together."""
    x0, y0, x1, y1 = (float(v) for v in line)
    axis = 1 if y0 == y1 else 0  # the coordinate that stays fixed
    level = y0 if axis == 1 else x0
    lo, hi = (min(x0, x1), max(x0, x1)) if axis == 1 else (min(y0, y1), max(y0, y1))
    along = 0 if axis == 1 else 1
    before = [b for b in boxes if b[axis] < level <= b[axis + 2]]
    after = [b for b in boxes if b[axis] <= level < b[axis + 2]]
    for b1 in before:
        for b2 in after:
            start = max(b1[along], b2[along], lo)
            end = min(b1[along + 2], b2[along + 2], hi)
            if end - start > SPAN_EPS:
                return True
    return False
