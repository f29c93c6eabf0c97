"""Whether an overlay has anything to paint. Qt drops an item's own dirty rects once it says
it has no contents, so an overlay that goes empty through `update()` alone stays on screen
(and over the view's cached background) until the next full repaint, a zoom: its last box is
repainted through the scene instead."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem

_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def set_contents(item: QGraphicsItem, has: bool, was: QRectF) -> None:
    """Say whether `item` paints; `was`: its scene box before the change, repainted when it
    painted there and no longer does."""
    scene = item.scene()
    if not has and not (item.flags() & _NO_CONTENTS) and scene is not None:
        scene.update(was)
    item.setFlag(_NO_CONTENTS, not has)
