"""Attacks from the map: with one token selected, `A` (or the Attack action) starts targeting;
hovering or Tab-cycling a target draws the cover lines from the corner the engine chose
(blocked ones red) with the level; a click or Enter opens the attack panel."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeyEvent

from battlemap.ui.i18n import refusal, say
from battlemap.ui.i18n.cover_words import cover_words
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.drawing.overlays.lines_overlay import Box, Label, LinesOverlay, Segment
from battlemap.ui.map.gestures.status import tell
from battlemap.ui.map.gestures.threat_source import enemies_of
from battlemap.ui.map.gestures.tools.pointer import Pointer
from battlemap.ui.map.panels.attack_panel import AttackPanel

CLEAR = QColor(30, 160, 60)
BLOCKED = QColor(220, 30, 30)
TARGET = QColor(230, 120, 0)


class AttackController:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.cover = LinesOverlay(z=23)
        view.map_scene.addItem(self.cover)
        self.attacker: str | None = None
        self.target: str | None = None
        self.panel: AttackPanel | None = None

    @property
    def session(self) -> Any:
        return self.view.session

    @property
    def targeting(self) -> bool:
        return self.attacker is not None

    def start_targeting(self) -> None:
        ids = self.view.selected_token_ids()
        if len(ids) != 1:  # A or "Attack" did nothing, silently: say what it needs
            tell(self.view, t("Select the attacker first (one token), then Attack."))
            return
        self.attacker = ids[0]
        self.target = None
        self.view.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.cover.clear()
        tell(self.view, t("Click the target (Esc: cancel)."))

    def stop(self) -> None:
        if self.attacker is not None:
            tell(self.view, "")  # "Click the target" no longer holds
        self.attacker = self.target = None
        self.cover.clear()
        self.view.viewport().unsetCursor()

    # -- pointer -------------------------------------------------------------------------
    def press(self, ptr: Pointer) -> bool:
        if not self.targeting:
            return False
        tid = self._token_at(ptr.x, ptr.y)
        if tid is None or tid == self.attacker:
            self.stop()
            return True
        self.show_target(tid)
        self.open_panel()
        return True

    def pointer(self, ptr: Pointer) -> None:
        pass  # a click is enough; drags do nothing in targeting mode

    def hover(self, ptr: Pointer) -> None:
        if not self.targeting:
            return
        tid = self._token_at(ptr.x, ptr.y)
        if tid is not None and tid != self.attacker and tid != self.target:
            self.show_target(tid)

    def _token_at(self, x: float, y: float) -> str | None:
        for tok in reversed(self.session.encounter.tokens):
            x0, y0, x1, y1 = tok.footprint_bounds()
            if x0 <= x < x1 and y0 <= y < y1 and tok.id in self.view.map_scene.tokens:
                return str(tok.id)
        return None

    # -- cover lines ---------------------------------------------------------------------
    def show_target(self, target: str) -> None:
        self.target = target
        try:
            preview = self.session.preview_attack(self.attacker, target)
        except Exception as err:  # a token without usable stats: say so on the map
            tok = self.session.encounter.token(target)
            self.cover.set_content([], [Label((tok.col + 0.5, tok.row - 0.3), refusal(err),
                                              BLOCKED)])
            return
        overlays = self.view.controllers.get("overlays")
        if overlays is not None and not overlays.enabled("cover"):
            self.cover.clear()
            return
        self.cover.set_content(*cover_drawing(preview, self.session.encounter))

    def open_panel(self) -> AttackPanel | None:
        if self.attacker is None or self.target is None:
            return None
        if self.panel is not None:
            self.panel.close()
        self.panel = AttackPanel(self.session, self.attacker, self.target, self.view)
        self.panel.show()
        self.stop()
        return self.panel

    def retranslate(self) -> None:
        """MapView.set_language: an open panel follows the language, the GM's edits kept."""
        if self.panel is not None and self.panel.isVisible():
            self.panel.retranslate()

    def on_change(self, change: Any) -> None:
        """Keep an open panel true to the map: closed when its attacker or target leaves
        it (Delete, an undo: rolling would have raised in the button's slot), its situation
        worked out again when tokens, walls or options change before the roll."""
        if getattr(change, "kind", "") not in ("tokens", "walls", "terrain", "options", "grid",
                                               "all"):
            return
        present = {tk.id for tk in self.session.encounter.tokens}
        if self.attacker is not None and self.attacker not in present:
            self.stop()
        panel = self.panel
        if panel is None or not panel.isVisible():
            return
        if panel.attacker not in present or panel.target not in present:
            panel.close()
            self.panel = None
        elif panel.outcome is None:
            panel.refresh()

    # -- keys ----------------------------------------------------------------------------
    def key(self, event: QKeyEvent) -> bool:
        if not self.targeting:
            # Also reached when the action's shortcut is not active (no window menu).
            if event.key() == Qt.Key.Key_A and event.modifiers() == Qt.KeyboardModifier.NoModifier:
                self.start_targeting()
                return self.targeting
            return False
        if event.key() == Qt.Key.Key_Escape:
            self.stop()
            return True
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            foes = enemies_of(self.session, self.attacker)
            others = foes or [tk.id for tk in self.session.encounter.tokens
                              if tk.id != self.attacker]
            others = [i for i in others if i in self.view.map_scene.tokens]
            if others:
                step = -1 if event.key() == Qt.Key.Key_Backtab else 1
                i = others.index(self.target) + step if self.target in others else 0
                self.show_target(others[i % len(others)])
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.target:
            self.open_panel()
            return True
        return False


def cover_drawing(preview: Any, encounter: Any) -> tuple[list[Segment], list[Label], list[Box]]:
    """Sight lines of the cover result (blocked red, clear green), the level and its effect."""
    segments: list[Segment] = []
    cov = preview.cover
    for line in getattr(cov, "lines", []) or []:
        segments.append(Segment(tuple(line.start), tuple(line.end),  # type: ignore[arg-type]
                                BLOCKED if line.blocked else CLEAR, 2.0, dashed=line.blocked))
    tgt = encounter.token(preview.target)
    side = tgt.size.squares
    effect = [f"{say(m.name)} {m.value:+d}" for m in preview.modifiers
              if any(w in f"{m.name} {m.source}".lower() for w in ("cover", "abri", "couvert"))]
    level = getattr(cov, "level", "none")
    words = cover_words(level, encounter.system)
    text = words[:1].upper() + words[1:] + (f" ({', '.join(effect)})" if effect else "")
    if not preview.legal and preview.reason:
        text += f" — {say(preview.reason)}"
    labels = [Label((tgt.col + side / 2, tgt.row - 0.35), text,
                    BLOCKED if level not in ("none", None) else CLEAR,
                    anchor=(tgt.col, tgt.row, side, side))]
    boxes = [Box((tgt.col, tgt.row, side, side), TARGET)]
    return segments, labels, boxes
