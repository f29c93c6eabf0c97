"""Cover, the four per-system measures of DESIGN.md §4.4 (RULES.md §2 "how cover is
measured"). Geometry names the level and why; the rules turn it into AC or attack numbers."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.grid import INSET, cell_corners, footprint_box, footprint_cells
from battlemap.geometry.lines import any_clear_line, creature_blockers, wall_blockers
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import CoverLevel, CoverResult, SightLine
from battlemap.geometry.shadows import hidden_fraction

_GRID_LEVELS: list[CoverLevel] = ["none", "half", "half", "three_quarters", "three_quarters"]
_RANK = {"none": 0, "partial": 1, "half": 1, "three_quarters": 2, "total": 9}


def _adjacent(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    gap_x = max(b[0] - a[2], a[0] - b[2])
    gap_y = max(b[1] - a[3], a[1] - b[3])
    return gap_x <= 1e-9 and gap_y <= 1e-9


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
    att, tgt = geo.token(attacker_id), geo.token(target_id)
    a_box, t_box = footprint_box(att), footprint_box(tgt)
    a_cells, t_cells = footprint_cells(att), footprint_cells(tgt)
    # Attacker corners: exact (for creatures) and inset toward their own square (for walls).
    exact_a = np.array([p for c in a_cells for p in cell_corners(c)])
    inset_a = np.array([p for c in a_cells for p in cell_corners(c, INSET)])
    exact_t = np.array([cell_corners(c) for c in t_cells])  # (S, 4, 2)
    inset_t = np.array([cell_corners(c, INSET) for c in t_cells])
    k, s = len(exact_a), len(t_cells)

    def lines(a: np.ndarray, t: np.ndarray) -> np.ndarray:
        starts = np.broadcast_to(a[:, None, None, :], (k, s, 4, 2))
        ends = np.broadcast_to(t[None, :, :, :], (k, s, 4, 2))
        return np.concatenate([starts, ends], axis=-1).reshape(-1, 4)

    wall_lines, exact_lines = lines(inset_a, inset_t), lines(exact_a, exact_t)
    walls = wall_blockers(geo, wall_lines, "effect")
    # 3.5: in melee against an adjacent foe only walls give cover (000 "Couverture").
    walls_only = policy.cover_method == "breche35" and melee and _adjacent(a_box, t_box)
    creatures = (
        [[] for _ in walls]
        if walls_only
        else creature_blockers(geo, exact_lines, exclude=(attacker_id, target_id))
    )
    by_wall = np.array([bool(w) for w in walls]).reshape(k, s, 4)
    by_any = by_wall | np.array([bool(c) for c in creatures]).reshape(k, s, 4)
    count, wall_count = by_any.sum(axis=2), by_wall.sum(axis=2)

    total = bool((wall_count == 4).all()) and not any_clear_line(geo, a_box, t_box, "effect")

    hidden: float | None = None
    if policy.cover_method == "area_fraction":
        fractions = [
            hidden_fraction(geo, tuple(p), t_box, (attacker_id, target_id)) for p in inset_a
        ]
        ki = int(np.argmin(fractions))
        hidden = float(fractions[ki])
        si = int(np.argmin(count[ki]))
        level: CoverLevel = "total" if total else _bucket(hidden)
        if level == "total":
            hidden = 1.0
    else:
        # Best option for the attacker: lowest level, then fewest blocked lines, then fewest
        # walls (so creature-only cover is recognised).
        levels = np.vectorize(lambda n, w: _RANK[_grid_level(policy, int(n), int(w))])(
            count, wall_count
        )
        order = np.lexsort((wall_count.ravel(), count.ravel(), levels.ravel()))
        ki, si = divmod(int(order[0]), s)
        level = "total" if total else _grid_level(policy, int(count[ki, si]),
                                                  int(wall_count[ki, si]))

    base = (ki * s + si) * 4
    sight: list[SightLine] = []
    names: list[str] = []
    for j in range(4):
        why = walls[base + j] + creatures[base + j]
        names += [n for n in why if n not in names]
        sight.append(SightLine(
            start=(float(exact_a[ki, 0]), float(exact_a[ki, 1])),
            end=(float(exact_t[si, j, 0]), float(exact_t[si, j, 1])),
            blocked=bool(why),
            blocked_by=why,
        ))
    creatures_only = bool(count[ki, si] > 0 and wall_count[ki, si] == 0) and level != "total"
    corner = (float(exact_a[ki, 0]), float(exact_a[ki, 1]))
    t_sq = (int(t_cells[si][0]), int(t_cells[si][1]))
    n_blocked = int(count[ki, si])
    if level == "total":
        text = "total cover: no straight line from the attacker's space reaches the target's"
    else:
        name = "no" if level == "none" else level.replace("_", "-")
        if level[0].isdigit():
            name += "%"
        text = (f"{name} cover: corner ({corner[0]:g},{corner[1]:g}) to square "
                f"({t_sq[0]},{t_sq[1]}): {n_blocked} of 4 lines blocked")
        if names:
            text += " by " + ", ".join(names)
        if hidden is not None:
            text += f"; {round(hidden * 100)}% of the target hidden"
    return CoverResult(
        level=level, corner=corner, target_square=t_sq, lines=sight, blocked_by=names,
        from_creatures_only=creatures_only, hidden_fraction=hidden, explanation=text,
    )


def _grid_level(policy: GeometryPolicy, blocked: int, walls: int) -> CoverLevel:
    if policy.cover_method == "breche35":
        return "partial" if blocked else "none"
    level = _GRID_LEVELS[blocked]
    # 2024: a creature in the way gives half cover at most (003 "L'abri", RULES.md §2).
    if policy.creature_cover_max == "half" and walls == 0 and level == "three_quarters":
        return "half"
    return level
