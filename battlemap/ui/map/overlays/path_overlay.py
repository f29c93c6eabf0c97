"""The live ruling while a token is dragged: path, metres used / allowed, illegal steps in
red with the reason, each opportunity attack on the square where it happens, with the name."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.overlays.path_drawing import PathDrawing
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
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _centre(self, sq: tuple[int, int]) -> QPointF:
        half = self.drawing.side / 2 if self.drawing else 0.5
        return QPointF((sq[0] + half) * PX, (sq[1] + half) * PX)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        d = self.drawing
        if d is None or not d.squares:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont("Sans Serif")
        font.setPixelSize(11)
        font.setBold(True)
        p.setFont(font)
        # Squares entered, green or red.
        for st in d.steps:
            colour = LEGAL if st.legal else ILLEGAL
            fill = QColor(colour)
            fill.setAlpha(60 if st.legal else 90)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawRect(QRectF(st.to[0] * PX, st.to[1] * PX, d.side * PX, d.side * PX))
        # The path through footprint centres.
        line = QPainterPath(self._centre(d.start))
        for sq in d.squares:
            line.lineTo(self._centre(sq))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(LEGAL if d.legal else ILLEGAL, 4, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(line)
        # Ghost of the token where it would stop.
        end = d.squares[-1]
        p.setPen(QPen(QColor(30, 30, 30, 160), 2, Qt.PenStyle.DashLine))
        p.drawEllipse(QRectF(end[0] * PX + 4, end[1] * PX + 4, d.side * PX - 8, d.side * PX - 8))
        # Reasons of illegal steps, on the step's square.
        for st in d.steps:
            if not st.legal and st.reason:
                self._label(p, self._centre(st.to) + QPointF(0, -PX * 0.2),
                            f"{t('illegal')}: {st.reason}", ILLEGAL)
        # Opportunity attacks on the square being left.
        stacked: dict[tuple[int, int], int] = {}
        for oa in d.oas:
            n = stacked.get(oa.at, 0)
            stacked[oa.at] = n + 1
            r = QRectF(oa.at[0] * PX + 3, oa.at[1] * PX + 3, PX - 6, PX - 6)
            p.setPen(QPen(OA, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(r)
            self._label(p, QPointF(r.center().x(), r.top() - 10 - 19 * n),
                        f"⚔ {t('OA by')} {oa.by_name}", OA)
        # Amber when the engine allows it but it exceeds the allowance (out of combat).
        over = d.cost_m > d.allowance_m + 1e-6
        colour = ILLEGAL if not d.legal else OA if over else LEGAL.darker(130)
        self._label(p, self._centre(end) + QPointF(0, d.side * PX / 2 + 10), d.label, colour)

    def _label(self, p: QPainter, centre: QPointF, text: str, colour: QColor) -> None:
        w = p.fontMetrics().horizontalAdvance(text) + 10
        rect = QRectF(centre.x() - w / 2, centre.y() - 9, w, 18)
        p.setPen(QPen(colour, 1.5))
        p.setBrush(QColor(255, 255, 255, 230))
        p.drawRoundedRect(rect, 5, 5)
        p.setPen(colour)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
