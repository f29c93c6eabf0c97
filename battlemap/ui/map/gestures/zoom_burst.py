"""Zoom bursts: while the wheel turns, the map shows the picture it had before the first
notch, scaled to the new zoom, and draws itself again once the wheel has stopped.

A zoom step draws the background and every token in view again at the new scale (Qt's caches
are per scale): 15–60 ms on the stress map, so each notch of a burst, and each of the many
small steps of a smooth wheel or a touchpad, stalled for a frame or more. Scaling one picture
costs a few milliseconds. The sharp picture comes SETTLE_MS after the last step, or at once
when the GM presses a button or the view is resized."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPainter, QPixmap, QRegion
from PySide6.QtWidgets import QWidget

from battlemap.ui.map.scene import OUTSIDE

# Wheel notches of one burst come every 10–60 ms; a pause longer than this ends it.
SETTLE_MS = 120


class ZoomBurst:
    """The picture shown during a burst of zoom steps of `view` (a MapView)."""

    def __init__(self, view: Any) -> None:
        self._view = view
        self._shot: tuple[QPixmap, QRectF] | None = None  # the picture, the scene it shows
        self.grabbing = False  # the picture is being taken: no scale bar in it
        self._timer = QTimer(view)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.settle)

    @property
    def active(self) -> bool:
        return self._shot is not None

    def step(self) -> None:
        """Call before each zoom step of a burst: the first keeps the picture on screen (Qt
        paints it again from its caches, still valid at this scale); each restarts the wait.
        Not while a button is held: a drag's previews must stay live."""
        view = self._view
        if (self._shot is None and view.isVisible() and view.painted_once
                and QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton):
            self._shot = (self._picture(), view.mapToScene(view.viewport().rect()).boundingRect())
        self._timer.start()

    def _picture(self) -> QPixmap:
        """The map as on screen, without the widgets docked on it (they move by themselves)
        and without the scale bar (drawn anew over the scaled picture)."""
        viewport = self._view.viewport()
        dpr = viewport.devicePixelRatioF()
        picture = QPixmap(round(viewport.width() * dpr), round(viewport.height() * dpr))
        picture.setDevicePixelRatio(dpr)
        self.grabbing = True
        try:
            viewport.render(picture, QPoint(), QRegion(), QWidget.RenderFlag.DrawWindowBackground)
        finally:
            self.grabbing = False
        return picture

    def settle(self) -> None:
        """End the burst: the view draws the scene at its zoom."""
        if self._shot is None:
            return
        self._shot = None
        self._timer.stop()
        self._view.viewport().update()

    def paint(self, p: QPainter) -> None:
        """The kept picture where its part of the scene now lies; around it (zoomed out) the
        colour outside the map until the burst ends."""
        assert self._shot is not None
        picture, shown = self._shot
        view = self._view
        target = view.viewportTransform().mapRect(shown)
        # Only what the picture leaves uncovered is filled (zoomed in: nothing); the edge's
        # pixels it covers in part are filled too.
        w, h = view.viewport().width(), view.viewport().height()
        left, top = max(0, math.ceil(target.left())), max(0, math.ceil(target.top()))
        right, bottom = min(w, math.floor(target.right())), min(h, math.floor(target.bottom()))
        for x, y, bw, bh in ((0, 0, w, top), (0, bottom, w, h - bottom),
                             (0, top, left, bottom - top), (right, top, w - right, bottom - top)):
            if bw > 0 and bh > 0:
                p.fillRect(x, y, bw, bh, OUTSIDE)
        # Nearest pixels, not filtered: half the cost (~2 vs ~4 ms at 1920×1080), and the
        # picture is on screen for a moment only.
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        p.drawPixmap(target, picture, QRectF(picture.rect()))
