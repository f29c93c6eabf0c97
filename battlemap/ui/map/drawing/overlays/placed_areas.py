"""The area templates placed on the map that the GM is not editing: a lasting cloud, a wall of
fire, a fireball kept for the next round. Each shows its squares faintly, its outline and its
name, so the GM sees every area in play; a click inside one makes it the active template
again (`TemplateController.press`). The active template is drawn by `AreaOverlay`. The
players' window shows them all too, unless the GM unticks "Areas of effect"."""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.model import AreaTemplate
from battlemap.ui.map.drawing.overlays._contents import set_contents
from battlemap.ui.map.drawing.overlays.area_overlay import handle_point, shape_path
from battlemap.ui.map.drawing.overlays.plates import (
    PLATE_HEIGHT,
    draw_plate,
    plate_font,
    plate_width,
)
from battlemap.ui.map.drawing.overlays.squares_overlay import row_runs
from battlemap.ui.map.units import PX

PLACED_FILL = QColor(40, 110, 230, 45)
PLACED_LINE = QColor(20, 80, 200, 150)
PLACED_Z = 3.6  # under the active template's squares (4) and the tokens


@dataclass
class _Placed:
    template: AreaTemplate
    shape: Any  # shapely geometry of the area, grid units (what a click is tested against)
    runs: list[QRectF]
    outline: QPainterPath
    label_at: QPointF


class PlacedAreasLayer(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(PLACED_Z)
        self.placed: list[_Placed] = []
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        # On the players' map under the fog: whether the party sees part of an area (its
        # shapely shape); one it does not see is not drawn (under an explored room's thin
        # fog it would show). None: every area drawn.
        self.shown_to: Callable[[Any], bool] | None = None

    def refresh(self, session: Any, active_id: str | None,
                shown_tokens: Container[str] | None = None) -> None:
        """Lay out every template of the encounter but the active one (its squares as the
        engine gives them now: walls may have changed). With `shown_tokens` (the players'
        window: the tokens it shows), not the emanations of any other creature: an aura
        drawn round an empty square tells the players where a creature the GM hid, or one
        the party does not see, stands."""
        placed: list[_Placed] = []
        for t in session.encounter.templates:
            if t.id == active_id or (
                    shown_tokens is not None and t.token and t.token not in shown_tokens):
                continue
            res = session.preview_area(t)
            hx, hy = handle_point(t, session.encounter)
            placed.append(_Placed(t, res.shape, row_runs(res.cells()), shape_path(res.shape),
                                  QPointF(hx * PX + 8, hy * PX - 8 - PLATE_HEIGHT)))
        self._show(placed)

    def clear(self) -> None:
        self._show([])

    def _show(self, placed: list[_Placed]) -> None:
        was = self.sceneBoundingRect()
        self.prepareGeometryChange()
        self.placed = placed
        bounds = QRectF()
        for item in placed:
            box = item.outline.boundingRect()
            for run in item.runs:
                box = box.united(run)
            label = QRectF(item.label_at.x(), item.label_at.y(), 160, PLATE_HEIGHT)
            bounds = bounds.united(box.united(label))
        self._bounds = bounds.adjusted(-4, -4, 4, 4) if placed else QRectF()
        set_contents(self, bool(placed), was)
        self.update()

    def template_at(self, x: float, y: float) -> AreaTemplate | None:
        """The placed template whose area holds the point (grid units), the latest on top."""
        point = shapely.Point(x, y)
        for item in reversed(self.placed):
            if item.shape is not None and item.shape.covers(point):
                return item.template
        return None

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        for item in self.placed:
            if self.shown_to is not None and item.shape is not None and not self.shown_to(
                    item.shape):
                continue
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # square edges
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(PLACED_FILL)
            p.drawRects(item.runs)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(PLACED_LINE, 1.5, Qt.PenStyle.DashLine))
            p.drawPath(item.outline)
            p.setFont(plate_font())
            text = item.template.id
            draw_plate(p, QRectF(item.label_at.x(), item.label_at.y(), plate_width(p, text),
                                 PLATE_HEIGHT), text, PLACED_LINE)
