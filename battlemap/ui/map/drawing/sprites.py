"""Small drawings copied from pixmaps: drawn once per key, size and screen scale, then copied
pixel for pixel (text plates, a token's disc, the drag's ghost, a hit ring). A map repaints
the same few of them at every frame and every zoom step, and an antialiased ellipse or
rounded plate costs tens of thousands of instructions where a copy costs a few thousand."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

MAX_SPRITES = 512  # a few KB each: texts change with each move's cost, the badges repeat
# Zoomed far in, one large token's picture is megabytes: the pixels are bounded too.
MAX_SPRITE_BYTES = 64 * 1024 * 1024
_PIXMAPS: dict[tuple[object, ...], QPixmap] = {}
_held = [0]  # bytes of pixels in _PIXMAPS


def clear() -> None:
    """Forget every picture (they are drawn again on their next use)."""
    _PIXMAPS.clear()
    _held[0] = 0


def draw_cached(p: QPainter, rect: QRectF, key: tuple[object, ...],
                draw: Callable[[QPainter, QRectF], None], name: str = "") -> None:
    """What `draw(painter, rect)` paints in `rect` (scene units, antialiased, at most one unit
    or one device pixel outside it), drawn once per `key`, size and screen scale into a
    pixmap, then copied. Under a rotation, shear or uneven scale it is drawn as vectors.
    `name`: for tests."""
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
        size = pix.width() * pix.height() * 4
        if len(_PIXMAPS) >= MAX_SPRITES or _held[0] + size > MAX_SPRITE_BYTES:
            clear()
        _PIXMAPS[full] = pix
        _held[0] += size
    # Copied pixel for pixel: at the device position rounded to a whole pixel, with no
    # scaling (the pixmap is already at the screen's scale).
    m = _margin(scale)
    at = t.map(rect.topLeft() - QPointF(m, m))
    p.save()
    p.setWorldTransform(QTransform())
    p.drawPixmap(QPointF(round(at.x() * dpr) / dpr, round(at.y() * dpr) / dpr), pix)
    p.restore()


def _margin(scale: float) -> float:
    """Room around the drawing, in scene units: one unit (a border's width spills), and at
    least one device pixel (the antialiasing, zoomed far out)."""
    return max(1.0, 1.0 / scale)


def _render(rect: QRectF, name: str, draw: Callable[[QPainter, QRectF], None], scale: float,
            dpr: float) -> QPixmap:
    """`draw` with a margin (`_margin`) at `scale` device pixels per scene unit, for a screen
    of `dpr` device pixels per logical pixel."""
    m = _margin(scale)
    w = math.ceil((rect.width() + 2 * m) * scale)
    h = math.ceil((rect.height() + 2 * m) * scale)
    pix = QPixmap(max(1, w), max(1, h))
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    draw(painter, QRectF(m, m, rect.width(), rect.height()))
    painter.end()
    pix.setDevicePixelRatio(dpr)
    return pix
