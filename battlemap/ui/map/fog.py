"""Fog of war for the players' window: one dark path over what the party cannot see. The
geometry core computes the visible region (battlemap.geometry.visibility); this item only turns
it into a QPainterPath and paints it.

The region costs tens of milliseconds with a party, so it is recomputed only when what it
depends on changes (a party token's position, size or visibility, the walls and doors, the
grid), and a burst of changes (an undo of ten moves) costs one computation: the item is marked
stale and a 0-ms single-shot timer does the work once the burst is over. Reading `path` (a
paint, a test) brings a stale fog up to date first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.overlays.area_overlay import shape_path

VIEWER_SIDE = "party"
# About half the wall pens (walls_layer.LOOKS, 5–7 px of 64): the walls around the party's room
# stay drawn instead of being cut in half by the fog.
WALL_MARGIN = 0.05
FOG = QColor(18, 18, 22)
# Changes that can move a wall or resize the map: always recompute.
WORLD_CHANGES = ("walls", "grid", "all", "options")


def viewpoints(session: Any) -> list[tuple[float, float]]:
    from battlemap.geometry.visibility import party_viewpoints

    return party_viewpoints(session.encounter.tokens, VIEWER_SIDE)


def party_region(session: Any) -> Any:
    """What the visible party tokens see, in grid units (shapely geometry)."""
    from battlemap.geometry.visibility import visible_region

    return visible_region(session.geo, viewpoints(session), margin=WALL_MARGIN)


class FogItem(QGraphicsItem):
    """Z 50: above everything on the players' map; opaque where the party cannot see."""

    def __init__(self, session: Any, grid_rect: Callable[[], QRectF]) -> None:
        super().__init__()
        self.setZValue(50)
        # The fog changes far less often than the view repaints: blit it from a cache.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.session = session
        self._grid_rect = grid_rect
        self._path = QPainterPath()
        self._bounds = QRectF()
        self._seen: list[tuple[float, float]] | None = None
        self._stale = False
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh_if_stale)
        self.computations = 0  # how many times the region was computed (tests, profiling)

    @property
    def path(self) -> QPainterPath:
        self.refresh_if_stale()
        return self._path

    def refresh(self) -> None:
        """Recompute now (fog switched on, or a stale fog about to be shown)."""
        self._timer.stop()
        self._stale = False
        self.prepareGeometryChange()
        grid = self._grid_rect()
        whole = QPainterPath()
        whole.addRect(grid)
        self._seen = viewpoints(self.session)
        self._path = whole.subtracted(shape_path(party_region(self.session)))
        self._bounds = grid.adjusted(-2, -2, 2, 2)
        self.computations += 1
        self.update()

    def refresh_if_stale(self) -> None:
        if self._stale:
            self.refresh()

    def on_change(self, change: Any) -> None:
        """Mark the fog stale when the change can alter what the party sees."""
        kind = getattr(change, "kind", "all")
        if kind in WORLD_CHANGES or (kind == "tokens" and viewpoints(self.session) != self._seen):
            self._stale = True
            self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self._stale = False

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.fillPath(self.path, FOG)
