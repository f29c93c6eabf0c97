"""The shapes of areas of effect in grid units (RULES.md §3; 003 "Cône", "Cube", "Cylindre",
"Émanation", "Ligne", "Sphère"; 000 "Cible, effet, zone"). Angles: 0 = east, 90 = south.

A shape is built as a numpy ring in *local* coordinates, relative to the whole square
`offset` below its origin: the same template dragged to another intersection then has the
very same ring (so its squares can be reused, see `areas._stencil`), and the numbers stay
small and precise. The shapely polygon on the map is built only when asked (drawing, GEOS)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import shapely

from battlemap.geometry.grid import footprint_box
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.walls import Memo
from battlemap.model import SQUARE_M, AreaShape, AreaTemplate

CIRCLE_SEGMENTS = 64  # per quarter circle; a multiple of 2 keeps 45°/90° symmetry exact
CONE_HALF_ANGLE = math.atan(0.5)  # width = distance from the origin (003 "Cône")

Box = tuple[float, float, float, float]


@dataclass
class Placed:
    """A template resolved on the map: its origin, the origin token's box if any, the size
    in grid units, and the outline as a closed ring relative to `offset` (whole squares)."""

    origin: tuple[float, float]
    token_box: Box | None
    radius: float  # size in grid units
    # The ring is built on first read: a preview that finds its shape's stencil (the usual
    # case while dragging) never needs it.
    make_ring: Callable[[], np.ndarray] = field(repr=False)
    offset: tuple[int, int] = (0, 0)
    _shape: shapely.Geometry | None = field(default=None, repr=False)
    _ring: np.ndarray | None = field(default=None, repr=False)

    @property
    def ring(self) -> np.ndarray:
        """(k + 1, 2) closed ring, local coordinates."""
        if self._ring is None:
            self._ring = self.make_ring()
        return self._ring

    @property
    def shape(self) -> shapely.Geometry:
        """The outline as a shapely polygon in map coordinates (built on first use)."""
        if self._shape is None:
            self._shape = shapely.polygons(self.ring + np.array(self.offset, dtype=float))
        return self._shape

    @property
    def local_origin(self) -> tuple[float, float]:
        return (self.origin[0] - self.offset[0], self.origin[1] - self.offset[1])


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


def _circle_table() -> np.ndarray:
    """Unit circle as GEOS buffers a point: from angle 0, clockwise on screen, closed."""
    inc = 2 * math.pi / (4 * CIRCLE_SEGMENTS)
    pts = [(math.cos(-i * inc), math.sin(-i * inc)) for i in range(4 * CIRCLE_SEGMENTS)]
    return _exact_axes(np.array([*pts, pts[0]]))


def _exact_axes(unit: np.ndarray) -> np.ndarray:
    """cos 90° is 6e-17 in floating point: GEOS puts the points on the axes exactly (and so
    must we, or a circle is not symmetric and its squares shift with its position)."""
    unit[np.abs(unit) < 1e-15] = 0.0
    return unit


def _quarter_arcs() -> np.ndarray:
    """(4, CIRCLE_SEGMENTS + 1, 2) unit quarter arcs around a box's corners, in ring order:
    top-left (up → left), bottom-left, bottom-right, top-right."""
    inc = (math.pi / 2) / CIRCLE_SEGMENTS
    arcs = []
    for q in range(4):
        start = -math.pi / 2 - q * math.pi / 2
        arcs.append([(math.cos(start - i * inc), math.sin(start - i * inc))
                     for i in range(CIRCLE_SEGMENTS + 1)])
    return _exact_axes(np.array(arcs))


def _origin(geo: MapGeometry, t: AreaTemplate,
            policy: GeometryPolicy) -> tuple[tuple[float, float], Box | None]:
    if t.token is None:
        assert t.origin is not None
        return (float(t.origin[0]), float(t.origin[1])), None
    box = footprint_box(geo.token(t.token))
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    if t.origin is not None:
        return (float(t.origin[0]), float(t.origin[1])), box
    if t.shape in (AreaShape.CONE, AreaShape.LINE, AreaShape.CUBE):
        # A creature's cone, line or cube starts on the edge of its space, facing the
        # direction, at a grid intersection (DESIGN.md §4.7): distances are whole squares.
        return token_area_origin(box, t.direction_deg, policy.token_area_origin, t.flip), box
    return centre, box


def token_area_origin(box: Box, direction_deg: float, rule: str,
                      flip: bool = False) -> tuple[float, float]:
    """The grid intersection a directed area from a creature's space `box` starts at.
    "corner" (3.5: "starts from any corner of your square"): the corner of the space
    farthest along the direction. "edge": the intersection on the space's edge nearest the
    point where the direction leaves it (003 "Cône": a point of origin on the creature's
    space). A tie (a grid direction) goes to the direction's left-hand side: a 3.5 line along
    that grid line takes the row to its right, and a cube grows rightward, so both run in front
    of the creature (§4.7); `flip` takes the other side."""
    ux, uy = _unit(direction_deg)
    px, py = -uy, ux  # the direction's right-hand side (y grows downward)
    side = 1.0 if flip else -1.0  # which side wins a tie
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    x0, y0, x1, y1 = (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]),
                      math.ceil(box[3]))
    if rule == "corner":
        points = [(float(x), float(y)) for x in (x0, x1) for y in (y0, y1)]

        def far(q: tuple[float, float]) -> tuple[float, float]:
            return (-round((q[0] - cx) * ux + (q[1] - cy) * uy, 9),
                    -round(side * ((q[0] - cx) * px + (q[1] - cy) * py), 9))

        return min(points, key=far)
    half = (box[2] - box[0]) / 2
    scale = half / max(abs(ux), abs(uy))
    ex, ey = cx + ux * scale, cy + uy * scale  # where the direction leaves the space
    points = [(float(x), float(y)) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)
              if x in (x0, x1) or y in (y0, y1)]

    def near(q: tuple[float, float]) -> tuple[float, float]:
        return (round(math.hypot(q[0] - ex, q[1] - ey), 9),
                -round(side * ((q[0] - cx) * px + (q[1] - cy) * py), 9))

    return min(points, key=near)


def place(geo: MapGeometry, t: AreaTemplate, policy: GeometryPolicy) -> Placed:
    (gx, gy), box = _origin(geo, t, policy)
    offset = (math.floor(gx), math.floor(gy))
    ox, oy = gx - offset[0], gy - offset[1]  # exact: a double minus its floor
    local_box = _shift(box, offset)
    return Placed((gx, gy), box, t.size_m / SQUARE_M,
                  lambda: outline(t, policy.cone_shape, (ox, oy), local_box), offset)


def _shift(box: Box | None, offset: tuple[int, int]) -> Box | None:
    if box is None:
        return None
    return (box[0] - offset[0], box[1] - offset[1], box[2] - offset[0], box[3] - offset[1])


def outline(t: AreaTemplate, cone_shape: str, origin: tuple[float, float],
            box: Box | None) -> np.ndarray:
    """The template's closed ring around `origin` (and the origin token's `box`)."""
    ox, oy = origin
    r = t.size_m / SQUARE_M
    ux, uy = _unit(t.direction_deg)
    px, py = -uy, ux  # the direction's right-hand side (y grows downward)
    pts: list[tuple[float, float]]
    if t.shape is AreaShape.EMANATION and box is not None:
        # The token's space grown by r: a quarter arc around each corner.
        corners = np.array([(box[0], box[1]), (box[0], box[3]), (box[2], box[3]),
                            (box[2], box[1])])
        ring = (corners[:, None, :] + r * _QUARTER_ARCS).reshape(-1, 2)
        return np.concatenate([ring, ring[:1]])
    if t.shape in (AreaShape.SPHERE, AreaShape.CYLINDER, AreaShape.EMANATION):
        return np.array([ox, oy]) + r * _CIRCLE_TABLE
    if t.shape is AreaShape.CONE and cone_shape == "quarter_circle":
        # 3.5 cone: a quarter circle centred on the direction (000 "Cible, effet, zone").
        # Its unit arc per direction is remembered (a Python loop of 65 points cost more
        # than the rest of a stencil); o + r·u in numpy rounds exactly as in floats.
        arc = _quarter_circle(t.direction_deg)
        ring = np.empty((len(arc) + 2, 2))
        ring[0] = ring[-1] = (ox, oy)
        np.multiply(arc, r, out=ring[1:-1])
        ring[1:-1] += (ox, oy)
        return ring
    if t.shape is AreaShape.CONE:
        w = r * math.tan(CONE_HALF_ANGLE)
        ex, ey = ox + ux * r, oy + uy * r
        pts = [(ox, oy), (ex + px * w, ey + py * w), (ex - px * w, ey - py * w)]
    elif t.shape is AreaShape.LINE:
        w = t.width_m / SQUARE_M / 2
        ex, ey = ox + ux * r, oy + uy * r
        pts = [(ox + px * w, oy + py * w), (ex + px * w, ey + py * w),
               (ex - px * w, ey - py * w), (ox - px * w, oy - py * w)]
    else:  # cube: the origin is the near face's left corner; it grows forward and rightward
        side = -1.0 if t.flip else 1.0
        sx, sy = px * r * side, py * r * side
        ex, ey = ox + ux * r, oy + uy * r
        pts = [(ox, oy), (ex, ey), (ex + sx, ey + sy), (ox + sx, oy + sy)]
    return np.array([*pts, pts[0]])


# Per direction in degrees: the unit quarter circle of a 3.5 cone.
_QUARTER_CIRCLES: Memo[float, np.ndarray] = Memo(256)


def _quarter_circle(direction_deg: float) -> np.ndarray:
    """(CIRCLE_SEGMENTS + 1, 2) unit points of the quarter circle centred on the direction,
    snapped as `_snap` does (so 90° turns give the very same squares)."""
    found = _QUARTER_CIRCLES.get(direction_deg)
    if found is None:
        base = math.radians(direction_deg)
        angles = (base - math.pi / 4 + i * (math.pi / 2) / CIRCLE_SEGMENTS
                  for i in range(CIRCLE_SEGMENTS + 1))
        found = _QUARTER_CIRCLES.keep(
            direction_deg, np.array([_snap(math.cos(a), math.sin(a)) for a in angles]))
    return found


def line_axis_35(t: AreaTemplate, placed: Placed, local: bool = False) -> shapely.Geometry:
    """The 3.5 line as the squares it passes through: its axis, moved half a square to the
    right when it runs along a grid line (flip: to the left), so it takes one row (§4.7).
    `local`: in the coordinates of `placed.ring` instead of the map's."""
    ox, oy = placed.local_origin if local else placed.origin
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


# The unit tables are constants of the process: built on import (under a millisecond, the
# first preview of a session loads this module) rather than inside the first round
# template's preview.
_CIRCLE_TABLE = _circle_table()
_QUARTER_ARCS = _quarter_arcs()
