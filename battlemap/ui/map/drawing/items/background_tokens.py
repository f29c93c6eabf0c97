"""Level of detail for a zoomed-out map: tokens painted into the view's cached background.

Below FAR_ZOOM no name is readable, so TokenItem.paint draws discs, rims, HP bars and marks
only; yet a full repaint of 300 cached token pictures still costs Qt a transform, a cache
look-up and a blend per item, more than the rest of the frame. So while the view is that far
out, the tokens are painted, by the same TokenItem.paint, into the background pixmap the view
already copies on every repaint, and the items keep only their geometry (selection, hover,
tooltips) with ItemHasNoContents. A token that changes meanwhile (moved, selected, new look)
is lifted out: it paints itself as an item again, so a move or a selection costs what it
always did instead of a background redraw. Items drawn under the tokens (threat zones, area
squares: z below the tokens') would cover them there: the tokens they reach are lifted too
(such an item calls `underlay_changed` when it changes, as SquaresOverlay does)."""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from battlemap.ui.map.drawing.items.token_item import (
    MIN_TEXT_SCREEN_PX,
    NAME_MAX_GROWTH,
    NAME_PX,
    TOKEN_Z,
    TokenItem,
)

# The zoom below which TokenItem.paint draws no name (and so nothing outside the footprint):
# the only zooms where the background copy of a token looks the same as the item.
FAR_ZOOM = MIN_TEXT_SCREEN_PX / (NAME_PX * NAME_MAX_GROWTH)
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_OPTION = QStyleOptionGraphicsItem()  # TokenItem.paint reads nothing from it
# Scene look-ups by bounding rectangle stay in C++ (by shape, Qt would call TokenItem.shape).
_BY_BOUNDS = Qt.ItemSelectionMode.IntersectsItemBoundingRect


class BackgroundTokens:
    """The scene's switch between tokens as items and tokens in the background. The view
    calls `follow(zoom)` before each paint; the scene calls `paint` from drawBackground."""

    def __init__(self, scene: Any) -> None:
        self._scene = scene  # a MapScene: its `tokens` dict is in stacking order
        self.active = False
        self._zoom = 0.0  # the zoom of the last follow
        self._under: list[QGraphicsItem] = []  # non-token items drawn below the tokens
        self._lifted_for: dict[int, QRectF] = {}  # underlay → the box its tokens were lifted from
        self._check_under = False  # an underlay came or changed since the last paint
        self._selected: set[str] = set()  # token ids selected when last seen
        scene.selectionChanged.connect(self._selection_changed)

    def track(self, item: QGraphicsItem) -> None:
        """A new scene item: remembered if it is drawn under the tokens."""
        if not isinstance(item, TokenItem) and item.zValue() < TOKEN_Z:
            self._under.append(item)
            self._check_under = True

    def _selection_changed(self) -> None:
        """A token selected or unselected (by Python or by Qt's own clicks and rubber band)
        shows its frame as an item."""
        if not shiboken6.isValid(self._scene):
            return  # Qt unselects the items of a scene it is destroying: nothing to show
        now = {i.token_id for i in self._scene.selectedItems() if isinstance(i, TokenItem)}
        changed, self._selected = now ^ self._selected, now
        for token_id in changed:
            item = self._scene.tokens.get(token_id)
            if item is not None:
                item.lift()

    def underlay_changed(self) -> None:
        """An item under the tokens changed: the next paint lifts the tokens it reaches."""
        self._check_under = True

    def forget(self, item: QGraphicsItem) -> None:
        if item in self._under:
            self._under.remove(item)
            self._lifted_for.pop(id(item), None)

    def follow(self, zoom: float) -> None:
        """Switch for a view at this zoom (scale on screen of one scene pixel). A new far
        zoom also puts the lifted tokens back: Qt redraws the background and every item's
        cached picture on a zoom change anyway, so lifts never pile up for long."""
        on = zoom < FAR_ZOOM
        if on != self.active or (on and zoom != self._zoom):
            self.set_active(on)
        self._zoom = zoom
        if self.active and self._check_under:
            self._lift_under_underlays()

    def _lift_under_underlays(self) -> None:
        """Tokens under a showing underlay paint as items, above it (only an underlay with a
        new box asks the scene index)."""
        self._check_under = False
        for under in self._under:
            if not under.isVisible() or under.flags() & _NO_CONTENTS:
                continue
            box = under.sceneBoundingRect()
            if self._lifted_for.get(id(under)) == box:
                continue
            self._lifted_for[id(under)] = box
            for item in self._scene.items(box, _BY_BOUNDS):
                if isinstance(item, TokenItem) and item.in_background:
                    item.lift()

    def set_active(self, on: bool) -> None:
        """Every token to the background (on) or back to an item of its own (off)."""
        self.active = on
        self._lifted_for.clear()
        self._check_under = True
        for item in self._scene.tokens.values():
            item.set_in_background(on)
        self._scene.invalidate_background()

    def paint(self, p: QPainter, exposed: QRectF) -> None:
        """The tokens still in the background that meet `exposed`, bottom first (the scene
        index finds them: a small exposed rectangle costs a few tokens, not all)."""
        if not self.active:
            return
        found = self._scene.items(exposed, _BY_BOUNDS, Qt.SortOrder.AscendingOrder)
        for item in found:
            if isinstance(item, TokenItem) and item.in_background and item.isVisible():
                p.save()
                p.translate(item.pos())
                p.setOpacity(item.opacity())
                item.paint(p, _OPTION)
                p.restore()
