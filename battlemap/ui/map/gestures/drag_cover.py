"""While a token is dragged, the nearest foes show the cover they would have from the square
it is over ("half cover", "abri total"…): the GM sees where a shot is clear before dropping.
Levels come from `Session.drag_cover` (one batch per new square); hovering a foe afterwards
gives the whole explained result. Follows the "cover lines" overlay switch.

The badges are measured inside the mouse event that brings the token onto a new square, and
drawn in the same frame as its path and cost: a batch is ~1 ms on the stress map, and put off
to the event loop's next turn it landed on the next mouse event instead (20–60 ms there, as
that turn also repainted the badges)."""

from __future__ import annotations

from typing import Any

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

    def show(self, token_id: str, square: tuple[int, int]) -> None:
        """Badges for `token_id` standing on `square`, measured now: the frame that shows
        the token there shows them too."""
        overlays = self.view.controllers.get("overlays")
        if overlays is not None and not overlays.enabled("cover"):
            self.clear()
            return
        session = self.view.session
        enc = session.encounter
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
        self.levels = {}
        self.overlay.clear()
