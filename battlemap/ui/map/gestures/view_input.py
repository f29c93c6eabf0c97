"""How the map view routes the GM's gestures: the middle button (or space + left) pans, a
left press goes to the first controller that takes it and that controller then gets the move
and the release, hovering goes to every controller, keys likewise (`MapView` mixes it in)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsView

from battlemap.ui.map.gestures.tools.pointer import Pointer
from battlemap.ui.map.units import PX

# Type checkers see the view's methods; at run time the mixin adds only its own.
_ViewBase = QGraphicsView if TYPE_CHECKING else object


class GestureRouting(_ViewBase):  # type: ignore[misc,valid-type]
    """Mouse and key routing of `MapView`; the view sets the state fields in __init__."""

    controllers: dict[str, Any]
    hoveredSquare: Any  # noqa: N815 (the view's Qt signal)
    _tool_handler: Any
    _pan_from: QPointF | None
    _space: bool
    _hovered: tuple[int, int] | None

    # -- pointer -------------------------------------------------------------------------
    def pointer(self, event: QMouseEvent, kind: str) -> Pointer:
        sp = self.mapToScene(event.position().toPoint())
        mods = event.modifiers()
        return Pointer(sp.x() / PX, sp.y() / PX, kind,  # type: ignore[arg-type]
                       shift=bool(mods & Qt.KeyboardModifier.ShiftModifier),
                       ctrl=bool(mods & Qt.KeyboardModifier.ControlModifier))

    def set_tool_handler(self, handler: Any) -> None:
        self._tool_handler = handler

    def abandon_gesture(self) -> bool:
        """Esc or the right button while a controller holds the gesture (a drag): it calls it
        off if it can (`abandon`), and the release then goes to no one. False when nothing
        was under way or the controller cannot call it off."""
        handler = self._tool_handler
        abandon = getattr(handler, "abandon", None)
        if abandon is None:
            return False
        self._tool_handler = None
        abandon()
        return True

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and (
                self.abandon_gesture() or self._right_press(event)):
            event.accept()
            return
        if event.button() == Qt.MouseButton.MiddleButton or (
                self._space and event.button() == Qt.MouseButton.LeftButton):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            ptr = self.pointer(event, "press")
            for ctl in self.controllers.values():
                press = getattr(ctl, "press", None)
                if press is not None and press(ptr):
                    self._tool_handler = ctl
                    event.accept()
                    return
        super().mousePressEvent(event)

    def _right_press(self, event: QMouseEvent) -> bool:
        """A right-click no gesture held: the first controller that wants it (the ruler puts
        its measure away)."""
        ptr = self.pointer(event, "press")
        for ctl in self.controllers.values():
            right = getattr(ctl, "right_press", None)
            if right is not None and right(ptr):
                return True
        return False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        ptr = self.pointer(event, "move")
        sq = (math.floor(ptr.x), math.floor(ptr.y))
        if sq != self._hovered:
            self._hovered = sq
            self.hoveredSquare.emit(*sq)
        if self._pan_from is not None:
            d = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(d.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(d.y()))
            event.accept()
            return
        if self._tool_handler is not None:
            self._tool_handler.pointer(ptr)
            event.accept()
            return
        for ctl in self.controllers.values():
            hover = getattr(ctl, "hover", None)
            if hover is not None:
                hover(ptr)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        if self._tool_handler is not None:
            handler, self._tool_handler = self._tool_handler, None
            handler.pointer(self.pointer(event, "release"))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # -- keys ----------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        # A key during a gesture goes to its controller first (Space pins a drag's waypoint).
        during = getattr(self._tool_handler, "gesture_key", None)
        if during is not None and during(event):
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape and self.abandon_gesture():
            event.accept()
            return
        for ctl in self.controllers.values():
            key = getattr(ctl, "key", None)
            if key is not None and key(event):
                event.accept()
                return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """While the GM picks an attack's target, Tab and Shift+Tab cycle the targets (README
        "Keyboard"): Qt would otherwise move the focus to the next widget of the window
        before the map sees the key."""
        attack = self.built_controllers().get("attack")
        if attack is not None and attack.targeting:
            return False
        return bool(super().focusNextPrevChild(next))

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
        super().keyReleaseEvent(event)
