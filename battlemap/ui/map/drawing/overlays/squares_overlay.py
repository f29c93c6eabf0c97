"""A set of squares filled as one tint (threatened squares, area of effect), with an optional
outline ring and a tooltip per square (the "why" of an area).

The fill is drawn as one rect per run of squares along a row, unantialiased: an area preview
at play zoom covers much of the screen, and a simplified path of hundreds of squares cost
more to build (at every preview) and to fill than a few dozen axis-aligned rects. The
outline path is built only for overlays that draw one, or when Qt asks for the shape."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.overlays._contents import set_contents
from battlemap.ui.map.units import PX

Square = tuple[int, int]


def _cells(squares: Iterable[Square] | np.ndarray) -> np.ndarray:
    """(col, row) pairs as an (n, 2) integer array (an area's cells come as one already)."""
    if isinstance(squares, np.ndarray):
        return squares
    return np.array([(c, r) for c, r in squares], dtype=np.int64).reshape(-1, 2)


def row_runs(squares: Iterable[Square] | np.ndarray) -> list[QRectF]:
    """The squares as rects, one per run of consecutive columns in a row (scene pixels),
    sorted and cut into runs in a few numpy calls, not tuple by tuple."""
    cells = _cells(squares)
    if len(cells) == 0:
        return []
    order = np.lexsort((cells[:, 0], cells[:, 1]))  # by row, then column
    c, r = cells[order, 0], cells[order, 1]
    new = np.ones(len(c), dtype=bool)
    new[1:] = (r[1:] != r[:-1]) | (c[1:] != c[:-1] + 1)
    starts = np.flatnonzero(new)
    ends = np.append(starts[1:], len(c)) - 1
    return [QRectF(c0 * PX, r0 * PX, (c1 - c0 + 1) * PX, PX) for c0, r0, c1 in
            zip(c[starts].tolist(), r[starts].tolist(), c[ends].tolist(), strict=True)]


class SquaresOverlay(QGraphicsItem):
    def __init__(self, fill: QColor, outline: QColor | None = None, z: float = 3,
                 outline_width: float = 2.0,
                 pattern: Qt.BrushStyle = Qt.BrushStyle.SolidPattern) -> None:
        super().__init__()
        self.setZValue(z)
        self.fill = fill
        self.pattern = pattern  # dots mark squares left out (an area's, cut by walls)
        self.outline = outline
        self.outline_width = outline_width
        self.squares: set[Square] = set()
        self.why: Mapping[Square, str] = {}
        self.runs: list[QRectF] = []
        self._path: QPainterPath | None = QPainterPath()
        self._bounds = QRectF()
        self.setAcceptHoverEvents(True)
        # Empty overlays sit at the origin all evening: Qt would still call paint() on every
        # repaint that shows (0, 0), so they say they have nothing to draw until they do.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def set_squares(self, squares: Iterable[Square] | np.ndarray,
                    why: Mapping[Square, str] | None = None) -> None:
        """`squares`: (col, row) pairs, or an (n, 2) integer array of distinct ones."""
        was = self.sceneBoundingRect()
        self.prepareGeometryChange()
        cells = _cells(squares)
        self.squares = set(map(tuple, cells.tolist()))
        self.runs = row_runs(cells)
        self.why = why or {}  # kept as given: an area's why is rendered on hover only
        self._path = None  # built when drawn (an outline) or asked for (Qt's shape)
        if self.runs:
            box = QRectF(self.runs[0])
            for run in self.runs[1:]:
                box = box.united(run)
            self._bounds = box.adjusted(-3, -3, 3, 3)
        else:
            self._bounds = QRectF()
        set_contents(self, bool(self.runs), was)
        self.setToolTip("")
        self.update()
        # Zoomed far out the tokens may be in the view's background, under this overlay:
        # the scene lifts those it now covers back above it (background_tokens).
        below = getattr(self.scene(), "background_tokens", None)
        if below is not None:
            below.underlay_changed()

    @property
    def path(self) -> QPainterPath:
        """The outline of the whole region, one ring per patch."""
        if self._path is None:
            path = QPainterPath()
            for run in self.runs:
                path.addRect(run)
            self._path = path.simplified()
        return self._path

    def clear(self) -> None:
        self.set_squares(set())

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self.path

    def contains(self, point: QPointF) -> bool:
        """Under the pointer: a square of the set (no path needed)."""
        return (int(point.x() // PX), int(point.y() // PX)) in self.squares

    def hoverMoveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        p = event.pos()
        sq = (int(p.x() // PX), int(p.y() // PX))
        self.setToolTip(self.why.get(sq, ""))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.runs:
            return
        if self.fill.alpha():  # a ring only (the reach) skips rasterising an invisible fill
            smooth = p.testRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # square edges
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(self.fill, self.pattern))
            p.drawRects(self.runs)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, smooth)
        if self.outline is not None:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(self.outline, self.outline_width))
            p.drawPath(self.path)
