"""One template shape's squares relative to its origin's square, worked out once and reused:
a GM drags a fireball from intersection to intersection, or switches the counting method,
and the shape itself does not change, only where it sits (walls and tokens are per call).

Everything here is in the local coordinates of `shapes` (origin inside square (0, 0)),
so a stencil depends only on the template's own geometry: its key says exactly that.

A directed template's stencil is reused across quarter turns and mirrors of the grid
(`Turn`).

About a grid intersection the square grid is mapped onto itself by the eight turns and
mirrors of a square (the group D4). A cone, line or cube from an intersection at a multiple of
15° is the image of one at 0°, 15°, 30° or 45° under one of them: its squares (coverage,
centre inside, 3.5 count, 3.5 line axis) are that stencil's arrays transposed and reversed.
A GM sweeping a cone around its origin while placing it then builds 4 stencils per size
instead of 24. A mirror swaps right and left: the cube's "grows rightward" side and the 3.5
line's half-square shift both follow `flip`, so a mirror toggles it.

Only snapped directions are mapped: the turned shape is the same up to rounding of its
cos/sin (the tests compare every one of them with the stencil built directly); a freely
rotated direction is built directly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from battlemap.geometry.areas._centres import centres_inside_convex
from battlemap.geometry.areas._coverage import grid_coverage, ring_shares
from battlemap.geometry.areas.shapes import Placed, line_axis_35, outline
from battlemap.geometry.grid import far_corner_offsets, offset_squares_array
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.walls import Memo
from battlemap.geometry.walls.segments import box_span
from battlemap.model import AreaShape, AreaTemplate

STEP_DEG = 15  # the GUI's snapped directions
BASE_DEG = (0, 15, 30, 45)


@dataclass(frozen=True)
class Turn:
    """(x, y) → (sx·(y if swap else x), sy·(x if swap else y)), about the local origin."""

    swap: bool
    sx: int
    sy: int

    @property
    def mirrors(self) -> bool:
        """Does it reverse orientation (right-hand side becomes left)?"""
        return (self.sx * self.sy < 0) != self.swap

    def direction(self, deg: int) -> int:
        """The image of a direction in whole degrees (0 = east, 90 = south)."""
        d = 90 - deg if self.swap else deg
        if self.sx < 0:
            d = 180 - d
        if self.sy < 0:
            d = -d
        return d % 360

    def block(self, c0: int, r0: int, n_c: int, n_r: int) -> tuple[int, int, int, int]:
        """The image of the block of squares c0…c0+n_c−1 × r0…r0+n_r−1: (c0, r0, n_c, n_r).
        A negated axis maps square a (cell [a, a+1]) to −a−1."""
        (xs, xn), (ys, yn) = ((r0, n_r), (c0, n_c)) if self.swap else ((c0, n_c), (r0, n_r))
        return (-xs - xn if self.sx < 0 else xs, -ys - yn if self.sy < 0 else ys, xn, yn)

    def array(self, a: np.ndarray) -> np.ndarray:
        """The image of an (n_c, n_r) per-square array of the source block (C order)."""
        b = a.T if self.swap else a
        b = b[::-1] if self.sx < 0 else b
        b = b[:, ::-1] if self.sy < 0 else b
        return np.ascontiguousarray(b)


TURNS = tuple(Turn(swap, sx, sy) for swap in (False, True) for sx in (1, -1) for sy in (1, -1))


def base_of(direction_deg: float) -> tuple[int, Turn] | None:
    """(base direction in 0…45°, turn mapping it onto `direction_deg`), or None when the
    direction is not a snapped one or is a base itself (then it is built directly)."""
    deg = direction_deg % 360.0
    if not float(deg).is_integer() or int(deg) % STEP_DEG or int(deg) in BASE_DEG:
        return None
    target = int(deg)
    for turn in TURNS:
        for base in BASE_DEG:
            if turn.direction(base) == target:
                return base, turn
    return None  # unreachable: D4 maps 0…45° onto every multiple of 15°


EPS_AREA = 1e-6
MAX_STENCILS = 128  # a stencil holds a few arrays the size of the shape's bounding box


class Stencil:
    """The block of squares around a shape (local columns c0…c0+n_c−1, rows r0…), and per
    square what the methods ask: coverage, centre inside, 3.5 count, 3.5 line axis."""

    def __init__(self, template: AreaTemplate, placed: Placed) -> None:
        self.template = template
        self.placed = placed
        # Along the rows of the transposed ring: numpy reduces (k, 2) column-wise slowly.
        lo, hi = placed.ring.T.min(axis=1), placed.ring.T.max(axis=1)
        self.c0, self.r0 = int(np.floor(lo[0])), int(np.floor(lo[1]))
        self.n_c = max(0, int(np.ceil(hi[0])) - self.c0)
        self.n_r = max(0, int(np.ceil(hi[1])) - self.r0)
        self._memo: dict[str, np.ndarray] = {}
        self.extra: dict[object, Any] = {}  # callers' own per-shape answers
        # The 3.5 count starts from the creature's space only for an emanation riding one
        # (a stencil may be shared by a sphere with a token: that one counts from its origin).
        self._count_from_box = (placed.token_box is not None
                                and template.shape is AreaShape.EMANATION)

    def _cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The block's squares flattened column after column (local coordinates)."""
        cs = np.arange(self.c0, self.c0 + self.n_c)
        rs = np.arange(self.r0, self.r0 + self.n_r)
        return np.repeat(cs, self.n_r), np.tile(rs, self.n_c)

    def coverage(self) -> np.ndarray:
        if "cov" not in self._memo:
            self._memo["cov"] = ring_shares(self.placed.ring, self.c0, self.r0, self.n_c,
                                              self.n_r)
        return self._memo["cov"]

    def centre_inside(self) -> np.ndarray:
        """A centre on the edge counts; the tolerance absorbs float noise on diagonals.
        The shapes are convex: a square wholly inside has its centre in, and one the shape
        misses (coverage 0) cannot have a point of it near its centre, so GEOS only looks
        at the squares the outline cuts."""
        if "centre" not in self._memo:
            found = centres_inside_convex(self.placed.ring, self.c0, self.r0, self.n_c,
                                          self.n_r)
            if found is not None:
                inside, unsure = found
                cut = np.flatnonzero(unsure)
            else:
                cov = self.coverage()
                inside = cov >= 1.0
                cut = np.flatnonzero((cov > 0.0) & ~inside)
            if len(cut):
                poly = shapely.polygons(self.placed.ring)
                shapely.prepare(poly)
                ci, ri = np.divmod(cut, self.n_r)
                centres = shapely.points(ci + (self.c0 + 0.5), ri + (self.r0 + 0.5))
                inside.ravel()[cut] = shapely.dwithin(poly, centres, 1e-9)
            self._memo["centre"] = inside
        return self._memo["centre"]

    def d35_count(self) -> np.ndarray:
        """000 "Cible, effet, zone": squares from the origin (an emanation: from the
        creature's space) to each square's far corner, by the 1-2-1-2 count."""
        if "count" not in self._memo:
            p = self.placed
            box = p.token_box if self._count_from_box else None
            if box is not None:
                box = (box[0] - p.offset[0], box[1] - p.offset[1], box[2] - p.offset[0],
                       box[3] - p.offset[1])
            else:
                ox, oy = p.local_origin
                box = (ox, oy, ox, oy)
            cs = np.arange(self.c0, self.c0 + self.n_c, dtype=float)
            rs = np.arange(self.r0, self.r0 + self.n_r, dtype=float)
            fx, fy = far_corner_offsets(box, cs[:, None], rs[None, :])
            self._memo["count"] = offset_squares_array(fx, fy, "d35")
        return self._memo["count"]

    def axis_crossed(self) -> np.ndarray:
        """Squares a 3.5 line passes through: a real stretch of the axis inside, not a graze
        through a corner (a tolerance, so float noise on diagonals does not add squares)."""
        if "axis" not in self._memo:
            axis = line_axis_35(self.template, self.placed, local=True)
            if shapely.get_type_id(axis) == 3:  # a wider line: the share of each square
                cs = np.arange(self.c0, self.c0 + self.n_c)
                rs = np.arange(self.r0, self.r0 + self.n_r)
                cov = grid_coverage(axis, cs, rs)
                assert cov is not None  # a buffered segment is one polygon
                self._memo["axis"] = cov > EPS_AREA
            else:
                # The length of the axis inside each closed square (Liang–Barsky).
                cols, rows = self._cells()
                (x0, y0), (x1, y1) = shapely.get_coordinates(axis)[[0, -1]]
                p = np.broadcast_to(np.array([x0, y0]), (len(cols), 2))
                q = np.broadcast_to(np.array([x1, y1]), (len(cols), 2))
                cells = np.stack([cols, rows, cols + 1.0, rows + 1.0], axis=1).astype(float)
                t0, t1 = box_span(p, q, cells, strict=False)
                length = (t1 - t0) * float(np.hypot(x1 - x0, y1 - y0))
                self._memo["axis"] = (length > EPS_AREA).reshape(self.n_c, self.n_r)
        return self._memo["axis"]


