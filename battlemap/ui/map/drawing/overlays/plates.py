"""The map's text plates (a rounded white plate, a coloured border, bold coloured text): cover
badges, opportunity attacks, the cost of a move. Each plate is drawn once per text, colour and
screen scale into a pixmap, then copied (`sprites`): a drag repaints the same badges at every
frame, and a plate drawn as vectors (antialiased rounded border, shaped text) cost ~60 µs
each on the machines here, a copy a few."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen

from battlemap.ui.map.drawing.sprites import draw_cached

RADIUS = 5.0
BORDER = 1.5
BACKGROUND = QColor(255, 255, 255, 235)  # the map shows faintly through
PLATE_HEIGHT = 18.0  # scene units
PLATE_PADDING = 10.0  # the plate's width beyond its text's


@lru_cache(maxsize=1)
def plate_font() -> QFont:
    f = QFont("Sans Serif")
    f.setPixelSize(11)
    f.setBold(True)
    return f


def plate_size(text: str) -> tuple[float, float]:
    """The plate of `text` in scene units, measured without a painter."""
    return QFontMetrics(plate_font()).horizontalAdvance(text) + PLATE_PADDING, PLATE_HEIGHT


def plate_width(p: QPainter, text: str) -> float:
    """Width of the plate of `text` in scene units (the painter's font is the plates')."""
    return p.fontMetrics().horizontalAdvance(text) + PLATE_PADDING


def _draw_vector(p: QPainter, rect: QRectF, text: str, colour: QColor,
                 background: QColor) -> None:
    p.setFont(plate_font())
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


