"""All walls, doors and windows in one item: one path per look, so 4,000 segments stay cheap."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.model import Wall, WallKind
from battlemap.ui.map.units import PX

LOOKS = {
    # kind → pen: walls solid dark, closed doors thick brown, open doors thin dashed brown
    # (their leaf swung aside), windows dashed light blue (see-through, not passable).
    "wall": (QColor("#1d1d1d"), 5.0, Qt.PenStyle.SolidLine),
    "door_closed": (QColor("#7a4a12"), 7.0, Qt.PenStyle.SolidLine),
    "door_open": (QColor("#b07a30"), 2.5, Qt.PenStyle.DashLine),
    "window": (QColor("#5ab4f0"), 4.0, Qt.PenStyle.DashLine),
}


def look_key(wall: Wall) -> str:
    if wall.kind is WallKind.DOOR:
        return "door_open" if wall.open else "door_closed"
    return wall.kind.value


class WallsItem(QGraphicsItem):
    """Z 5, above terrain and below tokens."""

    def __init__(self, walls: list[Wall]) -> None:
        super().__init__()
        self.setZValue(5)
        self.paths: dict[str, QPainterPath] = {}
        self._bounds = QRectF()
        self.set_walls(walls)

    def set_walls(self, walls: list[Wall]) -> None:
        self.prepareGeometryChange()
        paths = {k: QPainterPath() for k in LOOKS}
        for w in walls:
            path = paths[look_key(w)]
            (x0, y0), *rest = w.points
            path.moveTo(QPointF(x0 * PX, y0 * PX))
            for x, y in rest:
                path.lineTo(QPointF(x * PX, y * PX))
        self.paths = paths
        bounds = QRectF()
        for path in paths.values():
            bounds = bounds.united(path.boundingRect())
        self._bounds = bounds.adjusted(-6, -6, 6, 6)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for key, (colour, width, style) in LOOKS.items():
            path = self.paths[key]
            if path.isEmpty():
                continue
            pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.drawPath(path)
