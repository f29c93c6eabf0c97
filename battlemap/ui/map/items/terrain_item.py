"""Difficult terrain: every difficult square in one hatched path."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.units import PX


class TerrainItem(QGraphicsItem):
    """Z 2, over the map image and grid, under walls."""

    def __init__(self, squares: set[tuple[int, int]]) -> None:
        super().__init__()
        self.setZValue(2)
        self.path = QPainterPath()
        self.set_squares(squares)

    def set_squares(self, squares: set[tuple[int, int]]) -> None:
        self.prepareGeometryChange()
        path = QPainterPath()
        for c, r in sorted(squares):
            path.addRect(QRectF(c * PX, r * PX, PX, PX))
        self.path = path.simplified()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.path.isEmpty():
            return
        p.setPen(QPen(QColor(120, 90, 30, 200), 1.5))
        p.setBrush(QColor(160, 120, 40, 40))
        p.drawPath(self.path)
        hatch = QBrush(QColor(120, 90, 30, 150), Qt.BrushStyle.BDiagPattern)
        # Brush patterns scale with the view; keep the hatch in device space for legibility.
        p.setBrush(hatch)
        p.setPen(Qt.PenStyle.NoPen)
        p.drawPath(self.path)
