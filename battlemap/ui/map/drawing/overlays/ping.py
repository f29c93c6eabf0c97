"""A ping: rings widening from a square's centre for a few seconds, on the GM's map and the
players' (README "Move and measure"). It goes by itself; nothing of the encounter changes."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.units import PX

PING_MS = 3000  # how long a ping shows
RING_MS = 1000  # one ring's widening
RINGS = 2  # rings under way at once
FRAME_MS = 33
PING = QColor(255, 120, 0)
REACH = 1.6  # the widest ring's radius, in squares
PING_Z = 60  # above the players' fog (50): the GM shows this spot on purpose


class PingItem(QGraphicsObject):
    def __init__(self, square: tuple[int, int], duration_ms: int = PING_MS) -> None:
        super().__init__()
        self.square = square
        self.done = False  # gone from its scene (the Qt object is deleted soon after)
        self.setZValue(PING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.centre = QPointF((square[0] + 0.5) * PX, (square[1] + 0.5) * PX)
        self._clock = QElapsedTimer()
        self._clock.start()
        self._frames = QTimer(self)
        self._frames.setInterval(FRAME_MS)
        self._frames.timeout.connect(self.update)
        self._frames.start()
        QTimer.singleShot(duration_ms, self, self.finish)

    def finish(self) -> None:
        self.done = True
        self._frames.stop()
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)
        self.deleteLater()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        r = REACH * PX + 4
        return QRectF(self.centre.x() - r, self.centre.y() - r, 2 * r, 2 * r)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        now = self._clock.elapsed()
        for k in range(RINGS):
            phase = ((now + k * RING_MS / RINGS) % RING_MS) / RING_MS
            colour = QColor(PING)
            colour.setAlphaF(1.0 - phase)
            p.setPen(QPen(colour, 4.0))
            radius = (0.2 + phase * (REACH - 0.2)) * PX
            p.drawEllipse(self.centre, radius, radius)
        p.setPen(QPen(PING, 2.0))
        p.setBrush(PING)
        p.drawEllipse(self.centre, 4.0, 4.0)
