"""Reference implementations of the geometry core as a competent developer writes them first:
plain Python loops per square and per line, with the walls (and the points where wall pieces
meet) in a shapely STRtree built once per map, so that each line tests only the walls near
it: areas, cover, threatened squares (docs/architecture.md#threatened-squares); the fog of
war's shadow union stays per segment (the fog helper's rows).

Written from the rules, independently of the vectorised code: the benchmarks measure the
speed-up against them and the tests check that both agree. They are no part of the
application, so they live with the benchmarks."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import shapely
from shapely import STRtree
from shapely.geometry import LineString, Point, box

from battlemap.geometry.areas.shapes import line_axis_35, place
from battlemap.geometry.grid import INSET, footprint_box, footprint_cells, footprint_squares
from battlemap.geometry.lines.clear import any_clear_line
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaMethod, AreaShape, AreaTemplate


class _Walls:
    """Wall pieces as lines and an STRtree over them, built once per map."""

    def __init__(self, lines: list[LineString]) -> None:
        self.lines = lines
        self.tree = STRtree(lines)

    def meeting(self, line: LineString, predicate: str = "intersects") -> list[LineString]:
        return [self.lines[i] for i in self.tree.query(line, predicate=predicate).tolist()]


_INDEXES: dict[tuple[str, int], tuple[object, Any]] = {}


def _indexed(kind: str, source: object, build: Any) -> Any:
    """`build()` once per map (`source`, the map's wall array or list, kept alive here so its
    id is not reused); the index building is a map's load time, not a query's."""
    key = (kind, id(source))
    hit = _INDEXES.get(key)
    if hit is None or hit[0] is not source:
        hit = _INDEXES[key] = (source, build())
    return hit[1]


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


def _touches_wall(p: tuple[float, float], q: tuple[float, float], walls: _Walls) -> bool:
    return bool(walls.meeting(LineString([p, q])))


def _blocked_not_collinear(p: tuple[float, float], q: tuple[float, float],
                           walls: _Walls) -> bool:
    """A line stopped by a wall it meets, unless it only runs along it (§4.3)."""
    line = LineString([p, q])
    dx, dy = q[0] - p[0], q[1] - p[1]
    tol = 1e-9 * (1 + math.hypot(dx, dy))
    for w in walls.meeting(line):
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
    walls = _indexed("threat", geo.walls, lambda: _Walls(_effect_walls(geo)))
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


def _d35(dx: float, dy: float) -> float:
    hi, lo = max(dx, dy), min(dx, dy)
    return hi + math.floor(lo / 2 + 1e-9)


def _far(lo: float, hi: float, c: int) -> float:
    return max(c + 1 - hi, lo - c, 0.0)


def naive_area_squares(geo: MapGeometry, t: AreaTemplate,
                       policy: GeometryPolicy) -> set[tuple[int, int]]:
    method = AreaMethod(t.method or policy.aoe_method)
    placed = place(geo, t, policy)
    shape = placed.shape
    x0, y0, x1, y1 = shape.bounds
    if t.shape is AreaShape.EMANATION and placed.token_box is not None:
        ref = placed.token_box
    else:
        ref = (*placed.origin, *placed.origin)
    own = set(footprint_squares(geo.token(t.token))) if (
        t.token is not None and not t.include_origin_token) else set()
    effect, joints, joint_tree = _indexed("area", geo.walls, lambda: _area_walls(geo))
    out: set[tuple[int, int]] = set()
    for c in range(max(0, math.floor(x0)), min(geo.cols, math.ceil(x1))):
        for r in range(max(0, math.floor(y0)), min(geo.rows, math.ceil(y1))):
            cell = box(c, r, c + 1, r + 1)
            cov = cell.intersection(shape).area
            if method is AreaMethod.DND35:
                d = _d35(_far(ref[0], ref[2], c), _far(ref[1], ref[3], r))
                ok = d <= placed.radius + 1e-9
                if t.shape is AreaShape.CONE:
                    ok = ok and cov > 1e-6
                elif t.shape is AreaShape.LINE:
                    axis = line_axis_35(t, placed)
                    part = cell.intersection(axis)
                    ok = ok and (part.area if axis.geom_type == "Polygon" else part.length) > 1e-6
                elif t.shape is AreaShape.CUBE:
                    ok = cov >= 0.5 - 1e-9
            elif method is AreaMethod.HALF:
                ok = cov >= 0.5 - 1e-9
            elif method is AreaMethod.TOUCH:
                ok = cov > 1e-6
            else:
                ok = shape.distance(Point(c + 0.5, r + 0.5)) <= 1e-9
            if not ok or (c, r) in own:
                continue
            ray = LineString([placed.origin, (c + 0.5, r + 0.5)])
            if effect.meeting(ray, "crosses"):
                continue
            near = [joints[i] for i in joint_tree.query(ray, predicate="intersects").tolist()]
            if _through_a_joint(placed.origin, (c + 0.5, r + 0.5), near):
                continue
            out.add((c, r))
    return out


def _area_walls(geo: MapGeometry) -> tuple[_Walls, list[tuple[tuple[float, float],
                                                               list[tuple[float, float]]]],
                                             STRtree]:
    """The effect-blocking pieces indexed, and the joints with an index of their points."""
    effect = [LineString([(a, b), (c, d)]) for (a, b, c, d), f in
              zip(geo.walls.coords.tolist(), _effect_flags(geo), strict=True) if f]
    joints = list(_joints(effect).items())
    return _Walls(effect), joints, STRtree([Point(j) for j, _ in joints])


def _joints(effect: list[LineString]) -> dict[tuple[float, float], list[tuple[float, float]]]:
    """Points where two or more wall pieces end, with the far end of each piece."""
    found: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for w in effect:
        a, b = w.coords
        found.setdefault(a, []).append(b)
        found.setdefault(b, []).append(a)
    return {j: far for j, far in found.items() if len(far) >= 2}


def _through_a_joint(o: tuple[float, float], e: tuple[float, float],
                     joints: list[tuple[tuple[float, float], list[tuple[float, float]]]]) -> bool:
    """The ray passes through a point where wall pieces end (`joints`: those on it), between
    its ends, with pieces leaving it on both sides of the ray (pieces along the ray take no
    side)."""
    ox, oy, ex, ey = map(Fraction, (*o, *e))
    for j, far in joints:
        if j in (o, e):
            continue
        sides = set()
        for fx, fy in far:
            turn = (ex - ox) * (Fraction(fy) - oy) - (ey - oy) * (Fraction(fx) - ox)
            if turn != 0:
                sides.add(turn > 0)
        if len(sides) == 2:
            return True
    return False


def _effect_flags(geo: MapGeometry) -> list[bool]:
    ids = set(geo.walls.near(box(-1e9, -1e9, 1e9, 1e9), "effect").tolist())
    return [i in ids for i in range(len(geo.walls))]


def naive_cover_level(geo: MapGeometry, attacker_id: str, target_id: str,
                      policy: GeometryPolicy) -> str:
    """Cover for the grid-line methods (breche35, dnd2024/pmt), one line and one wall at a
    time. Creatures: the merged spaces of every other token not sharing
    the attacker's or the target's space, crossed through the interior."""
    att, tgt = geo.token(attacker_id), geo.token(target_id)
    walls = _indexed("cover", geo.walls, lambda: _Walls(
        [LineString([(a, b), (c, d)]) for (a, b, c, d), f in
         zip(geo.walls.coords.tolist(), _effect_flags(geo), strict=True) if f]))
    ends = [box(*footprint_box(att)), box(*footprint_box(tgt))]
    # A creature sharing either one's space is not between them (`near_creatures`).
    others = [b for b in (box(*footprint_box(t)) for t in geo.tokens.values()
                          if t.id not in (attacker_id, target_id))
              if all(b.intersection(e).area <= 1e-12 for e in ends)]
    merged = shapely.union_all(others) if others else None

    def wall_blocks(p: tuple[float, float], q: tuple[float, float]) -> bool:
        line = LineString([p, q])
        for w in walls.meeting(line):
            (ax, ay), (bx, by) = w.coords
            dx, dy = q[0] - p[0], q[1] - p[1]
            ca = dx * (ay - p[1]) - dy * (ax - p[0])
            cb = dx * (by - p[1]) - dy * (bx - p[0])
            tol = 1e-9 * (1 + math.hypot(dx, dy))
            if not (abs(ca) <= tol and abs(cb) <= tol):
                return True
        return False

    def creature_blocks(p: tuple[float, float], q: tuple[float, float]) -> bool:
        return merged is not None and shapely.relate_pattern(LineString([p, q]), merged,
                                                             "T********")

    best: tuple[int, int, int] | None = None  # (rank, blocked, walls)
    all_walled = True
    for a_cell in footprint_cells(att):
        for i in range(4):
            ex, ey = _corner(a_cell, i, 0.0)
            ix, iy = _corner(a_cell, i, INSET)
            for t_cell in footprint_cells(tgt):
                blocked = by_wall = 0
                for j in range(4):
                    w = wall_blocks((ix, iy), _corner(t_cell, j, INSET))
                    c = creature_blocks((ex, ey), _corner(t_cell, j, 0.0))
                    blocked += w or c
                    by_wall += w
                all_walled &= by_wall == 4
                rank = _rank(policy, blocked, by_wall)
                if best is None or (rank, blocked, by_wall) < best:
                    best = (rank, blocked, by_wall)
    if all_walled and not any_clear_line(geo, footprint_box(att), footprint_box(tgt)):
        return "total"
    assert best is not None
    return _LEVELS[policy.cover_method == "any_blocked_line"][best[0]]


_LEVELS = {False: ["none", "half", "three_quarters"], True: ["none", "partial"]}


def _rank(policy: GeometryPolicy, blocked: int, walls: int) -> int:
    if policy.cover_method == "any_blocked_line":
        return 1 if blocked else 0
    rank = 0 if blocked == 0 else 1 if blocked <= 2 else 2
    if rank == 2 and walls == 0 and policy.creature_cover_max == "half":
        rank = 1
    return rank


def _corner(cell: tuple[float, float, float, float], i: int,
            inset: float) -> tuple[float, float]:
    x0, y0, x1, y1 = cell
    return [(x0 + inset, y0 + inset), (x1 - inset, y0 + inset), (x1 - inset, y1 - inset),
            (x0 + inset, y1 - inset)][i]


def naive_seen_from(geo: MapGeometry, eye: tuple[float, float]) -> shapely.Geometry:
    """What one point sees of the grid (fog of war): the grid minus the shadow of every
    sight-blocking wall segment, one segment at a time, united in one call. A shadow is the
    segment and the part of a big disc behind it, as a fan of far points every 10°."""
    ex, ey = eye
    grid = box(0, 0, geo.cols, geo.rows)
    _, ids = geo.walls.tree("sight")
    segs = geo.walls.coords[ids].tolist()
    far = 2.0 * max([math.hypot(x - ex, y - ey) for x, y in grid.exterior.coords]
                    + [math.hypot(s[k] - ex, s[k + 1] - ey) for s in segs for k in (0, 2)]) + 1
    shadows = []
    for ax, ay, bx, by in segs:
        if abs((ax - ex) * (by - ey) - (ay - ey) * (bx - ex)) <= 1e-12:
            continue  # seen edge-on: it hides nothing
        ta, tb = math.atan2(ay - ey, ax - ex), math.atan2(by - ey, bx - ex)
        turn = (ta - tb + math.pi) % (2 * math.pi) - math.pi  # from b round to a, short way
        steps = max(2, math.ceil(abs(turn) / math.radians(10)) + 1)
        fan = [(ex + far * math.cos(tb + turn * i / (steps - 1)),
                ey + far * math.sin(tb + turn * i / (steps - 1))) for i in range(steps)]
        shadows.append(shapely.Polygon([(ax, ay), (bx, by), *fan]))
    if not shadows:
        return grid
    return grid.difference(shapely.union_all(shadows))


def naive_visible_region(geo: MapGeometry, eyes: list[tuple[float, float]]) -> shapely.Geometry:
    """`visibility.visible_region` without a margin: what any of the points sees."""
    if not eyes:
        return shapely.Polygon()
    return shapely.union_all([naive_seen_from(geo, e) for e in eyes])
