"""An area template on the map: covered squares (tooltip = why each is in), the squares its
shape reaches that walls cut off (dotted; tooltip = what stops the line from the origin),
the exact shape, the tokens hit outlined, and the size handle labelled in metres."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.model import SQUARE_M, AreaShape, AreaTemplate
from battlemap.ui.i18n import LazyWhy, measure
from battlemap.ui.map.drawing.overlays._contents import set_contents
from battlemap.ui.map.drawing.overlays.dashes import dash_path
from battlemap.ui.map.drawing.overlays.plates import (
    PLATE_HEIGHT,
    draw_plate,
    plate_font,
    plate_size,
    plate_width,
)
from battlemap.ui.map.drawing.overlays.squares_overlay import SquaresOverlay
from battlemap.ui.map.drawing.sprites import draw_cached
from battlemap.ui.map.units import PX

AREA_FILL = QColor(40, 110, 230, 70)
# Sparse dots over the squares walls cut off (not a hatch: difficult terrain has one).
CUT_DOTS = QColor(20, 60, 170, 150)
AREA_LINE = QColor(20, 80, 200, 220)
HIT = QColor(230, 60, 20)
HANDLE_R = 7.0
OUTLINE_WIDTH = 2.0
HALO = 3.5  # half the white halo's width under a hit token's ring


def shape_path(geom: Any) -> QPainterPath:
    """A shapely (multi)polygon as a QPainterPath in scene pixels."""
    path = QPainterPath()
    if geom is None or getattr(geom, "is_empty", True):
        return path
    polys = list(getattr(geom, "geoms", [geom]))
    for poly in polys:
        rings = [getattr(poly, "exterior", None), *getattr(poly, "interiors", [])]
        for ring in rings:
            if ring is None:
                continue
            pts = list(ring.coords)
            path.moveTo(QPointF(pts[0][0] * PX, pts[0][1] * PX))
            for x, y in pts[1:]:
                path.lineTo(QPointF(x * PX, y * PX))
            path.closeSubpath()
    return path


def shape_rings(geom: Any) -> list[np.ndarray]:
    """The rings of a shapely (multi)polygon, each a (k, 2) array of scene pixels."""
    if geom is None or getattr(geom, "is_empty", True):
        return []
    rings = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in [poly.exterior, *poly.interiors]:
            rings.append(np.asarray(ring.coords) * PX)
    return rings


def _draw_hit_ring(p: QPainter, rect: QRectF) -> None:
    """A token hit: an orange ring on a white halo (the orange alone vanishes on red discs),
    its circle `HALO` inside `rect` so that the halo is in it too."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (QPen(QColor("white"), 2 * HALO), QPen(HIT, 3.5)):
        p.setPen(pen)
        p.drawEllipse(rect.adjusted(HALO, HALO, -HALO, -HALO))


def handle_point(template: AreaTemplate, encounter: Any) -> tuple[float, float]:
    """Where the resize handle sits, in grid units."""
    r = template.size_m / SQUARE_M
    if template.origin is not None:
        ox, oy = template.origin
    else:
        tok = encounter.token(template.token)
        half = tok.size.squares / 2
        ox, oy, r = tok.col + half, tok.row + half, r + half
    if template.shape in (AreaShape.SPHERE, AreaShape.CYLINDER, AreaShape.EMANATION):
        return (ox + r, oy)
    a = math.radians(template.direction_deg)
    return (ox + r * math.cos(a), oy + r * math.sin(a))


class AreaOverlay(QGraphicsItem):
    """Z 4 (squares) / 22 (outline, handle, hits) through two child parts."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(22)
        self.squares = SquaresOverlay(AREA_FILL, None, z=4)
        self.cut = SquaresOverlay(CUT_DOTS, None, z=4, pattern=Qt.BrushStyle.Dense6Pattern)
        self.template: AreaTemplate | None = None
        self.result: Any = None
        self.hit_boxes: list[QRectF] = []
        self.outline = QPainterPath()  # the shape's dashes (`dashes`)
        self._shape_box = QRectF()
        self.handle: tuple[float, float] | None = None
        self._bounds = QRectF()
        # Nothing to paint until a template is shown (see SquaresOverlay).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def show_result(self, template: AreaTemplate | None, result: Any, encounter: Any) -> None:
        was = self.sceneBoundingRect()
        self.prepareGeometryChange()
        self.template, self.result = template, result
        set_contents(self, template is not None and result is not None, was)
        if template is None or result is None:
            self.squares.clear()
            self.cut.clear()
            self.outline, self.hit_boxes, self.handle = QPainterPath(), [], None
            self._shape_box = QRectF()
            self._bounds = QRectF()
            self.update()
            return
        # From the cells: a square's model (and its why) only when the mouse hovers it.
        self.squares.set_squares(result.cells())
        self.squares.why = LazyWhy(result.square_at, self.squares.squares)  # on hover
        cut = result.cut_cells()
        self.cut.set_squares(cut)
        self.cut.why = LazyWhy(result.cut_off_at, self.cut.squares) if len(cut) else {}
        rings = shape_rings(getattr(result, "shape", None))
        self.outline = dash_path(rings, OUTLINE_WIDTH)
        self._shape_box = QRectF()
        if rings:
            pts = np.concatenate(rings)
            (x0, y0), (x1, y1) = pts.min(axis=0).tolist(), pts.max(axis=0).tolist()
            self._shape_box = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.hit_boxes = []
        for tid in result.tokens:
            tok = encounter.token(tid)
            side = tok.size.squares * PX
            self.hit_boxes.append(QRectF(tok.col * PX, tok.row * PX, side, side))
        self.handle = handle_point(template, encounter)
        bounds = self._shape_box.united(self.squares.boundingRect())
        for b in self.hit_boxes:
            bounds = bounds.united(b)
        hx, hy = self.handle
        bounds = bounds.united(QRectF(hx * PX - 40, hy * PX - 30, 80, 60))
        # The size plate (`paint`): the whole of it, or a wide one is left on screen when cleared.
        w, _ = plate_size(f"{measure(template.size_m)} m")
        bounds = bounds.united(QRectF(hx * PX + 10, hy * PX - 20, w, PLATE_HEIGHT))
        self._bounds = bounds.adjusted(-6, -6, 6, 6)
        self.update()

    def template_box(self) -> QRectF:
        """The covered squares and the shape, in scene pixels (without the handle label)."""
        return self._shape_box.united(self.squares.boundingRect())

    def near_handle(self, x: float, y: float) -> bool:
        if self.handle is None:
            return False
        return math.hypot(x - self.handle[0], y - self.handle[1]) * PX <= HANDLE_R * 2

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.template is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(AREA_LINE, OUTLINE_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        p.drawPath(self.outline)  # dashed (see `dashes`)
        for box in self.hit_boxes:  # the same few rings at every preview: copied pixmaps
            ring = box.adjusted(1 - HALO, 1 - HALO, HALO - 1, HALO - 1)  # halo included
            draw_cached(p, ring, ("hit ring",), _draw_hit_ring)
        if self.handle is not None:
            c = QPointF(self.handle[0] * PX, self.handle[1] * PX)
            p.setPen(QPen(QColor("white"), 2))
            p.setBrush(AREA_LINE)
            p.drawEllipse(c, HANDLE_R, HANDLE_R)
            p.setFont(plate_font())
            text = f"{measure(self.template.size_m)} m"
            draw_plate(p, QRectF(c.x() + 10, c.y() - 20, plate_width(p, text), PLATE_HEIGHT), text,
                       AREA_LINE)
