"""The scale bar in the map's lower-left corner: a round length in metres (1.5 m multiples)."""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

from battlemap.ui.i18n import language, measure
from battlemap.ui.map.units import PX, metres

NICE_M = [1.5, 3, 4.5, 6, 9, 15, 30, 45, 60, 90, 150, 300]
TARGET_PX = 120  # preferred bar length on screen
PAD_X, PAD_TOP = 6.0, 20.0  # the plate's margin around the bar (left, above)


@lru_cache(maxsize=1)
def _font() -> QFont:
    font = QFont("Sans Serif")
    font.setPixelSize(11)
    return font


def bar_length_m(zoom: float) -> float:
    per_px = metres(1.0 / PX) / max(zoom, 1e-9)  # metres per device pixel
    return min(NICE_M, key=lambda m: abs(m / per_px - TARGET_PX))


def _paint_bar(p: QPainter, x0: float, y0: float, w: float, length_m: float) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 200))
    p.drawRoundedRect(QRectF(x0 - PAD_X, y0 - PAD_TOP, w + 2 * PAD_X, 28), 4, 4)
    p.setPen(QPen(QColor("#111111"), 2))
    p.drawLine(QPointF(x0, y0), QPointF(x0 + w, y0))
    p.drawLine(QPointF(x0, y0 - 5), QPointF(x0, y0 + 3))
    p.drawLine(QPointF(x0 + w, y0 - 5), QPointF(x0 + w, y0 + 3))
    p.setFont(_font())
    p.drawText(QRectF(x0, y0 - 19, w, 14), Qt.AlignmentFlag.AlignCenter, f"{measure(length_m)} m")


@lru_cache(maxsize=8)
def _bar_pixmap(w: float, length_m: float, dpr: float, lang: str) -> QPixmap:
    """The bar drawn once per zoom: text and rounded plate cost ~0.4 ms a frame, a blit of
    this small picture almost nothing. Drawn at the same offsets as on screen, so it matches."""
    size = (math.ceil((w + 2 * PAD_X + 2) * dpr), math.ceil((PAD_TOP + 10) * dpr))
    pix = QPixmap(*size)
    pix.setDevicePixelRatio(dpr)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _paint_bar(p, PAD_X, PAD_TOP, w, length_m)
    p.end()
    return pix


def draw_scale_bar(p: QPainter, zoom: float, viewport_height: int) -> None:
    """Paints in viewport coordinates (the caller's transform is reset here)."""
    p.save()
    p.resetTransform()
    length_m = bar_length_m(zoom)
    w = length_m / 1.5 * PX * zoom  # 1.5 m per square, PX scene pixels per square
    x0, y0 = 14.0, viewport_height - 18.0
    device = p.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    p.drawPixmap(QPoint(round(x0 - PAD_X), round(y0 - PAD_TOP)),
                 _bar_pixmap(w, length_m, dpr, language()))  # "4,5 m" in French
    p.restore()
