"""Naive baselines the geometry package does not ship: threatened squares, one square and one
wall at a time (DESIGN.md §4.6), written from the rule, not from the vectorised code."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import LineString

INSET = 0.02  # DESIGN.md §4.3: corners used against walls sit inside their own square


def _effect_walls(geo: Any) -> list[LineString]:
    out = []
    for w in geo.encounter.walls:
        if not w.blocks_effect:
            continue
        for a, b in zip(w.points, w.points[1:], strict=False):
            if tuple(a) != tuple(b):
                out.append(LineString([a, b]))
    return out


def _steps(gx: int, gy: int, diagonals: str) -> int:
    hi, lo = max(gx, gy), min(gx, gy)
    return hi if diagonals == "chebyshev" else hi + lo // 2


def _touches_wall(p: tuple[float, float], q: tuple[float, float],
                  walls: list[LineString]) -> bool:
    line = LineString([p, q])
    return any(line.intersects(w) for w in walls)


def _blocked_not_collinear(p: tuple[float, float], q: tuple[float, float],
                           walls: list[LineString]) -> bool:
    """A line stopped by a wall it meets, unless it only runs along it (§4.3)."""
    line = LineString([p, q])
    dx, dy = q[0] - p[0], q[1] - p[1]
    tol = 1e-9 * (1 + math.hypot(dx, dy))
    for w in walls:
        if not line.intersects(w):
            continue
        (ax, ay), (bx, by) = w.coords
        ca = dx * (ay - p[1]) - dy * (ax - p[0])
        cb = dx * (by - p[1]) - dy * (bx - p[0])
        if not (abs(ca) <= tol and abs(cb) <= tol):
            return True
    return False


def naive_threatened(geo: Any, token_id: str, policy: Any, reach_m: float) -> set[tuple[int, int]]:
    """Squares within reach of the token's space (no reach weapon) that a line from the space
    reaches: the nearest own square's centre to the square's centre must touch no wall; with
    the grid-lines cover method (2024, pmt) any clear inset corner-to-corner line will do."""
    tok = geo.token(token_id)
    reach = reach_m / 1.5
    if reach <= 1e-9:
        return set()
    walls = _effect_walls(geo)
    side = tok.size.squares
    x0, y0, x1, y1 = tok.col, tok.row, tok.col + side, tok.row + side
    span = math.ceil(reach) + 1
    half_x, half_y = min(0.5, side / 2), min(0.5, side / 2)
    out: set[tuple[int, int]] = set()
    for c in range(max(0, math.floor(x0) - span), min(geo.cols, math.ceil(x1) + span)):
        for r in range(max(0, math.floor(y0) - span), min(geo.rows, math.ceil(y1) + span)):
            gx = math.floor(max(c - x1 + 1, x0 - c, 0) + 1e-9)
            gy = math.floor(max(r - y1 + 1, y0 - r, 0) + 1e-9)
            if (gx == 0 and gy == 0) or _steps(gx, gy, policy.diagonals) > reach + 1e-9:
                continue
            own_c = min(max(c, x0), x1 - 1) if side >= 1 else x0
            own_r = min(max(r, y0), y1 - 1) if side >= 1 else y0
            if not _touches_wall((own_c + half_x, own_r + half_y), (c + 0.5, r + 0.5), walls):
                out.add((c, r))
                continue
            if policy.cover_method != "blocked_line_count":
                continue
            corners = [(INSET, INSET), (1 - INSET, INSET), (1 - INSET, 1 - INSET),
                       (INSET, 1 - INSET)]
            if any(not _blocked_not_collinear(
                    (own_c + ax * 2 * half_x, own_r + ay * 2 * half_y), (c + bx, r + by), walls)
                   for ax, ay in corners for bx, by in corners):
                out.add((c, r))
    return out
