"""The cover kernel (DESIGN.md §4.4): many attacker–target pairs measured in one batch, with a
fixed number of array passes whatever their count (the cost of a drag step or of the party ×
foes table is the passes, not the pairs).

Order of work: the walls near each pair; total cover first, by the batched wall-chain proof (on
a walled map most foes are behind some wall, and a proven pair needs no corner line, or just the
first option when it must be drawn); the corner lines of the other pairs against walls and
creatures; the exact search for a pair whose every line is walled but no chain was found (an
arrow slit); each pair's best option. `cover_measure` turns it into levels and results."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from battlemap.geometry.cover_lines import CornerLines, corner_lines
from battlemap.geometry.lines import any_clear_line, known_blocked, pair_keys, proven_blocked
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.segments import box_gaps
from battlemap.geometry.sightlines import hull_query_boxes, hulls_of, near_walls

# Grid method: blocked lines (0..4) → rank, from best for the attacker (none, half, ¾).
GRID_RANK = np.array([0, 1, 1, 2, 2])


@dataclass
class Assessment:
    """One batch measured: which pairs are in total cover and, for the pairs whose corner
    lines were drawn (`measured`, in batch order), the lines and each one's best option."""

    total: np.ndarray  # (P,) bool
    measured: np.ndarray  # pair rows with lines, in the order of `lines`
    walls: tuple[np.ndarray, np.ndarray]  # (measured pair, segment) near each hull
    lines: CornerLines
    groups: np.ndarray  # blocked lines per option (run of four lines)
    walled: np.ndarray  # lines blocked by walls per option
    rank: np.ndarray  # level rank per option (grid methods)
    chosen: np.ndarray  # best option per measured pair


def assess(geo: MapGeometry, attacker_ids: list[str], target_ids: list[str],
           policy: GeometryPolicy, melee: bool, draw_total: bool) -> Assessment:
    """Pair p is attacker_ids[p] against target_ids[p]. `draw_total`: also build the first
    option of pairs in total cover (a full result draws it)."""
    attackers = [geo.token(a) for a in attacker_ids]
    targets = [geo.token(t) for t in target_ids]
    boxes = geo.token_bounds()
    a_rows, t_rows = geo.token_rows(attacker_ids), geo.token_rows(target_ids)
    a_boxes = boxes.take(a_rows, axis=0)
    t_boxes = boxes.take(t_rows, axis=0)
    # 3.5: in melee against an adjacent foe only walls give cover (000 "Couverture").
    walls_only = np.zeros(len(targets), dtype=bool)
    if policy.cover_method == "breche35" and melee:  # else no need to measure the gaps
        walls_only = box_gaps(a_boxes, t_boxes) <= 1e-9
    hulls = hull_query_boxes(a_boxes, t_boxes)  # for the walls now, the creatures later
    walls = near_walls(geo.walls, "effect", a_boxes, t_boxes, hulls)
    keys = pair_keys(a_boxes, t_boxes, "effect")  # the cache keys, made once
    total = known_blocked(geo, a_boxes, t_boxes, keys=keys)
    todo = (np.bincount(walls[0], minlength=len(targets)) > 0) & ~total
    if todo.any():
        total |= _prove(geo, a_boxes, t_boxes, walls, todo, keys)
    measured = np.arange(len(targets)) if draw_total else (~total).nonzero()[0]
    pick = np.zeros(len(targets), dtype=bool)
    pick[measured] = True
    sel = pick[walls[0]]
    sub_walls = ((pick.cumsum() - 1)[walls[0][sel]], walls[1][sel])
    m = measured.tolist()
    lines = corner_lines(geo, [attackers[p] for p in m], [targets[p] for p in m], sub_walls,
                         walls_only[measured], total[measured], hulls_of(hulls, pick),
                         (a_rows[measured], t_rows[measured]))
    groups = lines.by_any.reshape(-1, 4).sum(axis=1)
    walled = lines.by_wall.reshape(-1, 4).sum(axis=1)
    if not m:
        empty = np.empty(0, dtype=np.intp)
        return Assessment(total, measured, sub_walls, lines, groups, walled, empty, empty)
    g_start = lines.line_start // 4
    # Every corner line walled and no chain found: the exact search decides (an arrow slit).
    all_walled = np.logical_and.reduceat(walled == 4, g_start) & ~total[measured]
    for j in np.flatnonzero(all_walled).tolist():
        a_box = tuple(a_boxes[m[j]].tolist())
        t_box = tuple(t_boxes[m[j]].tolist())
        total[m[j]] = not any_clear_line(geo, a_box, t_box)  # type: ignore[arg-type]
    rank = GRID_RANK[groups] if policy.cover_method == "grid_lines" else (groups > 0) * 1
    if policy.creature_cover_max == "half" and policy.cover_method == "grid_lines":
        rank = np.where((rank == 2) & (walled == 0), 1, rank)  # 003 "L'abri": creatures ≤ half
    # Best option per pair: lowest rank, then fewest blocked, fewest walled, first drawn.
    size = int(lines.n_lines.max()) // 4 + 1
    local = np.arange(len(groups)) - g_start.repeat(lines.n_lines // 4)
    key = ((rank * 5 + groups) * 5 + walled) * size + local
    chosen = g_start + np.minimum.reduceat(key, g_start) % size
    return Assessment(total, measured, sub_walls, lines, groups, walled, rank, chosen)


def _prove(geo: MapGeometry, a_boxes: np.ndarray, t_boxes: np.ndarray,
           walls: tuple[np.ndarray, np.ndarray], which: np.ndarray,
           keys: list[tuple[object, ...]]) -> np.ndarray:
    """The wall-chain proof of "no line at all" for the pairs selected by `which`."""
    out = np.zeros(len(t_boxes), dtype=bool)
    sel = which.nonzero()[0]
    rows = which[walls[0]]
    remap = which.cumsum() - 1
    out[sel] = proven_blocked(geo, a_boxes[sel], t_boxes[sel], remap[walls[0][rows]],
                              walls[1][rows], keys=[keys[i] for i in sel.tolist()])
    return out
