"""The ruler on a map (the GM's, and the players' when the GM shows it them): a line
through the centres of the squares measured, a dot on each waypoint, and at the end a plate
with each leg and the total in the reader's language (« 4,5 m + 3 m = 7,5 m »)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.i18n import say
from battlemap.ui.map.drawing.overlays.plates import draw_plate, plate_font, plate_size
from battlemap.ui.map.gestures.tools.ruler_tool import Measure, measure_message
from battlemap.ui.map.units import PX

RULER = QColor(20, 90, 200)
HALO = QColor(255, 255, 255, 210)
DOT = 5.0  # waypoint dot radius, scene units
RULER_Z = 30  # above the tokens and the route (20); a players' map puts it under its fog


class RulerItem(QGraphicsItem):
    """Empty (nothing painted) until a measure is set."""

    def __init__(self, z: float = RULER_Z) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.measure: Measure | None = None
        self.text = ""
        self._bounds = QRectF()

    def set_measure(self, measure: Measure | None) -> None:
        self.prepareGeometryChange()
        self.measure = measure
        self.relabel()

    def relabel(self) -> None:
        """The plate's words in the interface's language (after a switch, too)."""
        self.prepareGeometryChange()
        self.text = "" if self.measure is None else say(measure_message(self.measure))
        self._bounds = self._box()
        self.update()

    def centres(self) -> list[QPointF]:
        pts = self.measure.points if self.measure is not None else ()
        return [QPointF((c + 0.5) * PX, (r + 0.5) * PX) for c, r in pts]

    def label_rect(self) -> QRectF:
        """The plate, just below and right of the end square's centre."""
        w, h = plate_size(self.text)
        end = self.centres()[-1]
        return QRectF(end.x() + PX * 0.3, end.y() + PX * 0.3, w, h)

    def _box(self) -> QRectF:
        pts = self.centres()
        if not pts:
            return QRectF()
        box = QPolygonF(pts).boundingRect().adjusted(-DOT - 4, -DOT - 4, DOT + 4, DOT + 4)
        return box.united(self.label_rect().adjusted(-2, -2, 2, 2))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pts = self.centres()
        if not pts:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        line = QPolygonF(pts)
        for colour, width in ((HALO, 6.0), (RULER, 3.0)):
            pen = QPen(colour, width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(line)
        p.setPen(QPen(HALO, 1.5))
        p.setBrush(RULER)
        for pt in pts:
            p.drawEllipse(pt, DOT, DOT)
        p.setFont(plate_font())
        draw_plate(p, self.label_rect(), self.text, RULER)
