"""Segments with colours and text labels: cover sight lines, flanking lines, outlines of the
tokens an area hits. One item, repainted when its data changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.overlays._contents import set_contents
from battlemap.ui.map.drawing.overlays.label_layout import off_discs, token_discs
from battlemap.ui.map.drawing.overlays.plates import draw_plate, plate_font, plate_size
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
    # What it points at (x, y, w, h in grid units, a token's square): when a token's disc is
    # where the label would go, it moves beside that, off the discs (`placed_rects`).
    anchor: tuple[float, float, float, float] | None = None


def placed_rects(labels: list[Label], scene: Any) -> list[QRectF]:
    """Where each label is drawn (scene pixels): centred on its point, or, when that hides a
    token's disc or an earlier label, the first free spot beside its anchor."""
    out: list[QRectF] = []
    for lb in labels:
        w, h = plate_size(lb.text)
        rect = QRectF(lb.at[0] * PX - w / 2, lb.at[1] * PX - h / 2, w, h)
        if lb.anchor is not None:
            x, y, aw, ah = lb.anchor
            anchor = QRectF(x * PX, y * PX, aw * PX, ah * PX)
            near = anchor.adjusted(-w - PX, -4 * PX, w + PX, 4 * PX)
            rect = off_discs(rect, anchor, [*token_discs(scene, near), *out])
        out.append(rect)
    return out


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
        self.label_rects: list[QRectF] = []  # where each label is drawn (placed_rects)
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
        self.label_rects = placed_rects(self.labels, self.scene())
        xs = [x for s in segments for x in (s.a[0], s.b[0])]
        ys = [y for s in segments for y in (s.a[1], s.b[1])]
        for r in self.label_rects:
            xs += [r.left() / PX, r.right() / PX]
            ys += [r.top() / PX, r.bottom() / PX]
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
        for lb, rect in zip(self.labels, self.label_rects, strict=True):
            draw_plate(p, rect, lb.text, lb.colour)
