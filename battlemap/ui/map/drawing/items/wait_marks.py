"""The marks round the creatures waiting to act (out of the order by the system's delay or
hold, `TurnState.waiting`): a dashed ring and a « ‖ » badge on top of it, so the GM sees on
the map who may still step in, not only in the initiative dock. One item per scene for all of
them, beside the acting creature's ring and under the token discs like it; the players' map
marks only the creatures the party sees (`MapScene.refresh_turn_ring`)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.items.token_item import TOKEN_Z
from battlemap.ui.map.drawing.items.token_marks import BADGE_PX, font
from battlemap.ui.map.drawing.items.turn_ring import RING_OUT, RING_PX

WAITING_MARK = "‖"  # a pause sign every interface font has (the dock and players' list too)
WAIT = QColor(30, 136, 229)  # blue: apart from the amber of the acting creature
WAIT_UNDER = QColor(255, 255, 255, 200)  # under the dashes: they read on dark maps and light
BADGE = QColor(21, 101, 192)
BADGE_W = 22.0
BADGE_TALL = 18.0
DISC_CLEAR = 3.0  # the badge's bottom below the square's top: above the disc's inset rim
DASHES = [2.0, 1.2]  # in pen widths: long dashes, short gaps, still dashed zoomed out


class WaitMarks(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(TOKEN_Z - 0.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._boxes: dict[str, QRectF] = {}  # waiting creature → its footprint, scene pixels
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    @property
    def token_ids(self) -> list[str]:
        """The creatures marked as waiting, in the order given."""
        return list(self._boxes)

    def show_at(self, boxes: dict[str, QRectF]) -> None:
        """Mark each creature's footprint in `boxes` (scene pixels); empty: none."""
        boxes = {tid: QRectF(box) for tid, box in boxes.items() if not box.isEmpty()}
        if boxes == self._boxes:
            return
        scene = self.scene()
        if scene is not None and not self._bounds.isEmpty():
            scene.update(self._bounds)  # the marks that go leave no pixel behind
        self.prepareGeometryChange()
        self._boxes = boxes
        bounds = QRectF()
        for box in boxes.values():
            bounds = bounds.united(_reach(box))
        self._bounds = bounds
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not boxes)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return QRectF(self._bounds)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self._boxes:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setFont(font(BADGE_PX + 5, bold=True))
        dashed = QPen(WAIT, RING_PX)
        dashed.setDashPattern(DASHES)
        under = QPen(WAIT_UNDER, RING_PX * 0.6)
        for box in self._boxes.values():
            ring = box.adjusted(-RING_OUT, -RING_OUT, RING_OUT, RING_OUT)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(under)
            p.drawEllipse(ring)
            p.setPen(dashed)
            p.drawEllipse(ring)
            badge = _badge(box)
            p.setPen(QPen(QColor("white"), 1))
            p.setBrush(BADGE)
            p.drawRoundedRect(badge, 5, 5)
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, WAITING_MARK)


def _badge(box: QRectF) -> QRectF:
    """The « ‖ » plate, on the top of the ring, just clear of the disc (which is drawn over
    it: it sits under the tokens as the ring does)."""
    bottom = box.top() + DISC_CLEAR
    return QRectF(box.center().x() - BADGE_W / 2, bottom - BADGE_TALL, BADGE_W, BADGE_TALL)


def _reach(box: QRectF) -> QRectF:
    """What one creature's marks cover: the ring with its halo, and the badge."""
    m = RING_OUT + RING_PX * 2
    return box.adjusted(-m, -m, m, m).united(_badge(box).adjusted(-1, -1, 1, 1))
