"""A set of squares painted as one path (threatened squares, area of effect), with an
optional outline ring and a tooltip per square (the "why" of an area)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.units import PX

Square = tuple[int, int]


class SquaresOverlay(QGraphicsItem):
    def __init__(self, fill: QColor, outline: QColor | None = None, z: float = 3,
                 outline_width: float = 2.0) -> None:
        super().__init__()
        self.setZValue(z)
        self.fill = fill
        self.outline = outline
        self.outline_width = outline_width
        self.squares: set[Square] = set()
        self.why: Mapping[Square, str] = {}
        self.path = QPainterPath()
        self.setAcceptHoverEvents(True)
        # Empty overlays sit at the origin all evening: Qt would still call paint() on every
        # repaint that shows (0, 0), so they say they have nothing to draw until they do.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def set_squares(self, squares: set[Square] | list[Square],
                    why: Mapping[Square, str] | None = None) -> None:
        self.prepareGeometryChange()
        self.squares = {(int(c), int(r)) for c, r in squares}
        self.why = why or {}  # kept as given: an area's why is rendered on hover only
        path = QPainterPath()
        for c, r in sorted(self.squares):
            path.addRect(QRectF(c * PX, r * PX, PX, PX))
        self.path = path.simplified()  # one outline around the whole region
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, self.path.isEmpty())
        self.setToolTip("")
        self.update()
        # Zoomed far out the tokens may be in the view's background, under this overlay:
        # the scene lifts those it now covers back above it (background_tokens).
        below = getattr(self.scene(), "background_tokens", None)
        if below is not None:
            below.underlay_changed()

    def clear(self) -> None:
        self.set_squares(set())

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-3, -3, 3, 3)

    def shape(self) -> QPainterPath:
        return self.path

    def hoverMoveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        p = event.pos()
        sq = (int(p.x() // PX), int(p.y() // PX))
        self.setToolTip(self.why.get(sq, ""))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.path.isEmpty():
            return
        if self.fill.alpha():  # a ring only (the reach) skips rasterising an invisible fill
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.fill)
            p.drawPath(self.path)
        if self.outline is not None:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(self.outline, self.outline_width))
            p.drawPath(self.path)
