"""Moving tokens: press on a token starts the drag tool; every new square under the mouse asks
the engine for the route there (`preview_route`: the cheapest legal one, Shift the one that
provokes fewest opportunity attacks; Space pins a waypoint) and draws it (a charge or a
straight run follows the mouse instead, `preview_move`), with the nearest foes' cover from there (`drag_cover`); release commits through `session.move` (one undo step), asking
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
from battlemap.ui.map.gestures.tools.move_tool import drag_route, drag_token, extend_path, key_step
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
        # The drag's route: its waypoints (Space pins the square under the mouse), and the
        # last square and choice asked, to ask again when a waypoint is pinned.
        self.via: list[tuple[int, int]] = []
        self._asked: tuple[str, tuple[int, int], bool] | None = None
        self.last_route: Any = None
        self._route_path: list[tuple[int, int]] | None = None  # what a drop moves through

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
        self.via, self._asked, self.last_route, self._route_path = [], None, None, None
        here = (int(token.col), int(token.row))
        follows = self.kind == "charge" or (self.kind == "run" and self.session.policy.run_straight)
        # A charge and a straight run go where the mouse goes: their line is the GM's choice.
        self._tool = start(drag_token(self, token.id, here, ptr) if follows
                           else drag_route(self, token.id, here, ptr))
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

    def route(self, token_id: str, target: tuple[int, int], fewest_oa: bool) -> list[
            tuple[int, int]]:
        """The route to `target` through the pinned waypoints, drawn; the squares a drop
        moves through. No legal route: the straight line, drawn with why it is refused."""
        self._moved = True
        self._asked = (token_id, target, fewest_oa)
        found = self.session.preview_route(token_id, target, via=self.via, avoid_oa=fewest_oa,
                                           kind=self.kind)
        self.last_route = found
        if found.found and not found.squares:
            self._clear()
            self._route_path = []
            return []
        if not found.found:
            token = self.session.encounter.token(token_id)
            path = extend_path((int(token.col), int(token.row)), [], target)
            self.preview(token_id, path)
            self._status(say(found.reason))
            self._route_path = path
            return path
        self.last_preview = found.move
        drawing = drawing_from_preview(found.move, self.session.encounter)
        drawing.waypoints = list(self.via)
        drawing.note = say(found.fewer_oa) if found.fewer_oa else ""
        self.overlay.set_drawing(drawing, self.view.zoom())
        self.cover.show(token_id, found.squares[-1])
        self._route_path = list(found.squares)
        return self._route_path

    def gesture_key(self, event: QKeyEvent) -> bool:
        """A key during a drag: Space pins the square under the mouse as a waypoint; Shift
        asks for the fewest attacks at once (the next mouse move keeps what Shift says)."""
        if self._tool is None or self._asked is None or event.isAutoRepeat():
            return False
        token_id, target, fewest = self._asked
        if event.key() == Qt.Key.Key_Space:
            if target not in self.via and (self.last_route is None or self.last_route.found):
                self.via.append(target)
                self.route(token_id, target, fewest)
            return True
        if event.key() == Qt.Key.Key_Shift:
            self.route(token_id, target, True)
            return False  # Shift stays a modifier for the view
        return False

    def cancel(self, token_id: str) -> None:
        self._clear()

    def _clear(self) -> None:
        self.overlay.set_drawing(None)
        self.cover.clear()
        self.last_preview = None

    def commit(self, token_id: str, path: list[tuple[int, int]]) -> None:
        if self._route_path is not None:  # a key may have changed the route since the tool saw it
            path, self._route_path = self._route_path, None
        if not path:
            self._clear()
            return
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
        # One step, never a route: a click on the token before (a press and a release where
        # it stands) leaves the empty route of that non-drag, which the step must not take.
        self._route_path = None
        self.preview(token.id, [target], badges=False)
        self.commit(token.id, [target])
        return True
