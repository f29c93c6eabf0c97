"""The shapes of areas of effect in grid units (RULES.md §3; 003 "Cône", "Cube", "Cylindre",
"Émanation", "Ligne", "Sphère"; 000 "Cible, effet, zone"). Angles: 0 = east, 90 = south."""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely

from battlemap.geometry.grid import footprint_box
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import SQUARE_M, AreaShape, AreaTemplate

CIRCLE_SEGMENTS = 64  # per quarter circle; a multiple of 2 keeps 45°/90° symmetry exact
CONE_HALF_ANGLE = math.atan(0.5)  # width = distance from the origin (003 "Cône")


@dataclass
class Placed:
    """A template resolved on the map: its origin, the origin token's box if any, the shape."""

    origin: tuple[float, float]
    token_box: tuple[float, float, float, float] | None
    radius: float  # size in grid units
    shape: shapely.Geometry


def _snap(c: float, s: float) -> tuple[float, float]:
    """Exact values for the grid and diagonal directions, so that a scene rotated by 90°
    gives identical squares (cos 45° and sin 45° differ by one ulp in floating point)."""
    if abs(abs(c) - abs(s)) < 1e-12:
        return math.copysign(math.sqrt(0.5), c), math.copysign(math.sqrt(0.5), s)
    return (float(round(c)) if abs(c - round(c)) < 1e-12 else c,
            float(round(s)) if abs(s - round(s)) < 1e-12 else s)


def _unit(deg: float) -> tuple[float, float]:
    rad = math.radians(deg)
    return _snap(math.cos(rad), math.sin(rad))


def _origin(geo: MapGeometry, t: AreaTemplate) -> tuple[tuple[float, float],
                                                          tuple[float, float, float, float] | None]:
    if t.token is None:
        assert t.origin is not None
        return (float(t.origin[0]), float(t.origin[1])), None
    box = footprint_box(geo.token(t.token))
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    if t.origin is not None:
        return (float(t.origin[0]), float(t.origin[1])), box
    if t.shape in (AreaShape.CONE, AreaShape.LINE, AreaShape.CUBE):
        # A creature's cone, line or cube starts at the edge of its space, facing the direction.
        ux, uy = _unit(t.direction_deg)
        half = (box[2] - box[0]) / 2
        scale = half / max(abs(ux), abs(uy))
        return (centre[0] + ux * scale, centre[1] + uy * scale), box
    return centre, box


def _polygon(points: list[tuple[float, float]]) -> shapely.Geometry:
    return shapely.polygons(points)


def place(geo: MapGeometry, t: AreaTemplate, policy: GeometryPolicy) -> Placed:
    (ox, oy), box = _origin(geo, t)
    r = t.size_m / SQUARE_M
    ux, uy = _unit(t.direction_deg)
    px, py = -uy, ux  # the direction's right-hand side (y grows downward)
    shape: shapely.Geometry
    if t.shape is AreaShape.EMANATION and box is not None:
        shape = shapely.buffer(shapely.box(*box), r, quad_segs=CIRCLE_SEGMENTS)
    elif t.shape in (AreaShape.SPHERE, AreaShape.CYLINDER, AreaShape.EMANATION):
        shape = shapely.buffer(shapely.Point(ox, oy), r, quad_segs=CIRCLE_SEGMENTS)
    elif t.shape is AreaShape.CONE and policy.cone_shape == "quarter_circle":
        # 3.5 cone: a quarter circle centred on the direction (000 "Cible, effet, zone").
        steps = 2 * CIRCLE_SEGMENTS // 2
        base = math.radians(t.direction_deg)
        arc = [_rot(ox, oy, r, base - math.pi / 4 + i * (math.pi / 2) / steps)
               for i in range(steps + 1)]
        shape = _polygon([(ox, oy), *arc])
    elif t.shape is AreaShape.CONE:
        w = r * math.tan(CONE_HALF_ANGLE)
        ex, ey = ox + ux * r, oy + uy * r
        shape = _polygon([(ox, oy), (ex + px * w, ey + py * w), (ex - px * w, ey - py * w)])
    elif t.shape is AreaShape.LINE:
        w = t.width_m / SQUARE_M / 2
        ex, ey = ox + ux * r, oy + uy * r
        shape = _polygon([(ox + px * w, oy + py * w), (ex + px * w, ey + py * w),
                          (ex - px * w, ey - py * w), (ox - px * w, oy - py * w)])
    else:  # cube: the origin is the near face's left corner; it grows forward and rightward
        side = -1.0 if t.flip else 1.0
        sx, sy = px * r * side, py * r * side
        ex, ey = ox + ux * r, oy + uy * r
        shape = _polygon([(ox, oy), (ex, ey), (ex + sx, ey + sy), (ox + sx, oy + sy)])
    return Placed((ox, oy), box, r, shapely.normalize(shape))


def _rot(ox: float, oy: float, r: float, angle: float) -> tuple[float, float]:
    c, s = _snap(math.cos(angle), math.sin(angle))
    return (ox + r * c, oy + r * s)


def line_axis_35(t: AreaTemplate, placed: Placed) -> shapely.Geometry:
    """The 3.5 line as the squares it passes through: its axis, moved half a square to the
    right when it runs along a grid line (flip: to the left), so it takes one row (§4.7)."""
    ox, oy = placed.origin
    ux, uy = _unit(t.direction_deg)
    px, py = -uy, ux
    on_grid_line = (ux == 0 and abs(ox - round(ox)) < 1e-9) or (
        uy == 0 and abs(oy - round(oy)) < 1e-9)
    if on_grid_line and ux * uy == 0:
        shift = -0.5 if t.flip else 0.5
        ox, oy = ox + px * shift, oy + py * shift
    r = placed.radius
    axis = shapely.linestrings([(ox, oy), (ox + ux * r, oy + uy * r)])
    extra = t.width_m / SQUARE_M - 1  # a wider 3.5 line: widen the axis by the excess
    if extra > 1e-9:
        return shapely.buffer(axis, extra / 2, cap_style="flat")
    return axis
