"""The ring round the creature whose turn it is, on the GM's map and on the players' (there
only when the party sees that creature). One item per scene, moved to the acting creature's
square; it sits just under the token discs, so a neighbour's disc is never hidden by it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.items.token_item import TOKEN_Z
from battlemap.ui.map.drawing.overlays._contents import set_contents

RING = QColor(255, 179, 0)  # amber: the initiative dock's highlight, opaque
RING_HALO = QColor(255, 179, 0, 90)
RING_PX = 4.0  # ring width, scene pixels
RING_OUT = 5.0  # how far the ring stands outside the creature's square


class TurnRing(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(TOKEN_Z - 0.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._box = QRectF()  # the acting creature's square, scene pixels; empty: none
        self.token_id: str | None = None
        set_contents(self, False, QRectF())

    def show_at(self, token_id: str | None, box: QRectF | None) -> None:
        """Ring `box` (the creature's footprint in scene pixels), or nothing."""
        box = QRectF() if box is None or token_id is None else QRectF(box)
        if box == self._box and token_id == self.token_id:
            return
        was = self.sceneBoundingRect()
        self.prepareGeometryChange()
        self._box, self.token_id = box, token_id if not box.isEmpty() else None
        set_contents(self, not box.isEmpty(), was)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        if self._box.isEmpty():
            return QRectF()
        m = RING_OUT + RING_PX * 2
        return self._box.adjusted(-m, -m, m, m)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._box.isEmpty():
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        ring = self._box.adjusted(-RING_OUT, -RING_OUT, RING_OUT, RING_OUT)
        p.setPen(QPen(RING_HALO, RING_PX * 2.5))
        p.drawEllipse(ring)
        p.setPen(QPen(RING, RING_PX))
        p.drawEllipse(ring)


def ring_box(item: Any) -> QRectF:
    """A token item's footprint in scene pixels."""
    return QRectF(item.footprint().translated(item.pos()))
