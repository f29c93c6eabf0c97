"""The cover kernel (DESIGN.md §4.4): many attacker–target pairs measured in one batch, with a
fixed number of array passes whatever their count (the cost of a drag step or of the party ×
foes table is the passes, not the pairs).

Order of work: total cover first, on merged wall runs (`cover._total_proof`: one straight run across
the gap, a test of a few array passes for the whole batch, then the wall-chain proof on the
runs near the other pairs; on a walled map most foes are behind some wall, and a proven pair
needs no corner line, or just the first option when it must be drawn); the wall segments near
the other pairs; their corner lines against walls and creatures; the exact search for a pair
whose every line is walled (an arrow slit, or a chain the runs missed); each pair's best
option. `cover.levels` turns it into levels and results."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from battlemap.geometry.cover._corner_lines import CornerLines, corner_lines
from battlemap.geometry.cover._total_proof import one_run_proof, run_chain_proof
from battlemap.geometry.lines.blockers import Hulls, hull_query_boxes, hulls_of, near_walls
from battlemap.geometry.lines.clear import any_clear_line, known_blocked, pair_keys
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.walls.segments import all_true, any_true, box_gaps

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
    rank: np.ndarray  # level rank per option (grid methods; empty for area_fraction levels)
    chosen: np.ndarray  # best option per measured pair (idem)


def assess(geo: MapGeometry, attacker_ids: list[str], target_ids: list[str],
           policy: GeometryPolicy, melee: bool, draw_total: bool) -> Assessment:
    """Pair p is attacker_ids[p] against target_ids[p]. `draw_total`: also build the first
    option of pairs in total cover (a full result draws it)."""
    boxes = geo.token_bounds()
    a_rows, t_rows = geo.token_rows(attacker_ids), geo.token_rows(target_ids)
    a_boxes = boxes.take(a_rows, axis=0)
    t_boxes = boxes.take(t_rows, axis=0)
    # 3.5: in melee against an adjacent foe only walls give cover (000 "Couverture").
    walls_only = np.zeros(len(target_ids), dtype=bool)
    if policy.cover_method == "any_blocked_line" and melee:  # else no need to measure the gaps
        walls_only = box_gaps(a_boxes, t_boxes) <= 1e-9
    keys = pair_keys(a_boxes, t_boxes, "effect")  # the cache keys, made once
    total = known_blocked(geo, a_boxes, t_boxes, keys=keys)
    # Merged wall runs first: on a walled map most pairs have one straight run between
    # them (a few array passes for the whole batch, no tree query); they need no segment
    # at all unless their lines are drawn.
    if not all_true(total):
        total |= one_run_proof(geo, a_boxes, t_boxes, ~total, keys)
    need = np.ones(len(target_ids), dtype=bool) if draw_total else ~total
    hulls = _hulls(a_boxes, t_boxes, need)  # for the walls now, the creatures later
    if draw_total and not all_true(total):
        # A full result draws only the first option of a pair in total cover: know first.
        total |= run_chain_proof(geo, a_boxes, t_boxes, hulls, ~total, keys)
    measured = need.nonzero()[0]
    m = measured.tolist()
    # AD&D 2bis levels are hidden shares: the lines count only through "every line of the
    # pair walled" (the total-cover search), so the creature tests and the choice of an
    # option are left out (`rank`, `chosen` come back empty, `by_any` is `by_wall`).
    shares_only = policy.cover_method == "hidden_fraction" and not draw_total
    sub_hulls = hulls_of(hulls, need)
    walls = near_walls(geo.walls, "effect", a_boxes.take(measured, axis=0),
                       t_boxes.take(measured, axis=0), sub_hulls)
    # Token objects only for the pairs measured (a drag's foes in total cover need none).
    lines = corner_lines(geo, [geo.token(attacker_ids[p]) for p in m],
                         [geo.token(target_ids[p]) for p in m], walls,
                         walls_only[measured], total[measured], sub_hulls,
                         (a_rows[measured], t_rows[measured]), all_walled_only=shares_only)
    empty = np.empty(0, dtype=np.intp)
    if shares_only and len(lines.wall_hits[0]) == 0:
        # No line walled (the usual drag: every measured foe seen): nothing left to prove.
        walled = np.zeros(len(lines.by_wall) // 4, dtype=np.intp)
        return Assessment(total, measured, walls, lines, walled, walled, empty, empty)
    walled = lines.by_wall.reshape(-1, 4).sum(axis=1)
    groups = walled if shares_only else lines.by_any.reshape(-1, 4).sum(axis=1)
    if not m:
        return Assessment(total, measured, walls, lines, groups, walled, empty, empty)
    g_start = lines.line_start // 4
    # Every corner line walled and not proven yet: a chain of runs (a room corner), and
    # where none is found the exact search (an arrow slit; it tries the segment chain
    # first). Only these pairs pay for the chain proof: a visible foe never does.
    all_walled = np.logical_and.reduceat(walled == 4, g_start) & ~total[measured]
    if any_true(all_walled) and not draw_total:
        pick = np.zeros(len(target_ids), dtype=bool)
        pick[measured[all_walled]] = True
        total |= run_chain_proof(geo, a_boxes, t_boxes, hulls, pick, keys)
        all_walled &= ~total[measured]
    for j in np.flatnonzero(all_walled).tolist():
        a_box = tuple(a_boxes[m[j]].tolist())
        t_box = tuple(t_boxes[m[j]].tolist())
        total[m[j]] = not any_clear_line(geo, a_box, t_box)  # type: ignore[arg-type]
    if shares_only:
        return Assessment(total, measured, walls, lines, groups, walled, empty, empty)
    rank = GRID_RANK[groups] if policy.cover_method == "blocked_line_count" else (groups > 0) * 1
    if policy.creature_cover_max == "half" and policy.cover_method == "blocked_line_count":
        rank = np.where((rank == 2) & (walled == 0), 1, rank)  # 003 "L'abri": creatures ≤ half
    # Best option per pair: lowest rank, then fewest blocked, fewest walled, first drawn.
    size = int(lines.n_lines.max()) // 4 + 1
    local = np.arange(len(groups)) - g_start.repeat(lines.n_lines // 4)
    key = ((rank * 5 + groups) * 5 + walled) * size + local
    chosen = g_start + np.minimum.reduceat(key, g_start) % size
    return Assessment(total, measured, walls, lines, groups, walled, rank, chosen)


def _hulls(a_boxes: np.ndarray, t_boxes: np.ndarray, which: np.ndarray) -> Hulls:
    """`hull_query_boxes` of the pairs selected by `which`, owners numbered as the batch."""
    idx = which.nonzero()[0]
    owner, geoms = hull_query_boxes(a_boxes.take(idx, axis=0), t_boxes.take(idx, axis=0))
    return idx.take(owner), geoms
