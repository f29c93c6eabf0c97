"""Moving tokens: press on a token starts the drag tool; every new square asks the engine for
`preview_move` and draws it, with the nearest foes' cover from there (`drag_cover`); release commits through `session.move` (one undo step), asking
the GM about opportunity attacks first. Arrow keys do the same one square at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QMessageBox

from battlemap.engine.decision import Decision
from battlemap.engine.errors import EngineError
from battlemap.ui.i18n import refusal, say
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.drawing.overlays.path_drawing import PathDrawing, drawing_from_preview
from battlemap.ui.map.drawing.overlays.path_overlay import PathOverlay
from battlemap.ui.map.gestures.drag_cover import DragCoverBadges
from battlemap.ui.map.gestures.status import tell
from battlemap.ui.map.gestures.tools.move_tool import drag_token, key_step
from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool, feed, start
from battlemap.ui.map.map_actions import MOVE_KIND_DATA
from battlemap.ui.map.panels.oa_dialog import ask_oa

ARROWS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up",
          Qt.Key.Key_Down: "down"}


class MoveController:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.overlay = PathOverlay()
        view.map_scene.addItem(self.overlay)
        self.cover = DragCoverBadges(view)
        self._tool: Tool | None = None
        self._moved = False
        self.last_preview: Any = None
        self.last_error = ""
        # Replaceable for scripted use; returns {enemy id: "resolve"|"skip"} or None (cancel).
        self.ask_oa: Callable[[list[Any], dict[str, str]], dict[str, str] | None] = (
            lambda provokes, names: ask_oa(self.view, provokes, names))
        # Asked when the engine refuses a path: True moves anyway (GM override, logged).
        self.ask_override: Callable[[str], bool] = self._ask_override
        # The kind of the next move (the map's "Move" menu, the system's `move_kinds`): a
        # 1.5 m step, a withdraw, a charge or a run count and provoke by their own rules (000
        # "Attaques d'opportunité", 001 "Charge"…). Back to a normal move once one is made.
        self.kind = "normal"

    @property
    def session(self) -> Any:
        return self.view.session

    @property
    def drawing(self) -> PathDrawing | None:
        return self.overlay.drawing

    # -- pointer -------------------------------------------------------------------------
    def press(self, ptr: Pointer) -> bool:
        item = self.view.map_scene.tokens.get(self._token_at(ptr) or "")
        if item is None:
            return False
        if not ptr.ctrl:
            self.view.map_scene.clearSelection()
        item.setSelected(True)
        token = self.session.encounter.token(item.token_id)
        self._moved = False
        self._tool = start(drag_token(self, token.id, (int(token.col), int(token.row)), ptr))
        return True

    def pointer(self, ptr: Pointer) -> None:
        if self._tool is not None and not feed(self._tool, ptr):
            self._tool = None

    def abandon(self) -> None:
        """Esc or the right button during a drag: no move, the path and badges go."""
        if self._tool is not None:
            self._tool.close()
            self._tool = None
        self._clear()

    def _token_at(self, ptr: Pointer) -> str | None:
        for tok in reversed(self.session.encounter.tokens):
            item = self.view.map_scene.tokens.get(tok.id)
            if item is None:
                continue
            x0, y0, x1, y1 = tok.footprint_bounds()
            if x0 <= ptr.x < x1 and y0 <= ptr.y < y1:
                return str(tok.id)
        return None

    # -- MoveContext ---------------------------------------------------------------------
    def preview(self, token_id: str, path: list[tuple[int, int]], badges: bool = True) -> None:
        self._moved = True
        if not path:
            self._clear()
            return
        self.last_preview = self.session.preview_move(token_id, path, kind=self.kind)
        self.overlay.set_drawing(drawing_from_preview(self.last_preview, self.session.encounter),
                                 self.view.zoom())
        if badges:  # a drag shows them; an arrow-key step commits at once
            self.cover.show(token_id, path[-1])

    def cancel(self, token_id: str) -> None:
        self._clear()

    def _clear(self) -> None:
        self.overlay.set_drawing(None)
        self.cover.clear()
        self.last_preview = None

    def commit(self, token_id: str, path: list[tuple[int, int]]) -> None:
        try:
            self._commit(token_id, path)
        finally:
            self._clear()

    def _commit(self, token_id: str, path: list[tuple[int, int]]) -> None:
        preview = self.last_preview
        override = False
        if preview is not None and not preview.legal:
            reason = say(preview.reason)
            self.last_error = reason
            self._status(reason)
            if not self.ask_override(reason):
                return
            override = True
        s = self.session
        kind = self.kind
        try:
            outcome = s.move(token_id, path, kind=kind, oa="ask", gm_override=override)
            if isinstance(outcome, Decision):
                names = {t.id: t.name for t in s.encounter.tokens}
                choices = self.ask_oa(list(outcome.provokes), names)
                if choices is None:
                    return
                s.move(token_id, path, kind=kind, oa="resolve", oa_choices=choices,
                       gm_override=override, decision=outcome)
        except EngineError as err:  # the engine refuses with one sentence
            self.last_error = refusal(err)
            self._status(self.last_error)
            return
        if kind != "normal":
            self.set_kind("normal")  # a step or a charge is one move, not a mode

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        for act in getattr(self.view, "move_kind_actions", None) or ():
            if act.data() == MOVE_KIND_DATA + kind and not act.isChecked():
                act.setChecked(True)

    def _ask_override(self, reason: str) -> bool:
        answer = QMessageBox.question(
            self.view, t("Move"), f"{reason}\n\n{t('Move anyway (GM decision)?')}",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _status(self, text: str) -> None:
        self.view.setToolTip(text)
        tell(self.view, text)

    # -- keys ----------------------------------------------------------------------------
    def key(self, event: QKeyEvent) -> bool:
        if event.key() not in ARROWS or event.modifiers() not in (
                Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier):
            return False
        ids = self.view.selected_token_ids()
        if len(ids) != 1:
            return False
        token = self.session.encounter.token(ids[0])
        target = key_step((int(token.col), int(token.row)), ARROWS[Qt.Key(event.key())])
        if target is None:
            return False
        self.preview(token.id, [target], badges=False)
        self.commit(token.id, [target])
        return True
