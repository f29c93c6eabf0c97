"""Keys that act on the session as a whole: undo/redo through the engine, Escape, Delete."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence


class EditKeys:
    def __init__(self, view: Any) -> None:
        self.view = view

    def key(self, event: QKeyEvent) -> bool:
        # Zoom keys also arrive here when the action shortcuts are not active (no menu yet).
        if event.matches(QKeySequence.StandardKey.ZoomIn) or (
                event.key() == Qt.Key.Key_Equal
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.view.zoom_in()
            return True
        if event.matches(QKeySequence.StandardKey.ZoomOut):
            self.view.zoom_out()
            return True
        if event.key() == Qt.Key.Key_0 and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.view.fit()
            return True
        if self.view.role != "gm":
            return False
        s = self.view.session
        if event.matches(QKeySequence.StandardKey.Undo):
            if s.can_undo:
                s.undo()
            return True
        if event.matches(QKeySequence.StandardKey.Redo) or (
                event.key() == Qt.Key.Key_Y
                and event.modifiers() == Qt.KeyboardModifier.ControlModifier) or (
                event.key() == Qt.Key.Key_Z and event.modifiers()
                == (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)):
            if s.can_redo:
                s.redo()
            return True
        if event.key() == Qt.Key.Key_Escape:
            self.view.map_scene.clearSelection()
            return True
        if event.key() == Qt.Key.Key_Delete:
            for tid in self.view.selected_token_ids():
                s.remove_token(tid)
            return True
        return False
