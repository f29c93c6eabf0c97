"""An area template on the map: covered squares (tooltip = why each is in), the exact shape,
the tokens hit outlined, and the size handle labelled in metres."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.model import SQUARE_M, AreaShape, AreaTemplate
from battlemap.ui.i18n import LazyWhy
from battlemap.ui.map.overlays.plates import PLATE_HEIGHT, draw_plate, plate_font, plate_width
from battlemap.ui.map.overlays.squares_overlay import SquaresOverlay
from battlemap.ui.map.units import PX

AREA_FILL = QColor(40, 110, 230, 70)
AREA_LINE = QColor(20, 80, 200, 220)
HIT = QColor(230, 60, 20)
HANDLE_R = 7.0


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
        self.template: AreaTemplate | None = None
        self.result: Any = None
        self.hit_boxes: list[QRectF] = []
        self.outline = QPainterPath()
        self.handle: tuple[float, float] | None = None
        self._bounds = QRectF()
        # Nothing to paint until a template is shown (see SquaresOverlay).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def show_result(self, template: AreaTemplate | None, result: Any, encounter: Any) -> None:
        self.prepareGeometryChange()
        self.template, self.result = template, result
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents,
                     template is None or result is None)
        if template is None or result is None:
            self.squares.clear()
            self.outline, self.hit_boxes, self.handle = QPainterPath(), [], None
            self._bounds = QRectF()
            self.update()
            return
        self.squares.set_squares([s.square for s in result.squares],
                                 LazyWhy(result.squares))
        self.outline = shape_path(getattr(result, "shape", None))
        self.hit_boxes = []
        for tid in result.tokens:
            tok = encounter.token(tid)
            side = tok.size.squares * PX
            self.hit_boxes.append(QRectF(tok.col * PX, tok.row * PX, side, side))
        self.handle = handle_point(template, encounter)
        bounds = self.outline.boundingRect().united(self.squares.boundingRect())
        for b in self.hit_boxes:
            bounds = bounds.united(b)
        hx, hy = self.handle
        bounds = bounds.united(QRectF(hx * PX - 40, hy * PX - 30, 80, 60))
        self._bounds = bounds.adjusted(-6, -6, 6, 6)
        self.update()

    def template_box(self) -> QRectF:
        """The covered squares and the shape, in scene pixels (without the handle label)."""
        return self.outline.boundingRect().united(self.squares.boundingRect())

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
        p.setPen(QPen(AREA_LINE, 2, Qt.PenStyle.DashLine))
        p.drawPath(self.outline)
        # A white halo under the ring: the orange alone vanishes on red (foe) discs.
        for pen in (QPen(QColor("white"), 7), QPen(HIT, 3.5)):
            p.setPen(pen)
            for box in self.hit_boxes:
                p.drawEllipse(box.adjusted(1, 1, -1, -1))
        if self.handle is not None:
            c = QPointF(self.handle[0] * PX, self.handle[1] * PX)
            p.setPen(QPen(QColor("white"), 2))
            p.setBrush(AREA_LINE)
            p.drawEllipse(c, HANDLE_R, HANDLE_R)
            p.setFont(plate_font())
            text = f"{self.template.size_m:g} m"
            draw_plate(p, QRectF(c.x() + 10, c.y() - 20, plate_width(p, text), PLATE_HEIGHT), text,
                       AREA_LINE)
