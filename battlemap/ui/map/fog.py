"""Fog of war for the players' window: what the party can see. Each party token sees the grid
minus the shadows that sight-blocking walls cast from its centre (windows and open doors let
sight through: DESIGN.md §4.3, via the geometry core's wall index). Drawn as one dark path.

Geometry would be the better home for `visible_region`; it lives here until geometry offers it."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.overlays.area_overlay import shape_path

VIEWER_SIDE = "party"


def _shadows(p: np.ndarray, segs: np.ndarray, far: float) -> Any:
    a, b = segs[:, :2], segs[:, 2:]
    da, db = a - p, b - p
    keep = np.abs(da[:, 0] * db[:, 1] - da[:, 1] * db[:, 0]) > 1e-12  # edge-on: no shadow
    a, b, da, db = a[keep], b[keep], da[keep], db[keep]
    na = np.maximum(np.hypot(da[:, 0], da[:, 1]), 1e-9)[:, None]
    nb = np.maximum(np.hypot(db[:, 0], db[:, 1]), 1e-9)[:, None]
    return shapely.polygons(np.stack([a, b, b + db / nb * far, a + da / na * far], axis=1))


def visible_region(session: Any) -> Any:
    """Union of what every visible party token sees, in grid units (shapely geometry)."""
    enc = session.encounter
    grid = shapely.box(0, 0, enc.grid.cols, enc.grid.rows)
    viewers = [t for t in enc.tokens if t.side == VIEWER_SIDE and not t.hidden]
    if not viewers:
        return shapely.Polygon()
    geo = session.geo
    ids = geo.walls.near(grid, "sight")
    segs = geo.walls.coords[ids]
    far = 2.0 * float(np.hypot(enc.grid.cols, enc.grid.rows)) + 2.0
    seen = []
    for tok in viewers:
        half = tok.size.squares / 2
        p = np.array([tok.col + half, tok.row + half])
        if len(segs):
            seen.append(shapely.difference(grid, shapely.union_all(_shadows(p, segs, far))))
        else:
            seen.append(grid)
    return shapely.union_all(seen)


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
        self.path = whole.subtracted(shape_path(visible_region(session)))
        self._bounds = grid_rect.adjusted(-2, -2, 2, 2)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.fillPath(self.path, QColor(18, 18, 22))
