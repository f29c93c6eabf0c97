"""The live ruling while a token is dragged: path, metres used / allowed, illegal steps in
red with the reason, each opportunity attack on the square where it happens, with the name.

A new square repaints only what it changed (`path_marks`): the overlay's box is the whole map,
so its geometry never changes (Qt would repaint all of the old box), and each mark added or
removed dirties its own rect. Painting draws the marks that meet the exposed rect."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.items.token_item import TokenItem
from battlemap.ui.map.drawing.overlays.label_layout import token_discs
from battlemap.ui.map.drawing.overlays.path_drawing import PathDrawing
from battlemap.ui.map.drawing.overlays.path_marks import (
    ILLEGAL,
    LEGAL,
    LINE_WIDTH,
    OA,
    OA_PEN,
    Mark,
    path_marks,
)
from battlemap.ui.map.drawing.overlays.plates import draw_plate, plate_font
from battlemap.ui.map.drawing.sprites import draw_cached
from battlemap.ui.map.units import PX

STEP_FILL = {True: QColor(40, 150, 60, 60), False: QColor(210, 30, 30, 90)}  # by legality
GHOST = QColor(30, 30, 30, 160)


class PathOverlay(QGraphicsItem):
    """Z 20, above tokens. Empty until a drawing is set."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(20)
        self.drawing: PathDrawing | None = None
        self.marks: list[Mark] = []
        self._bounds = QRectF()
        # Nothing to paint until a drawing arrives (see SquaresOverlay); the exposed rect
        # tells paint which marks to draw.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_drawing(self, drawing: PathDrawing | None, zoom: float = 1.0) -> None:
        """Show `drawing` (None: nothing); `zoom`: the view's, where names are measured."""
        scene = self.scene()
        area = scene.sceneRect() if scene is not None else QRectF()
        if area != self._bounds:
            self.prepareGeometryChange()
            self._bounds = area
        old = set(self.marks)
        self.drawing = drawing
        self.marks = [] if drawing is None or not drawing.squares else path_marks(
            drawing, lambda: self._obstacles(zoom), lambda near: token_discs(scene, near))
        new = set(self.marks)
        # What this step added or took away. Through the scene: Qt drops an item's own dirty
        # rects once it has no contents, which would leave the last path on screen at a drop.
        dirty = scene.update if scene is not None else self.update
        for mark in old ^ new:
            dirty(mark.qrect())
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not self.marks)

    @property
    def placed(self) -> list[tuple[str, QRectF]]:
        """The labels laid out, with where they go."""
        return [(m.text, QRectF(*m.at)) for m in self.marks if m.kind == "label"]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the pointer: the map's items below are

    def _obstacles(self, zoom: float) -> list[QRectF]:
        """Token discs and name labels near the path: labels must not hide them."""
        out: list[QRectF] = []
        scene = self.scene()
        if scene is None or self.drawing is None:
            return out
        d = self.drawing
        cols = [c for c, _ in (d.start, *d.squares)]
        rows = [r for _, r in (d.start, *d.squares)]
        near = QRectF((min(cols) - 3) * PX, (min(rows) - 3) * PX,
                      (max(cols) - min(cols) + d.side + 6) * PX,
                      (max(rows) - min(rows) + d.side + 6) * PX)
        for item in scene.items(near):
            if isinstance(item, TokenItem):
                out.append(item.mapRectToScene(item.footprint()))
                name = item.name_rect(zoom)
                if not name.isEmpty():
                    out.append(name)
        return out

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect  # type: ignore[attr-defined]
        marks = [m for m in self.marks if exposed.intersects(m.qrect())]
        p.setFont(plate_font())
        # Square-edged fills: not antialiased (on whole pixels it looks the same, cheaper).
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        for m in marks:
            if m.kind == "step":
                p.setBrush(STEP_FILL[m.legal])
                p.drawRect(QRectF(*m.rect))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        line = QPainterPath()
        for m in marks:
            if m.kind == "segment":
                line.moveTo(m.line[0], m.line[1])
                line.lineTo(m.line[2], m.line[3])
        if not line.isEmpty():
            colour = LEGAL if self.drawing is None or self.drawing.legal else ILLEGAL
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, LINE_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))
            p.drawPath(line)
        for m in marks:
            if m.kind == "ghost":
                draw_cached(p, QRectF(*m.at), ("ghost",), _draw_ghost)
            elif m.kind == "waypoint":
                p.setPen(QPen(QColor(255, 255, 255), 2))
                p.setBrush(LEGAL.darker(130))
                p.drawEllipse(QRectF(*m.at))
            elif m.kind == "oa_box":
                p.setPen(QPen(OA, OA_PEN))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(QRectF(*m.at))
            elif m.kind == "label":
                draw_plate(p, QRectF(*m.at), m.text, QColor.fromRgba(m.colour))


def _draw_ghost(p: QPainter, rect: QRectF) -> None:
    """The dashed outline of the token where the drag would leave it."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(GHOST, 2, Qt.PenStyle.DashLine))
    p.drawEllipse(rect)
