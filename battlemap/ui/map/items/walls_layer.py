"""All walls, doors and windows in one background layer: a few paths per look and map region,
so 4,000 segments stay cheap to draw."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from battlemap.model import Wall, WallKind
from battlemap.ui.map.items.tiled_paths import TiledPaths
from battlemap.ui.map.units import PX

LOOKS = {
    # kind → pen: walls solid dark, closed doors thick brown, open doors thin dashed brown
    # (their leaf swung aside), windows dashed light blue (see-through, not passable).
    "wall": (QColor("#1d1d1d"), 5.0, Qt.PenStyle.SolidLine),
    "door_closed": (QColor("#7a4a12"), 7.0, Qt.PenStyle.SolidLine),
    "door_open": (QColor("#b07a30"), 2.5, Qt.PenStyle.DashLine),
    "window": (QColor("#5ab4f0"), 4.0, Qt.PenStyle.DashLine),
}
WIDEST = max(width for _, width, _ in LOOKS.values())
# Built once: a paint allocates no pen.
PENS = {key: QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        for key, (colour, width, style) in LOOKS.items()}


def look_key(wall: Wall) -> str:
    if wall.kind is WallKind.DOOR:
        return "door_open" if wall.open else "door_closed"
    return wall.kind.value


class WallsLayer:
    """The walls layer. Walls change rarely, so they are painted into the view's cached
    background (scene.drawBackground) rather than as a scene item: a repaint blits one opaque
    pixmap instead of blending a full-screen transparent layer. When the background is redrawn
    (zoom, scroll, a door opened), only the buckets near the exposed rectangle are stroked."""

    def __init__(self, walls: list[Wall]) -> None:
        self.tiles = TiledPaths(margin=WIDEST / 2 + 1)
        self.set_walls(walls)

    @property
    def paths(self) -> dict[str, QPainterPath]:
        """Every wall of each look as one path (tests, exports)."""
        return {k: self.tiles.whole(k) for k in LOOKS}

    def set_walls(self, walls: list[Wall]) -> None:
        tiles = TiledPaths(margin=WIDEST / 2 + 1)
        tiles.add_polylines(((look_key(w), w.points) for w in walls), scale=PX)
        self.tiles = tiles

    def bounds(self) -> QRectF:
        return self.tiles.bounds()

    def paint_layer(self, p: QPainter, exposed: QRectF) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for key, pen in PENS.items():
            p.setPen(pen)
            for path in self.tiles.visible(key, exposed):
                p.drawPath(path)
