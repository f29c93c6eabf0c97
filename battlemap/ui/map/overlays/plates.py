"""The map's text plates (a rounded white plate, a coloured border, bold coloured text): cover
badges, opportunity attacks, the cost of a move. Each plate is drawn once per text, colour and
screen scale into a pixmap, then copied: a drag repaints the same badges at every frame, and
a plate drawn as vectors (antialiased rounded border, shaped text) cost ~60 µs each on the
machines here, a copy a few. `draw_cached` does the same for any small drawing (the drag's
dashed ghost: a dashed antialiased circle cost ~0.4 M instructions a frame at play zoom)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap, QTransform

MAX_PLATES = 512  # a few KB each: texts change with each move's cost, the badges repeat
RADIUS = 5.0
BORDER = 1.5
BACKGROUND = QColor(255, 255, 255, 235)  # the map shows faintly through
PLATE_HEIGHT = 18.0  # scene units
PLATE_PADDING = 10.0  # the plate's width beyond its text's
_PIXMAPS: dict[tuple[object, ...], QPixmap] = {}


@lru_cache(maxsize=1)
def plate_font() -> QFont:
    f = QFont("Sans Serif")
    f.setPixelSize(11)
    f.setBold(True)
    return f


def plate_width(p: QPainter, text: str) -> float:
    """Width of the plate of `text` in scene units (the painter's font is the plates')."""
    return p.fontMetrics().horizontalAdvance(text) + PLATE_PADDING


def _draw_vector(p: QPainter, rect: QRectF, text: str, colour: QColor,
                 background: QColor) -> None:
    p.setPen(QPen(colour, BORDER))
    p.setBrush(background)
    p.drawRoundedRect(rect, RADIUS, RADIUS)
    p.setPen(colour)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def draw_plate(p: QPainter, rect: QRectF, text: str, colour: QColor,
               background: QColor = BACKGROUND) -> None:
    """Draw the plate in `rect` (scene units). The painter's font must be `plate_font()`.
    Under a rotation, shear or uneven scale (never on the map) it is drawn as vectors."""
    draw_cached(p, rect, ("plate", text, colour.rgba(), background.rgba()),
                lambda q, r: _draw_vector(q, r, text, colour, background), text)


def draw_cached(p: QPainter, rect: QRectF, key: tuple[object, ...],
                draw: Callable[[QPainter, QRectF], None], name: str = "") -> None:
    """What `draw(painter, rect)` paints in `rect` (scene units, antialiased, at most one unit
    outside it), drawn once per `key`, size and screen scale into a pixmap, then copied.
    Under a rotation, shear or uneven scale it is drawn as vectors. `name`: for tests."""
    t = p.worldTransform()
    if (t.m12() or t.m21() or t.m11() <= 0 or t.m22() != t.m11()  # turned, sheared, stretched
            or t.m13() or t.m23()):  # or projected
        draw(p, rect)
        return
    dpr = p.device().devicePixelRatioF()
    scale = t.m11() * dpr  # device pixels per scene unit
    full = (*key, round(rect.width(), 3), round(rect.height(), 3), round(scale, 4))
    pix = _PIXMAPS.get(full)
    if pix is None:
        pix = _render(rect, name, draw, scale, dpr)
        if len(_PIXMAPS) >= MAX_PLATES:
            _PIXMAPS.clear()
        _PIXMAPS[full] = pix
    # Copied pixel for pixel: at the device position rounded to a whole pixel, with no
    # scaling (the pixmap is already at the screen's scale).
    at = t.map(rect.topLeft() - QPointF(1, 1))
    p.save()
    p.setWorldTransform(QTransform())
    p.drawPixmap(QPointF(round(at.x() * dpr) / dpr, round(at.y() * dpr) / dpr), pix)
    p.restore()


def _render(rect: QRectF, name: str, draw: Callable[[QPainter, QRectF], None], scale: float,
            dpr: float) -> QPixmap:
    """`draw` with a one-unit margin (the antialiasing of a border) at `scale` device pixels
    per scene unit, for a screen of `dpr` device pixels per logical pixel."""
    w = math.ceil((rect.width() + 2) * scale)
    h = math.ceil((rect.height() + 2) * scale)
    pix = QPixmap(max(1, w), max(1, h))
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.setFont(plate_font())
    draw(painter, QRectF(1, 1, rect.width(), rect.height()))
    painter.end()
    pix.setDevicePixelRatio(dpr)
    return pix
