"""Where the main and player windows get their map widget.

The real widget is `battlemap.ui.map.MapView` (the map engineer's); while it is not importable
a plain placeholder view with the same small interface keeps the workspace usable."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from battlemap._tricks import start_gc

SQUARE_PX = 64.0


def create_map_view(session: Any, role: str = "gm", parent: QWidget | None = None,
                    player_hp: str = "bloodied") -> Any:
    """player_hp: "none" | "bar" | "bloodied", what the players' view shows of hit points."""
    try:
        from battlemap.ui.map import MapView
    except ImportError:
        return PlaceholderMapView(session, role, parent)
    view = MapView(session, role=role, parent=parent, player_hp=player_hp)
    # Start-up over once the map is on screen: the collector runs as usual again.
    view.after_first_frame(start_gc.settle)
    return view


class PlaceholderMapView(QGraphicsView):
    """Grid and token discs only: enough to see an encounter until MapView lands."""

    tokenSelected = Signal(str)
    hoveredSquare = Signal(int, int)

    def __init__(self, session: Any, role: str = "gm", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.role = role
        self.setScene(QGraphicsScene(self))
        self.setMouseTracking(True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._unsubscribe = session.subscribe(lambda _change: self.rebuild())
        self.rebuild()

    def rebuild(self) -> None:
        scene = self.scene()
        scene.clear()
        grid = self.session.encounter.grid
        scene.setSceneRect(QRectF(0, 0, grid.cols * SQUARE_PX, grid.rows * SQUARE_PX))
        scene.addRect(scene.sceneRect(), QPen(Qt.PenStyle.NoPen), QBrush(QColor("#efe8d8")))
        pen = QPen(QColor(40, 40, 40, 90), 0)
        for c in range(grid.cols + 1):
            scene.addLine(c * SQUARE_PX, 0, c * SQUARE_PX, grid.rows * SQUARE_PX, pen)
        for r in range(grid.rows + 1):
            scene.addLine(0, r * SQUARE_PX, grid.cols * SQUARE_PX, r * SQUARE_PX, pen)
        for wall in self.session.encounter.walls:
            pts = wall.points
            for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
                scene.addLine(x0 * SQUARE_PX, y0 * SQUARE_PX, x1 * SQUARE_PX, y1 * SQUARE_PX,
                              QPen(QColor("#222"), 4))
        for t in self.session.encounter.tokens:
            if t.hidden and self.role != "gm":
                continue
            side = t.size.squares * SQUARE_PX
            colour = QColor("#2e7d32" if t.side == "party" else "#b71c1c")
            item = scene.addEllipse(t.col * SQUARE_PX + 3, t.row * SQUARE_PX + 3, side - 6,
                                    side - 6, QPen(Qt.GlobalColor.black, 2), QBrush(colour))
            item.setData(0, t.id)
            item.setToolTip(t.name)

    def actions(self) -> list[QAction]:  # type: ignore[override]
        return []

    def set_language(self, lang: str) -> None:
        pass

    def center_on(self, x: float, y: float) -> None:
        self.centerOn(QPointF(x * SQUARE_PX, y * SQUARE_PX))

    def visibleSceneRect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def render_to_image(self, w: int, h: int) -> QImage:
        img = QImage(w, h, QImage.Format.Format_ARGB32)
        img.fill(QColor("#3a3d42"))
        painter = QPainter(img)
        self.scene().render(painter, QRectF(0, 0, w, h), self.scene().sceneRect(),
                            Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
        return img

    def mouseMoveEvent(self, event: Any) -> None:
        p = self.mapToScene(event.position().toPoint())
        self.hoveredSquare.emit(int(p.x() // SQUARE_PX), int(p.y() // SQUARE_PX))
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: Any) -> None:
        item = self.itemAt(event.position().toPoint())
        if item is not None and item.data(0):
            self.tokenSelected.emit(str(item.data(0)))
        super().mousePressEvent(event)

    def shutdown(self) -> None:
        self._unsubscribe()