# Per template shape in local coordinates (`_key`): its stencil.
_STENCILS: Memo[tuple[object, ...], Stencil] = Memo(MAX_STENCILS)
_CIRCLES = (AreaShape.SPHERE, AreaShape.CYLINDER, AreaShape.EMANATION)


def _key(t: AreaTemplate, policy: GeometryPolicy, placed: Placed) -> tuple[object, ...]:
    """All a stencil's squares depend on, and nothing else: a sphere, a cylinder and an
    emanation without a creature are the same circle whatever their direction, so a GM
    switching between them (or a preview of each) builds one stencil, not three."""
    box = placed.token_box
    local_box = None if box is None else (box[0] - placed.offset[0], box[1] - placed.offset[1],
                                          box[2] - placed.offset[0], box[3] - placed.offset[1])
    if t.shape in _CIRCLES:
        # Only an emanation grows from its creature's space (ring and 3.5 count alike).
        grown = local_box if t.shape is AreaShape.EMANATION else None
        return ("circle", t.size_m, placed.local_origin, grown)
    # `flip` sides a cube and a 3.5 line only: a cone and its mirror share a stencil.
    return (t.shape, t.size_m, t.direction_deg, t.flip and t.shape is not AreaShape.CONE,
            t.width_m if t.shape is AreaShape.LINE else None,
            policy.cone_shape if t.shape is AreaShape.CONE else None,
            placed.local_origin, local_box)


