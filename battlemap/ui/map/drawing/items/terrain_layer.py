"""Difficult terrain: every difficult square tinted and hatched, each patch outlined."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from battlemap.ui.map.drawing.items.tiled_paths import TiledPaths
from battlemap.ui.map.units import PX

OUTLINE = QPen(QColor(120, 90, 30, 200), 1.5)
TINT = QColor(160, 120, 40, 40)
HATCH = QBrush(QColor(120, 90, 30, 150), Qt.BrushStyle.BDiagPattern)


class TerrainLayer:
    """The difficult-terrain layer, painted into the view's cached background under the walls
    (see WallsLayer). Squares are axis-aligned: fills need no antialiasing, and only the
    squares and patch outlines near the exposed rectangle are drawn."""

    def __init__(self, squares: set[tuple[int, int]]) -> None:
        self.squares: set[tuple[int, int]] = set()
        self.outline = TiledPaths(margin=2.0)
        self.set_squares(squares)

    @property
    def path(self) -> QPainterPath:
        """The outline of the whole region (tests, exports)."""
        return self.outline.whole("outline")

    def set_squares(self, squares: set[tuple[int, int]]) -> None:
        self.squares = {(int(c), int(r)) for c, r in squares}
        region = QPainterPath()
        for c, r in sorted(self.squares):
            region.addRect(QRectF(c * PX, r * PX, PX, PX))
        outline = TiledPaths(margin=2.0)
        # One piece per connected patch, so a paint strokes only the patches it exposes.
        for polygon in region.simplified().toSubpathPolygons():
            piece = QPainterPath()
            piece.addPolygon(polygon)
            outline.add("outline", piece)
        self.outline = outline

    def bounds(self) -> QRectF:
        return self.outline.bounds()

    def _exposed_squares(self, exposed: QRectF) -> list[QRectF]:
        if exposed.isNull():
            return [QRectF(c * PX, r * PX, PX, PX) for c, r in self.squares]
        c0, c1 = math.floor(exposed.left() / PX), math.floor(exposed.right() / PX)
        r0, r1 = math.floor(exposed.top() / PX), math.floor(exposed.bottom() / PX)
        if (c1 - c0 + 1) * (r1 - r0 + 1) < len(self.squares):
            cells = ((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
            return [QRectF(c * PX, r * PX, PX, PX) for c, r in cells if (c, r) in self.squares]
        return [QRectF(c * PX, r * PX, PX, PX) for c, r in self.squares
                if c0 <= c <= c1 and r0 <= r <= r1]

    def paint_layer(self, p: QPainter, exposed: QRectF) -> None:
        if not self.squares:
            return
        rects = self._exposed_squares(exposed)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(TINT)
        p.drawRects(rects)
        p.setBrush(HATCH)
        p.drawRects(rects)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(OUTLINE)
        for path in self.outline.visible("outline", exposed):
            p.drawPath(path)
