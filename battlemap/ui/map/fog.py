"""Fog of war for the players' window: one dark path over what the party cannot see. The
geometry core computes the visible region (battlemap.geometry.visibility); this item only turns
it into a QPainterPath and paints it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.geometry.visibility import party_viewpoints, visible_region
from battlemap.ui.map.overlays.area_overlay import shape_path

VIEWER_SIDE = "party"
# About half the wall pens (walls_item.LOOKS, 5–7 px of 64): the walls around the party's room
# stay drawn instead of being cut in half by the fog.
WALL_MARGIN = 0.05
FOG = QColor(18, 18, 22)


def party_region(session: Any) -> Any:
    """What the visible party tokens see, in grid units (shapely geometry)."""
    viewers = party_viewpoints(session.encounter.tokens, VIEWER_SIDE)
    return visible_region(session.geo, viewers, margin=WALL_MARGIN)


class FogItem(QGraphicsItem):
    """Z 50: above everything on the players' map; opaque where the party cannot see."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(50)
        self.path = QPainterPath()
        self._bounds = QRectF()

    def refresh(self, session: Any, grid_rect: QRectF) -> None:
        self.prepareGeometryChange()
        whole = QPainterPath()
        whole.addRect(grid_rect)
        self.path = whole.subtracted(shape_path(party_region(session)))
        self._bounds = grid_rect.adjusted(-2, -2, 2, 2)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.fillPath(self.path, FOG)
