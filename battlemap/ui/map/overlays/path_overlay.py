"""The live ruling while a token is dragged: path, metres used / allowed, illegal steps in
red with the reason, each opportunity attack on the square where it happens, with the name."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.items.token_item import TokenItem
from battlemap.ui.map.overlays.label_layout import place_label
from battlemap.ui.map.overlays.path_drawing import PathDrawing
from battlemap.ui.map.overlays.plates import draw_plate, plate_font, plate_width
from battlemap.ui.map.strings import t
from battlemap.ui.map.units import PX

LEGAL = QColor(40, 150, 60)
ILLEGAL = QColor(210, 30, 30)
OA = QColor(235, 120, 0)


class PathOverlay(QGraphicsItem):
    """Z 20, above tokens. Empty until a drawing is set."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(20)
        self.drawing: PathDrawing | None = None
        self._bounds = QRectF()
        self.placed: list[tuple[str, QRectF]] = []  # labels of the last paint (tests)
        # Nothing to paint until a drawing arrives (see SquaresOverlay).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def set_drawing(self, drawing: PathDrawing | None) -> None:
        self.prepareGeometryChange()
        self.drawing = drawing
        if drawing is None:
            self._bounds = QRectF()
        else:
            sqs = [drawing.start, *drawing.squares]
            x0 = min(c for c, _ in sqs) - 3
            y0 = min(r for _, r in sqs) - 2
            x1 = max(c for c, _ in sqs) + drawing.side + 6
            y1 = max(r for _, r in sqs) + drawing.side + 2
            self._bounds = QRectF(x0 * PX, y0 * PX, (x1 - x0) * PX, (y1 - y0) * PX)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, drawing is None)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _centre(self, sq: tuple[int, int]) -> QPointF:
        half = self.drawing.side / 2 if self.drawing else 0.5
        return QPointF((sq[0] + half) * PX, (sq[1] + half) * PX)

    def _obstacles(self, zoom: float) -> list[QRectF]:
        """Token discs and name labels under this overlay: labels must not hide them."""
        out: list[QRectF] = []
        scene = self.scene()
        if scene is None:
            return out
        for item in scene.items(self.mapRectToScene(self._bounds)):
            if isinstance(item, TokenItem):
                out.append(item.mapRectToScene(item.footprint()))
                name = item.name_rect(zoom)
                if not name.isEmpty():
                    out.append(name)
        return out

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        d = self.drawing
        if d is None or not d.squares:
            return
        zoom = max(1e-6, abs(p.worldTransform().m11()))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setFont(plate_font())
        # Squares entered, green or red.
        for st in d.steps:
            fill = QColor(LEGAL if st.legal else ILLEGAL)
            fill.setAlpha(60 if st.legal else 90)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawRect(QRectF(st.to[0] * PX, st.to[1] * PX, d.side * PX, d.side * PX))
        # The path through footprint centres, left out inside the dragged token's disc so its
        # initials stay readable. Cut by arithmetic: a clip path of the same shape cost a
        # mask the size of the whole path's box at every frame of the drag (~3 ms at 1:1).
        centre = self._centre(d.start)
        points = [(centre.x(), centre.y())]
        points += [(c.x(), c.y()) for c in map(self._centre, d.squares)]
        line = QPainterPath()
        for piece in outside_disc(points, points[0], d.side * PX / 2 - 2):
            line.moveTo(*piece[0])
            for x, y in piece[1:]:
                line.lineTo(x, y)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(LEGAL if d.legal else ILLEGAL, 4, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(line)
        # Ghost of the token where it would stop.
        end = d.squares[-1]
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(30, 30, 30, 160), 2, Qt.PenStyle.DashLine))
        ghost = QRectF(end[0] * PX + 4, end[1] * PX + 4, d.side * PX - 8, d.side * PX - 8)
        p.drawEllipse(ghost)
        # Tokens and names are obstacles only to labels placed beside a square (OAs, illegal
        # steps): a plain drag skips looking them up at every frame.
        needs_room = bool(d.oas) or any(not st.legal and st.reason for st in d.steps)
        taken = [*(self._obstacles(zoom) if needs_room else []), ghost]
        self.placed = []
        # Cost under the ghost, where the eye ends the drag.
        over = d.cost_m > d.allowance_m + 1e-6
        colour = ILLEGAL if not d.legal else OA if over else LEGAL.darker(130)
        cost = self._label_rect(p, self._centre(end) + QPointF(0, d.side * PX / 2 + 10), d.label)
        taken.append(cost)
        # Opportunity attacks: a box on the square being left, a label beside it that hides
        # no token, no name and no other label.
        for oa in d.oas:
            r = QRectF(oa.at[0] * PX + 3, oa.at[1] * PX + 3, PX - 6, PX - 6)
            p.setPen(QPen(OA, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(r)
        for oa in d.oas:
            text = f"⚔ {t('OA by')} {oa.by_name}"
            square = QRectF(oa.at[0] * PX, oa.at[1] * PX, PX, PX)
            spot = place_label(square, *self._label_size(p, text), taken)
            taken.append(spot)
            self._draw_label(p, spot, text, OA)
        # Reasons of illegal steps, beside the step's square.
        for st in d.steps:
            if not st.legal and st.reason:
                text = f"{t('illegal')}: {st.reason}"
                square = QRectF(st.to[0] * PX, st.to[1] * PX, d.side * PX, d.side * PX)
                spot = place_label(square, *self._label_size(p, text), taken)
                taken.append(spot)
                self._draw_label(p, spot, text, ILLEGAL)
        self._draw_label(p, cost, d.label, colour)

    @staticmethod
    def _label_size(p: QPainter, text: str) -> tuple[float, float]:
        return (plate_width(p, text), 18.0)

    def _label_rect(self, p: QPainter, centre: QPointF, text: str) -> QRectF:
        w, h = self._label_size(p, text)
        return QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)

    def _draw_label(self, p: QPainter, rect: QRectF, text: str, colour: QColor) -> None:
        self.placed.append((text, rect))
        draw_plate(p, rect, text, colour)


Point = tuple[float, float]


def outside_disc(points: list[Point], centre: Point, radius: float) -> list[list[Point]]:
    """The parts of the polyline `points` outside the disc (centre, radius), as polylines:
    each segment P→Q is inside for the t where |P + t(Q − P) − centre| < radius."""
    pieces: list[list[Point]] = []
    joined = False  # does the last piece end where the next segment starts?
    cx, cy = centre
    for (px, py), (qx, qy) in zip(points[:-1], points[1:], strict=True):
        dx, dy, fx, fy = qx - px, qy - py, px - cx, py - cy
        a = dx * dx + dy * dy
        if a == 0.0:
            continue
        b = fx * dx + fy * dy
        disc = b * b - a * (fx * fx + fy * fy - radius * radius)
        spans = [(0.0, 1.0)]
        if disc > 0.0:  # the segment's line crosses the circle: drop (t_in, t_out)
            root = math.sqrt(disc)
            t_in, t_out = (-b - root) / a, (-b + root) / a
            spans = [(lo, hi) for lo, hi in ((0.0, min(t_in, 1.0)), (max(t_out, 0.0), 1.0))
                     if hi > lo]
        for lo, hi in spans:
            start, end = (px + lo * dx, py + lo * dy), (px + hi * dx, py + hi * dy)
            if lo == 0.0 and joined:
                pieces[-1].append(end)
            else:
                pieces.append([start, end])
            joined = hi == 1.0
        if not spans:
            joined = False
    return pieces