class TurnedStencil(Stencil):
    """The stencil of a turned or mirrored copy of `base`'s shape (a `Turn`): every
    array is the base's, transposed and reversed; the base builds each on first need."""

    def __init__(self, template: AreaTemplate, placed: Placed, base: Stencil,
                 turn: Turn) -> None:
        self.template, self.placed, self.base, self.turn = template, placed, base, turn
        self.c0, self.r0, self.n_c, self.n_r = turn.block(base.c0, base.r0, base.n_c,
                                                          base.n_r)
        self._memo = {}
        self.extra = {}
        self._count_from_box = False

    def _turned(self, name: str, build: Callable[[], np.ndarray]) -> np.ndarray:
        if name not in self._memo:
            self._memo[name] = self.turn.array(build())
        return self._memo[name]

    def coverage(self) -> np.ndarray:
        return self._turned("cov", self.base.coverage)

    def centre_inside(self) -> np.ndarray:
        return self._turned("centre", self.base.centre_inside)

    def d35_count(self) -> np.ndarray:
        return self._turned("count", self.base.d35_count)

    def axis_crossed(self) -> np.ndarray:
        return self._turned("axis", self.base.axis_crossed)


_TURNABLE = (AreaShape.CONE, AreaShape.LINE, AreaShape.CUBE)


def _turned_copy(template: AreaTemplate, policy: GeometryPolicy,
                 placed: Placed) -> Stencil | None:
    """A directed shape from an intersection at a snapped direction other than 0–45°: the
    turned stencil of its base (built or found), else None."""
    if (template.shape not in _TURNABLE or placed.token_box is not None
            or placed.local_origin != (0.0, 0.0)):
        return None
    found = base_of(template.direction_deg)
    if found is None:
        return None
    base_deg, turn = found
    base_t = template.model_copy(update={"direction_deg": float(base_deg),
                                         "flip": template.flip != turn.mirrors})
    base_placed = Placed(placed.local_origin, None, placed.radius,
                         lambda: outline(base_t, policy.cone_shape, (0.0, 0.0), None))
    return TurnedStencil(template, placed, stencil(base_t, policy, base_placed), turn)


def stencil(template: AreaTemplate, policy: GeometryPolicy, placed: Placed) -> Stencil:
    """The stencil of this template's shape (remembered: the key is all its ring and counts
    depend on, in local coordinates)."""
    key = _key(template, policy, placed)
    found = _STENCILS.get(key)
    if found is None:
        found = _STENCILS.keep(key, _turned_copy(template, policy, placed)
                               or Stencil(template, placed))
    return found
