"""Whether an overlay has anything to paint, and the box it leaves. Qt drops an item's own
dirty rects once it says it has no contents, so an overlay that goes empty through `update()`
alone stays on screen (and over the view's cached background) until the next full repaint, a
zoom: its last box is repainted through the scene instead. The same for an overlay that
shrinks or moves: a device-cached one (the selected token's zone and reach frame) left the
part of its old box outside the new one on screen after an arrow-key step back."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem

_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def set_contents(item: QGraphicsItem, has: bool, was: QRectF) -> None:
    """Say whether `item` paints; `was`: its scene box before the change, repainted when it
    painted there and no longer paints all of it."""
    scene = item.scene()
    if not has and not (item.flags() & _NO_CONTENTS) and scene is not None:
        scene.update(was)
    elif scene is not None and not was.isEmpty() and not item.sceneBoundingRect().contains(was):
        scene.update(was)  # shrunk or moved: what it painted outside its new box goes
    item.setFlag(_NO_CONTENTS, not has)
