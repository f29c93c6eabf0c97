"""While a token is dragged, the nearest foes show the cover they would have from the square
it is over ("half cover", "abri total"…): the GM sees where a shot is clear before dropping.
Levels come from `Session.drag_cover` (one batch per new square); hovering a foe afterwards
gives the whole explained result. Follows the "cover lines" overlay switch.

The badges are measured right after the frame that shows the token's new square, not before
it: the token, its path and its cost follow the hand at once (the batch and the badges'
repaint took half of each drag frame on a big map), and when the hand crosses several squares
before the next turn of the event loop, only the last square is measured."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor

from battlemap.ui.i18n.cover_words import cover_words
from battlemap.ui.map.drawing.overlays.badge_items import BadgeLayer
from battlemap.ui.map.drawing.overlays.lines_overlay import Label

PARTIAL = QColor(200, 110, 0)
TOTAL = QColor(200, 30, 30)


class DragCoverBadges:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.overlay = BadgeLayer(view.map_scene, z=22)
        self.levels: dict[str, str] = {}
        self.pending: tuple[str, tuple[int, int]] | None = None  # asked, not measured yet

    def show(self, token_id: str, square: tuple[int, int]) -> None:
        """Badges for `token_id` standing on `square`, measured on the event loop's next
        turn (Qt paints the frame the move made dirty first)."""
        overlays = self.view.controllers.get("overlays")
        if overlays is not None and not overlays.enabled("cover"):
            self.clear()
            return
        if self.pending is None:
            QTimer.singleShot(0, self.view, self.measure)  # dropped if the view is gone
        self.pending = (token_id, square)

    def measure(self) -> None:
        """Measure and draw the badges asked last (nothing if they were cleared since)."""
        if self.pending is None:
            return
        (token_id, square), self.pending = self.pending, None
        session = self.view.session
        enc = session.encounter
        if all(t.id != token_id for t in enc.tokens):
            self.clear()  # gone before this turn came (an undo, another encounter opened)
            return
        self.levels = dict(session.drag_cover(token_id, square))
        labels = []
        tokens = {t.id: t for t in enc.tokens}  # one pass, not a search of the list per foe
        for foe_id, level in self.levels.items():
            if level == "none":
                continue  # a clear shot needs no badge: the map stays readable
            foe = tokens[foe_id]
            side = foe.size.squares
            labels.append(Label((foe.col + side / 2, foe.row - 0.3),  # above: names are below
                                cover_words(level, enc.system),
                                TOTAL if level == "total" else PARTIAL,
                                anchor=(foe.col, foe.row, side, side)))
        self.overlay.set_labels(labels)

    def clear(self) -> None:
        self.pending = None
        self.levels = {}
        self.overlay.clear()
