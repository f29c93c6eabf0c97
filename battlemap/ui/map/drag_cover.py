"""While a token is dragged, the nearest foes show the cover they would have from the square
it is over ("half cover", "abri total"…): the GM sees where a shot is clear before dropping.
Levels come from `Session.drag_cover` (one batch per new square); hovering a foe afterwards
gives the whole explained result. Follows the "cover lines" overlay switch."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor

from battlemap.ui.map.cover_words import cover_words
from battlemap.ui.map.overlays.lines_overlay import Label, LinesOverlay

PARTIAL = QColor(200, 110, 0)
TOTAL = QColor(200, 30, 30)


class DragCoverBadges:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.overlay = LinesOverlay(z=22)
        view.map_scene.addItem(self.overlay)
        self.levels: dict[str, str] = {}

    def show(self, token_id: str, square: tuple[int, int]) -> None:
        overlays = self.view.controllers.get("overlays")
        if overlays is not None and not overlays.enabled("cover"):
            self.clear()
            return
        session = self.view.session
        self.levels = dict(session.drag_cover(token_id, square))
        enc = session.encounter
        labels = []
        tokens = {t.id: t for t in enc.tokens}  # one pass, not a search of the list per foe
        for foe_id, level in self.levels.items():
            if level == "none":
                continue  # a clear shot needs no badge: the map stays readable
            foe = tokens[foe_id]
            side = foe.size.squares
            labels.append(Label((foe.col + side / 2, foe.row - 0.3),  # above: names are below
                                cover_words(level, enc.system.value),
                                TOTAL if level == "total" else PARTIAL))
        self.overlay.set_content([], labels)

    def clear(self) -> None:
        self.levels = {}
        self.overlay.set_content([], [])
