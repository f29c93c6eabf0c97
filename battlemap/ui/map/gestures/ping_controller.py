"""Pings: a long click (the button held still ~0.6 s on a square no token stands on) or `P`
(at the mouse) rings the square on the GM's map and, through `view.marks`, on the players'
window, for a few seconds (overlays/ping.py). It is the GM's deliberate act: the players see
it even on a square the party cannot see. Nothing of the encounter changes."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QCursor, QMouseEvent

from battlemap.ui.map.drawing.overlays.ping import PingItem
from battlemap.ui.map.units import PX

LONG_PRESS_MS = 600
STILL_PX = 4  # a press that moves further is a drag, not a long click


class PingController(QObject):
    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.view = view
        self.items: list[PingItem] = []  # the GM map's pings under way
        self._pressed_at: QPointF | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(LONG_PRESS_MS)
        self._timer.timeout.connect(self._long_press)
        # Watched, never eaten: the press still reaches the tools and the rubber band.
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.LeftButton:
                self._pressed_at = event.position()
                self._timer.start()
            else:
                self._cancel()
        elif kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            if self._pressed_at is not None and (
                    (event.position() - self._pressed_at).manhattanLength() > STILL_PX):
                self._cancel()
        elif kind in (QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick):
            self._cancel()
        return False

    def _cancel(self) -> None:
        self._pressed_at = None
        self._timer.stop()

    def _long_press(self) -> None:
        at, self._pressed_at = self._pressed_at, None
        # A press some tool took (a token's drag, a template, the ruler) is that tool's.
        if at is None or self.view._tool_handler is not None:
            return
        square = self._square(at.toPoint())
        if self._token_on(square):
            return
        self.ping(square)

    def ping_at_mouse(self) -> None:
        """`P`: the square under the mouse, or the view's centre when the mouse is away."""
        pos = self.view.viewport().mapFromGlobal(QCursor.pos())
        if not self.view.viewport().rect().contains(pos):
            pos = self.view.viewport().rect().center()
        self.ping(self._square(pos))

    def _square(self, pos: QPoint) -> tuple[int, int]:
        sp = self.view.mapToScene(pos)
        return (math.floor(sp.x() / PX), math.floor(sp.y() / PX))

    def _token_on(self, square: tuple[int, int]) -> bool:
        c, r = square
        for tok in self.view.session.encounter.tokens:
            x0, y0, x1, y1 = tok.footprint_bounds()
            if x0 <= c + 0.5 < x1 and y0 <= r + 0.5 < y1:
                return True
        return False

    def ping(self, square: tuple[int, int]) -> None:
        item = PingItem(square)
        self.items = [i for i in self.items if not i.done]
        self.items.append(item)
        self.view.map_scene.addItem(item)
        self.view.marks.pinged.emit(*square)
