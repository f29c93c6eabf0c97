"""Map editing by mouse: draw walls, doors and windows (points snap to grid intersections;
Shift places a point freely), paint difficult terrain (click or drag; a click on a difficult
square clears it), open and close doors (click near one). Installed as an event filter on the
map view's viewport; while a tool is on, the map's own tools get no clicks.
Each finished stroke is one engine command, so one undo step."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from battlemap.model import Wall, WallKind

PX = 64.0  # scene pixels per square, as battlemap.ui.map.units.PX
DOOR_PICK = 0.35  # how close (in squares) a click must be to a door to toggle it
WALL_KINDS = {"draw_wall": WallKind.WALL, "draw_door": WallKind.DOOR,
              "draw_window": WallKind.WINDOW}


def snap(x: float, y: float, free: bool = False) -> tuple[float, float]:
    return (x, y) if free else (float(round(x)), float(round(y)))


def distance_to_polyline(p: tuple[float, float], pts: list[tuple[float, float]]) -> float:
    best = math.inf
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy)
                                                / length2))
        best = min(best, math.hypot(p[0] - (x0 + t * dx), p[1] - (y0 + t * dy)))
    return best


class EditTool(QObject):
    def __init__(self, session: Any, view: Any, tool: str,
                 on_escape: Any = None) -> None:
        """`on_escape`: called when the GM presses Escape on the map (the window disarms the
        tool); the unfinished polyline is dropped, not drawn."""
        super().__init__(view)
        self.on_escape = on_escape
        self.session = session
        self.view = view
        self.tool = tool
        self.points: list[tuple[float, float]] = []
        self.painting: bool | None = None  # True: marking difficult, False: clearing
        self.stroke: set[tuple[int, int]] = set()  # squares painted in this drag
        self.preview = QGraphicsPathItem()
        self.preview.setPen(QPen(QColor("#ff6f00"), 3, Qt.PenStyle.DashLine))
        self.preview.setZValue(1000)
        view.scene().addItem(self.preview)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)  # keys reach the view, not its viewport

    def remove(self) -> None:
        self.view.viewport().removeEventFilter(self)
        self.view.removeEventFilter(self)
        if self.preview.scene() is not None:
            self.preview.scene().removeItem(self.preview)

    def grid_point(self, event: Any) -> tuple[float, float]:
        p = self.view.mapToScene(event.position().toPoint())
        return (p.x() / PX, p.y() / PX)

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
        t = event.type()
        if t == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:  # type: ignore[attr-defined]
            self.points, self.stroke, self.painting = [], set(), None
            self.preview.setPath(QPainterPath())
            if self.on_escape is not None:
                self.on_escape()
            return True
        if t == QEvent.Type.MouseButtonPress:
            return self.press(event)
        if t == QEvent.Type.MouseMove:
            return self.move(event)
        if t == QEvent.Type.MouseButtonRelease:
            if self.tool == "paint_terrain":
                self.commit_paint()
                return True
            return False
        if t == QEvent.Type.MouseButtonDblClick:
            # Qt sends the second press of a double click as this event: it is a point too.
            if self.tool in WALL_KINDS:
                self.press(event)
            self.finish()
            return True
        return False

    def press(self, event: Any) -> bool:
        x, y = self.grid_point(event)
        if event.button() == Qt.MouseButton.RightButton:
            self.finish()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.tool in WALL_KINDS:
            free = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            point = snap(x, y, free)
            if not self.points or self.points[-1] != point:
                self.points.append(point)
            self._draw_preview(point)
        elif self.tool == "paint_terrain":
            square = (math.floor(x), math.floor(y))
            self.painting = square not in self.session.encounter.difficult_squares()
            self.paint(square)
        elif self.tool == "toggle_doors":
            self.toggle_door_near((x, y))
        return True

    def move(self, event: Any) -> bool:
        x, y = self.grid_point(event)
        if self.tool in WALL_KINDS and self.points:
            free = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self._draw_preview(snap(x, y, free))
        elif self.tool == "paint_terrain" and self.painting is not None:
            self.paint((math.floor(x), math.floor(y)))
        return False  # the map still reports the hovered square

    def paint(self, square: tuple[int, int]) -> None:
        g = self.session.encounter.grid
        if 0 <= square[0] < g.cols and 0 <= square[1] < g.rows and self.painting is not None:
            self.stroke.add(square)
            path = QPainterPath()
            for c, r in self.stroke:
                path.addRect(c * PX + 4, r * PX + 4, PX - 8, PX - 8)
            self.preview.setPath(path)

    def commit_paint(self) -> None:
        """A whole drag is one command: one undo step."""
        stroke, on, self.stroke, self.painting = self.stroke, self.painting, set(), None
        self.preview.setPath(QPainterPath())
        if stroke and on is not None:
            self.session.set_terrain(sorted(stroke), on=on)

    def toggle_door_near(self, p: tuple[float, float]) -> bool:
        best, best_d = None, DOOR_PICK
        for i, w in enumerate(self.session.encounter.walls):
            if w.kind is WallKind.DOOR:
                d = distance_to_polyline(p, list(w.points))
                if d <= best_d:
                    best, best_d = i, d
        if best is None:
            return False
        self.session.set_door(best, not self.session.encounter.walls[best].open)
        return True

    def finish(self) -> None:
        """End the current polyline: two points or more become one wall."""
        pts, self.points = self.points, []
        self.preview.setPath(QPainterPath())
        if self.tool in WALL_KINDS and len(pts) >= 2:
            self.session.add_wall(Wall(points=pts, kind=WALL_KINDS[self.tool]))

    def _draw_preview(self, cursor: tuple[float, float]) -> None:
        path = QPainterPath()
        pts = [*self.points, cursor]
        path.moveTo(QPointF(pts[0][0] * PX, pts[0][1] * PX))
        for x, y in pts[1:]:
            path.lineTo(QPointF(x * PX, y * PX))
        self.preview.setPath(path)
