"""What stops many sight lines at once, grouped by attacker–target pair (DESIGN.md §4.3).

Each group's lines lie inside one convex region (the hull of the two spaces), so one STRtree
query per group finds every wall or creature that can matter; the lines × candidates tests are
then plain numpy (see `segments`), with GEOS only for the rare degenerate cases."""

from __future__ import annotations

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.segments import box_span, collinear_with, pair_grid, touch_sure
from battlemap.geometry.walls import Blocks, WallIndex

SPAN_EPS = 1e-9  # a line must run this far (in its own length) inside a creature's space


def candidate_walls(walls: WallIndex, blocks: Blocks, regions: np.ndarray) -> tuple[
    np.ndarray, np.ndarray
]:
    """(region index, segment index) of every segment with that property meeting a region."""
    tree, ids = walls.tree(blocks)
    if len(ids) == 0:
        empty = np.empty(0, dtype=np.intp)
        return empty, empty
    gi, ti = tree.query(regions, predicate="intersects")
    return gi, ids[ti]


def blocking_walls(walls: WallIndex, coords: np.ndarray, per_group: np.ndarray,
                   candidates: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(line, segment) pairs where a segment stops the line: they touch or cross, except a
    collinear overlap. `coords` (N, 4) holds the lines group after group, `per_group[g]`
    lines each; `candidates` (group, segment) lists every segment that may meet group g."""
    empty = np.empty(0, dtype=np.intp)
    gi, cand = candidates
    li, row = pair_grid(per_group, gi)
    if len(li) == 0:
        return empty, empty
    seg = cand[row]
    # Bounding boxes first: most (line, segment) pairs of a group are far apart.
    lo = np.minimum(coords[:, :2], coords[:, 2:])
    hi = np.maximum(coords[:, :2], coords[:, 2:])
    wb = walls.bounds[seg]
    near = ((lo[li, 0] <= wb[:, 2]) & (wb[:, 0] <= hi[li, 0])
            & (lo[li, 1] <= wb[:, 3]) & (wb[:, 1] <= hi[li, 1]))
    li, seg = li[near], seg[near]
    p, q = coords[li, :2], coords[li, 2:]
    a, b = walls.coords[seg, :2], walls.coords[seg, 2:]
    yes, no = touch_sure(p, q, a, b)
    along = collinear_with(p, q, a, b)
    unsure = ~yes & ~no & ~along
    hit = yes & ~along
    if unsure.any():
        lines = shapely.linestrings(coords[li[unsure]].reshape(-1, 2, 2))
        hit[unsure] = shapely.intersects(lines, walls.geoms[seg[unsure]])
    return li[hit], seg[hit]


def blocking_creatures(geo: MapGeometry, coords: np.ndarray, per_group: np.ndarray,
                       regions: np.ndarray, exclude: list[set[str]]) -> tuple[np.ndarray,
                                                                              np.ndarray]:
    """(line, token index) pairs: the line passes through the interior of the merged spaces
    of the creatures, and that token's space touches it (all such tokens are named, as the
    single-line test does). Tokens in `exclude[g]` are ignored for group g."""
    ids, boxes, tree = geo.token_index()
    empty = np.empty(0, dtype=np.intp)
    if not ids or len(coords) == 0:
        return empty, empty
    gi, ti = tree.query(regions, predicate="intersects")
    if any(exclude):
        keep = np.array([ids[t] not in exclude[g] for g, t in zip(gi.tolist(), ti.tolist(),
                                                                    strict=True)], dtype=bool)
        gi, ti = gi[keep], ti[keep]
    li, row = pair_grid(per_group, gi)
    if len(li) == 0:
        return empty, empty
    tok = ti[row]
    bounds = geo.token_bounds()[tok]
    p, q = coords[li, :2], coords[li, 2:]
    s0, s1 = box_span(p, q, bounds, strict=True)
    c0, c1 = box_span(p, q, bounds, strict=False)
    touching = c1 - c0 >= -1e-12
    through = np.zeros(len(coords), dtype=bool)
    through[li[s1 - s0 > SPAN_EPS]] = True
    # A line along a grid line may run on the seam between two spaces (§4.3: merged spaces).
    flat = (p[:, 0] == q[:, 0]) | (p[:, 1] == q[:, 1])
    seam = sorted(set(li[touching & flat & ~through[li]].tolist()))
    for line in seam:
        sel = (li == line) & touching
        through[line] = _on_a_seam(coords[line], bounds[sel])
    hit = touching & through[li]
    return li[hit], tok[hit]


def _on_a_seam(line: np.ndarray, boxes: np.ndarray) -> bool:
    """An axis-parallel line is inside the union of boxes along some stretch when spaces on
    both of its sides cover that stretch together."""
    x0, y0, x1, y1 = (float(v) for v in line)
    axis = 1 if y0 == y1 else 0  # the coordinate that stays fixed
    level = y0 if axis == 1 else x0
    lo, hi = (min(x0, x1), max(x0, x1)) if axis == 1 else (min(y0, y1), max(y0, y1))
    along = 0 if axis == 1 else 1
    before = [b for b in boxes.tolist() if b[axis] < level <= b[axis + 2]]
    after = [b for b in boxes.tolist() if b[axis] <= level < b[axis + 2]]
    for b1 in before:
        for b2 in after:
            start = max(b1[along], b2[along], lo)
            end = min(b1[along + 2], b2[along + 2], hi)
            if end - start > SPAN_EPS:
                return True
    return False


def pair_regions(a_box: tuple[float, float, float, float], boxes: np.ndarray) -> np.ndarray:
    """Convex hull of one box with each of several boxes (every line between them is in it)."""
    ax0, ay0, ax1, ay1 = a_box
    a = np.array([(ax0, ay0), (ax1, ay0), (ax1, ay1), (ax0, ay1)], dtype=float)
    b = np.stack([boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], 1)
    pts = np.concatenate([np.broadcast_to(a, (len(boxes), 4, 2)), b], axis=1)
    return shapely.convex_hull(shapely.multipoints(pts))
