"""Text badges kept as one small item each (the drag's cover badges). When a few of twenty
badges change, Qt repaints their few rects; a single item around all twenty dirtied its whole
box, at play zoom most of the screen, and every token under it was drawn again."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from battlemap.ui.map.drawing.overlays.lines_overlay import Label, placed_rects
from battlemap.ui.map.drawing.overlays.plates import draw_plate, plate_font

Key = tuple[tuple[float, float], str, int]


class BadgeItem(QGraphicsItem):
    """One plate, centred on `label.at` (grid units) unless a token's disc is there."""

    def __init__(self, label: Label, z: float, rect: QRectF) -> None:
        super().__init__()
        self.label = label
        self.setZValue(z)
        self.rect = rect  # placed_rects: off the token discs
        self._bounds = self.rect.adjusted(-2, -2, 2, 2)  # the border's antialiasing

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setFont(plate_font())
        draw_plate(p, self.rect, self.label.text, self.label.colour)


class BadgeLayer:
    """The badges now on the map: setting new ones keeps the items of those unchanged."""

    def __init__(self, scene: QGraphicsScene, z: float) -> None:
        self.scene = scene
        self.z = z
        self.labels: list[Label] = []
        self._items: dict[Key, list[BadgeItem]] = {}

    def set_labels(self, labels: list[Label]) -> None:
        if labels == self.labels:
            return
        kept: dict[Key, list[BadgeItem]] = {}
        for lb, rect in zip(labels, placed_rects(labels, self.scene), strict=True):
            key = (lb.at, lb.text, lb.colour.rgba())
            same = self._items.get(key)
            item = same.pop() if same else None
            if item is not None and item.rect != rect:
                self.scene.removeItem(item)
                item = None
            if item is None:
                item = BadgeItem(lb, self.z, rect)
                self.scene.addItem(item)
            kept.setdefault(key, []).append(item)
        for gone in self._items.values():
            for item in gone:
                self.scene.removeItem(item)
        self._items = kept
        self.labels = list(labels)

    def clear(self) -> None:
        self.set_labels([])
