"""The scale bar in the map's lower-left corner: a round length in metres (1.5 m multiples)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from battlemap.ui.map.units import PX, metres

NICE_M = [1.5, 3, 4.5, 6, 9, 15, 30, 45, 60, 90, 150, 300]
TARGET_PX = 120  # preferred bar length on screen


@lru_cache(maxsize=1)
def _font() -> QFont:
    font = QFont("Sans Serif")
    font.setPixelSize(11)
    return font


def bar_length_m(zoom: float) -> float:
    per_px = metres(1.0 / PX) / max(zoom, 1e-9)  # metres per device pixel
    return min(NICE_M, key=lambda m: abs(m / per_px - TARGET_PX))


def draw_scale_bar(p: QPainter, zoom: float, viewport_height: int) -> None:
    """Paints in viewport coordinates (the caller's transform is reset here)."""
    p.save()
    p.resetTransform()
    length_m = bar_length_m(zoom)
    w = length_m / 1.5 * PX * zoom  # 1.5 m per square, PX scene pixels per square
    x0, y0 = 14.0, viewport_height - 18.0
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 200))
    p.drawRoundedRect(QRectF(x0 - 6, y0 - 20, w + 12, 28), 4, 4)
    p.setPen(QPen(QColor("#111111"), 2))
    p.drawLine(QPointF(x0, y0), QPointF(x0 + w, y0))
    p.drawLine(QPointF(x0, y0 - 5), QPointF(x0, y0 + 3))
    p.drawLine(QPointF(x0 + w, y0 - 5), QPointF(x0 + w, y0 + 3))
    p.setFont(_font())
    p.drawText(QRectF(x0, y0 - 19, w, 14), Qt.AlignmentFlag.AlignCenter, f"{length_m:g} m")
    p.restore()
