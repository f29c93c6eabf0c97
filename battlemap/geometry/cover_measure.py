"""Cover, the four per-system measures of DESIGN.md §4.4 (RULES.md §2 "how cover is
measured"). Geometry names the level and why; the rules turn it into AC or attack numbers.

`cover_many` measures one attacker against many targets in one batch (a drag preview, the
party against the foes); `cover` is the one-target case."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.cover_lines import (
    CornerLines,
    corner_lines,
    line_blockers,
    line_blockers_many,
)
from battlemap.geometry.grid import INSET
from battlemap.geometry.lines import any_clear_line, known_blocked, proven_blocked
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import CoverLevel, CoverResult, SightLine
from battlemap.geometry.shadows import hidden_fractions
from battlemap.geometry.sightlines import candidate_walls, pair_regions
from battlemap.geometry.words import cover_text
from battlemap.model import Size, Token

# Grid method: blocked lines (0..4) → level; rank orders levels from best for the attacker.
_GRID_LEVELS: list[CoverLevel] = ["none", "half", "half", "three_quarters", "three_quarters"]
_GRID_RANK = np.array([0, 1, 1, 2, 2])
_RANK_NAME: list[CoverLevel] = ["none", "half", "three_quarters"]


def _bucket(hidden: float) -> CoverLevel:
    """001 "Modificateurs de Couverture": 25 / 50 / 75 / 90 %."""
    for edge, level in ((0.9, "90"), (0.75, "75"), (0.5, "50"), (0.25, "25")):
        if hidden >= edge - 1e-9:
            return level  # type: ignore[return-value]
    return "none"


def cover(
    geo: MapGeometry,
    attacker_id: str,
    target_id: str,
    policy: GeometryPolicy,
    melee: bool = False,
) -> CoverResult:
    return cover_many(geo, attacker_id, [target_id], policy, melee)[0]


def cover_many(
    geo: MapGeometry,
    attacker_id: str,
    target_ids: list[str],
    policy: GeometryPolicy,
    melee: bool = False,
) -> list[CoverResult]:
    """Cover of each target against the attacker, equal to `cover` pair by pair, measured in
    one batch. Answers are remembered until a token moves (`MapGeometry.token_cache`); the
    results handed out are copies."""
    if not target_ids:
        return []
    # Same map, same question (a repaint, a hover cycling targets): the remembered answer.
    keys = [("cover", attacker_id, t, policy, melee) for t in target_ids]
    cache = geo.token_cache
    if all(k in cache for k in keys):
        return [cache[k].model_copy() for k in keys]
    out = _measure(geo, attacker_id, target_ids, policy, melee)
    cache.update(zip(keys, out, strict=True))
    return [r.model_copy() for r in out]


def _measure(geo: MapGeometry, attacker_id: str, target_ids: list[str],
             policy: GeometryPolicy, melee: bool) -> list[CoverResult]:
    att = geo.token(attacker_id)
    targets = [geo.token(t) for t in target_ids]
    boxes = geo.token_bounds()
    rows = geo.token_rows([attacker_id, *target_ids])
    x0, y0, x1, y1 = (float(v) for v in boxes[rows[0]])
    a_box = (x0, y0, x1, y1)
    t_boxes = boxes[rows[1:]]
    # 3.5: in melee against an adjacent foe only walls give cover (000 "Couverture").
    gap = np.maximum(np.maximum(t_boxes[:, 0] - a_box[2], a_box[0] - t_boxes[:, 2]),
                     np.maximum(t_boxes[:, 1] - a_box[3], a_box[1] - t_boxes[:, 3]))
    walls_only = np.full(len(targets), policy.cover_method == "breche35" and melee) & (
        gap <= 1e-9)
    regions = pair_regions(a_box, t_boxes)
    walls = candidate_walls(geo.walls, "effect", regions)
    # Known total cover (a wall chain cuts every line): only one option needs drawing. For
    # big spaces or long distances (many lines × walls) the chain proof is tried first.
    total = known_blocked(geo, a_box, t_boxes)
    cells = np.array([_cells(t) for t in targets])
    combos = 16 * _cells(att) * cells * np.bincount(walls[0], minlength=len(targets))
    big = (combos > BIG_COMBOS) & ~total
    if big.any():
        total |= _prove(geo, a_box, t_boxes, walls, big)
    lines = corner_lines(geo, att, targets, regions, walls, walls_only, total)
    groups = lines.by_any.reshape(-1, 4).sum(axis=1)
    walled = lines.by_wall.reshape(-1, 4).sum(axis=1)
    g_start = lines.line_start // 4
    all_walled = np.logical_and.reduceat(walled == 4, g_start) & ~total
    if all_walled.any():
        # Every corner line is walled: total cover if no other straight line gets through,
        # first by the quick wall-chain proof for all of them, then by the exact search.
        proved = _prove(geo, a_box, t_boxes, walls, all_walled)
        total |= proved
        all_walled &= ~proved
    for p in np.flatnonzero(all_walled).tolist():
        bx0, by0, bx1, by1 = t_boxes[p].tolist()
        total[p] = not any_clear_line(geo, a_box, (bx0, by0, bx1, by1))
    if policy.cover_method == "area_fraction":
        return [_area_result(geo, policy, lines, p, bool(total[p]), groups, walled, attacker_id,
                             target_ids[p]) for p in range(len(targets))]
    rank = _GRID_RANK[groups] if policy.cover_method == "grid_lines" else (groups > 0) * 1
    if policy.creature_cover_max == "half" and policy.cover_method == "grid_lines":
        rank = np.where((rank == 2) & (walled == 0), 1, rank)  # 003 "L'abri": creatures ≤ half
    size = int(lines.n_lines.max()) // 4 + 1
    local = np.arange(len(groups)) - np.repeat(g_start, lines.n_lines // 4)
    key = ((rank * 5 + groups) * 5 + walled) * size + local
    best = np.minimum.reduceat(key, g_start) % size
    out = []
    chosen = (g_start + best).tolist()
    whys = line_blockers_many(geo, lines, [g * 4 for g in chosen])
    for p, g in enumerate(chosen):
        level = "total" if total[p] else _level(policy, int(rank[g]))
        out.append(_result(geo, lines, p, g, level, int(groups[g]), int(walled[g]), None,
                           policy.system, why=whys[p]))
    return out


# Corner lines × nearby walls of a pair above which the chain proof runs first: it costs
# about as much as testing one line against those walls.
BIG_COMBOS = 1000


def _cells(token: Token) -> int:
    return 1 if token.size is Size.TINY else int(token.size.squares) ** 2


def _prove(geo: MapGeometry, a_box: tuple[float, float, float, float], t_boxes: np.ndarray,
           walls: tuple[np.ndarray, np.ndarray], which: np.ndarray) -> np.ndarray:
    """The wall-chain proof of "no line at all" for the targets selected by `which`."""
    out = np.zeros(len(t_boxes), dtype=bool)
    sel = np.flatnonzero(which)
    rows = which[walls[0]]
    remap = np.cumsum(which) - 1
    out[sel] = proven_blocked(geo, a_box, t_boxes[sel], remap[walls[0][rows]], walls[1][rows])
    return out


def _level(policy: GeometryPolicy, rank: int) -> CoverLevel:
    if policy.cover_method == "breche35":
        return "partial" if rank else "none"
    return _RANK_NAME[rank]


def _area_result(geo: MapGeometry, policy: GeometryPolicy, lines: CornerLines, p: int,
                 total: bool, groups: np.ndarray, walled: np.ndarray, attacker_id: str,
                 target_id: str) -> CoverResult:
    """adnd2bis: the share of the target hidden from the attacker's best corner."""
    g0 = int(lines.line_start[p] // 4)
    s = 1 if total else int(lines.n_cells[p])  # a proven total built one option only
    counts = groups[g0:g0 + int(lines.n_lines[p]) // 4].reshape(-1, s)
    if total:
        ki, hidden = 0, 1.0
    else:
        inset = lines.exact_a + _toward_cell_centre(lines.n_corners)
        t_box = tuple(float(v) for v in lines.t_boxes[p])
        fractions = hidden_fractions(geo, inset, t_box, (attacker_id, target_id))  # type: ignore[arg-type]
        # Equal shares within float noise: the first corner, whatever the last digits say.
        ki = int(np.argmin(np.round(fractions, 9)))
        hidden = float(fractions[ki])
    si = int(np.argmin(counts[ki]))
    level: CoverLevel = "total" if total else _bucket(hidden)
    g = g0 + ki * s + si
    return _result(geo, lines, p, g, level, int(groups[g]), int(walled[g]), hidden,
                   policy.system)


def _toward_cell_centre(n: int) -> np.ndarray:
    """Offsets that move each cell corner (clockwise from top-left) INSET toward its cell."""
    one = np.array([(INSET, INSET), (-INSET, INSET), (-INSET, -INSET), (INSET, -INSET)])
    return np.tile(one, (n // 4, 1))


def _result(geo: MapGeometry, lines: CornerLines, p: int, g: int, level: CoverLevel,
            n_blocked: int, n_walls: int, hidden: float | None,
            system: str = "", why: list[list[str]] | None = None) -> CoverResult:
    first = g * 4
    k = int(lines.line_k[first])
    cell = int(lines.line_cell[first])
    corner = (float(lines.exact_a[k, 0]), float(lines.exact_a[k, 1]))
    why = why if why is not None else line_blockers(geo, lines, first)
    names: list[str] = []
    sight = []
    for j in range(4):
        names += [n for n in why[j] if n not in names]
        end = lines.exact_t[cell, j]
        sight.append(SightLine(start=corner, end=(float(end[0]), float(end[1])),
                               blocked=bool(why[j]), blocked_by=why[j]))
    t_sq = (int(lines.cells[cell, 0]), int(lines.cells[cell, 1]))
    text = cover_text(level, system, corner, t_sq, n_blocked, names, hidden)
    return CoverResult(
        level=level, corner=corner, target_square=t_sq, lines=sight, blocked_by=names,
        from_creatures_only=n_blocked > 0 and n_walls == 0 and level != "total",
        hidden_fraction=hidden, explanation=str(text), explanation_fr=text.fr,
    )
