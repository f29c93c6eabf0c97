"""Segments with colours and text labels: cover sight lines, flanking lines, outlines of the
tokens an area hits. One item, repainted when its data changes."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.overlays._contents import set_contents
from battlemap.ui.map.drawing.overlays.plates import (
    PLATE_HEIGHT,
    draw_plate,
    plate_font,
    plate_width,
)
from battlemap.ui.map.units import PX

Point = tuple[float, float]


@dataclass
class Segment:
    a: Point  # grid units
    b: Point
    colour: QColor
    width: float = 2.0
    dashed: bool = False


@dataclass
class Label:
    at: Point  # grid units, centre of the label
    text: str
    colour: QColor


@dataclass
class Box:
    rect: tuple[float, float, float, float]  # x, y, w, h in grid units
    colour: QColor


class LinesOverlay(QGraphicsItem):
    def __init__(self, z: float = 21) -> None:
        super().__init__()
        self.setZValue(z)
        self.segments: list[Segment] = []
        self.labels: list[Label] = []
        self.boxes: list[Box] = []
        self._bounds = QRectF()
        # Nothing to paint until content arrives (see SquaresOverlay).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def set_content(self, segments: list[Segment], labels: list[Label] | None = None,
                    boxes: list[Box] | None = None) -> None:
        content = (list(segments), list(labels or []), list(boxes or []))
        if content == (self.segments, self.labels, self.boxes):
            return  # a drag's next square often keeps every badge: nothing to repaint
        was = self.sceneBoundingRect()
        self.prepareGeometryChange()
        self.segments, self.labels, self.boxes = content
        xs = [x for s in segments for x in (s.a[0], s.b[0])] + [lb.at[0] for lb in self.labels]
        ys = [y for s in segments for y in (s.a[1], s.b[1])] + [lb.at[1] for lb in self.labels]
        for bx in self.boxes:
            xs += [bx.rect[0], bx.rect[0] + bx.rect[2]]
            ys += [bx.rect[1], bx.rect[1] + bx.rect[3]]
        if xs:
            self._bounds = QRectF((min(xs) - 4) * PX, (min(ys) - 1) * PX,
                                  (max(xs) - min(xs) + 8) * PX, (max(ys) - min(ys) + 2) * PX)
        else:
            self._bounds = QRectF()
        set_contents(self, bool(xs), was)
        self.update()

    def clear(self) -> None:
        self.set_content([])

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for bx in self.boxes:
            x, y, w, h = bx.rect
            p.setPen(QPen(bx.colour, 3))
            p.drawRect(QRectF(x * PX, y * PX, w * PX, h * PX))
        for s in self.segments:
            style = Qt.PenStyle.DashLine if s.dashed else Qt.PenStyle.SolidLine
            p.setPen(QPen(s.colour, s.width, style, Qt.PenCapStyle.RoundCap))
            p.drawLine(QPointF(s.a[0] * PX, s.a[1] * PX), QPointF(s.b[0] * PX, s.b[1] * PX))
        p.setFont(plate_font())
        for lb in self.labels:
            w = plate_width(p, lb.text)
            rect = QRectF(lb.at[0] * PX - w / 2, lb.at[1] * PX - PLATE_HEIGHT / 2, w, PLATE_HEIGHT)
            draw_plate(p, rect, lb.text, lb.colour)
