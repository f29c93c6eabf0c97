"""Scene units: one grid square is PX scene pixels, so pens and text keep sane sizes at zoom 1."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF

from battlemap.model import SQUARE_M

PX = 64.0  # scene pixels per grid unit (1 square = 1.5 m)


def to_scene(x: float, y: float) -> QPointF:
    return QPointF(x * PX, y * PX)


def to_grid(p: QPointF) -> tuple[float, float]:
    return (p.x() / PX, p.y() / PX)


def square_at(x: float, y: float) -> tuple[int, int]:
    """The square containing a point given in grid units."""
    return (math.floor(x), math.floor(y))


def square_rect(col: float, row: float, side: float = 1.0) -> QRectF:
    return QRectF(col * PX, row * PX, side * PX, side * PX)


def square_center(col: float, row: float) -> QPointF:
    return QPointF((col + 0.5) * PX, (row + 0.5) * PX)


def nearest_intersection(x: float, y: float) -> tuple[float, float]:
    return (float(round(x)), float(round(y)))


def metres(units: float) -> float:
    return units * SQUARE_M
