"""Map overlays for the selected token: its threatened squares and reach ring, the squares
all enemies threaten (toggle), and flanking lines with the bonus the rules give."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem

from battlemap.ui.i18n import labelled, say, term
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.drawing.overlays.lines_overlay import Label, LinesOverlay, Segment
from battlemap.ui.map.drawing.overlays.squares_overlay import SquaresOverlay
from battlemap.ui.map.gestures.threat_source import enemies_of, threatened
from battlemap.ui.map.map_actions import OVERLAY_DEFAULTS

FLANK = QColor("#8e24aa")
MAX_FLANK_CHECKS = 12  # nearest enemies examined for flanking on each selection


class OverlayController:
    def __init__(self, view: Any) -> None:
        self.view = view
        scene = view.map_scene
        self.threat_all = SquaresOverlay(QColor(220, 40, 40, 45), QColor(200, 30, 30, 120), z=3)
        self.threat_selected = SquaresOverlay(QColor(255, 170, 0, 60), None, z=3.1)
        self.reach_ring = SquaresOverlay(QColor(0, 0, 0, 0), QColor(230, 140, 0, 230), z=3.2,
                                         outline_width=3)
        self.flank = LinesOverlay(z=21)
        for item in (self.threat_all, self.threat_selected, self.reach_ring, self.flank):
            scene.addItem(item)
        # The selected token's zone and ring stay put while it is dragged, and each frame of
        # the drag repaints them: drawn once into a pixmap, they are then only copied (the
        # zone of every enemy may cover the map, so that one is drawn each time).
        for item in (self.threat_selected, self.reach_ring):
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._enabled = dict(OVERLAY_DEFAULTS)
        self.selected: list[str] = []
        # The enemies whose zones `threat_all` shows: a click on another token of the same
        # side shows the same zones (all enemies of 300 tokens: ~150 ms to measure again).
        self._threat_all_of: tuple[str, ...] | None = None

    def enabled(self, key: str) -> bool:
        return self._enabled.get(key, False)

    def set_enabled(self, key: str, on: bool) -> None:
        self._enabled[key] = on
        self.refresh()

    def on_selection(self, ids: list[str]) -> None:
        self.selected = list(ids)
        self.refresh()

    def on_change(self, change: Any) -> None:
        if getattr(change, "kind", "all") in ("tokens", "walls", "all", "options", "turn",
                                              "grid"):
            self._threat_all_of = None  # threats may have moved: measure them again
            present = {tk.id for tk in self.view.session.encounter.tokens}
            self.selected = [i for i in self.selected if i in present]
            self.refresh()

    def refresh(self) -> None:
        s = self.view.session
        sel = self.selected[0] if len(self.selected) == 1 else None
        mine = threatened(s, sel) if sel and (self.enabled("threat_selected")
                                              or self.enabled("reach")) else []
        self.threat_selected.set_squares(mine if self.enabled("threat_selected") else [])
        self.reach_ring.set_squares(mine if self.enabled("reach") else [])
        if self.enabled("threat_all"):
            enemies = tuple(enemies_of(s, sel))
            if enemies != self._threat_all_of:  # a new side, or the map changed (on_change)
                self._threat_all_of = enemies
                squares: set[tuple[int, int]] = set()
                why: dict[tuple[int, int], list[str]] = {}
                names = {tk.id: tk.name for tk in s.encounter.tokens}
                for eid in enemies:
                    for sq in threatened(s, eid):
                        squares.add(sq)
                        why.setdefault(sq, []).append(names[eid])
                self.threat_all.set_squares(squares, {k: ", ".join(v) for k, v in why.items()})
        else:
            self._threat_all_of = None
            self.threat_all.clear()
        self._refresh_flanking(sel)

    def _refresh_flanking(self, sel: str | None) -> None:
        if sel is None or not self.enabled("flanking"):
            self.flank.clear()
            return
        s = self.view.session
        tokens = {tok.id: tok for tok in s.encounter.tokens}  # not a list search per foe
        me = tokens[sel]
        foes = sorted(enemies_of(s, sel), key=lambda i: _chebyshev(me, tokens[i]))
        segments: list[Segment] = []
        labels: list[Label] = []
        # The bonus needs the attack's preview (~4 ms each): only for the foes flanked now,
        # which the map alone tells (a selection asked it of 12 foes, ~50 ms, at every press).
        flank_word = term("flanking", s.encounter.system).capitalize()
        for foe in s.flanked_targets(sel, foes[:MAX_FLANK_CHECKS]):
            try:
                prev = s.preview_attack(sel, foe)
            except Exception:  # no usable weapon / stats: nothing to show for this foe
                continue
            fl = prev.flanking
            if fl is None or not fl.flanked:
                continue
            for a, b in fl.lines:
                segments.append(Segment(tuple(a), tuple(b), FLANK, 3))  # type: ignore[arg-type]
            tok = tokens[foe]
            side = tok.size.squares
            labels.append(Label((tok.col + side / 2, tok.row - 0.3),
                                labelled(flank_word, flank_bonus(prev)), FLANK,
                                anchor=(tok.col, tok.row, side, side)))
        self.flank.set_content(segments, labels)


def flank_bonus(preview: Any) -> str:
    """The bonus as the rules gave it: the modifier(s) naming flanking, or advantage."""
    words = ("flank", "tenaille", "prise en tenaille")
    mods = [m for m in preview.modifiers
            if any(w in f"{m.name} {m.source}".lower() for w in words)]
    if mods:
        return ", ".join(f"{m.value:+d} ({say(m.name)})" for m in mods)
    if preview.advantage != "normal":
        return say(preview.advantage_why) or t(preview.advantage)
    return say(preview.flanking.explanation) or "—"


def _chebyshev(a: Any, b: Any) -> float:
    """Display ordering only (which foes to examine first), not a rule distance."""
    return float(max(abs(a.col - b.col), abs(a.row - b.row)))
