"""The ruler in hand (toolbar "Ruler", key `L`): a press-drag measures from the square under
the press, Space during the drag or a later click adds a waypoint, Esc or a right-click puts
the measure away. The tool (tools/ruler_tool.py) measures; this draws it and tells the
players' window (`view.marks`). Nothing here touches the session: a measure is no change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeyEvent

from battlemap.geometry.policy import Diagonals
from battlemap.ui.map.drawing.overlays.ruler_overlay import RulerItem
from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool, feed, start
from battlemap.ui.map.gestures.tools.ruler_tool import Measure, measure_drag, measure_of


class RulerController:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.item = RulerItem()
        view.map_scene.addItem(self.item)
        self.armed = False
        self.measure: Measure | None = None
        self._tool: Tool | None = None
        self._last: Pointer | None = None

    def arm(self, on: bool) -> None:
        self.armed = on
        if on:  # one tool in hand: the ruler puts a template shape or an aim down
            group = getattr(self.view, "template_actions", None)
            if group is not None and group.checkedAction() is not None:
                group.checkedAction().setChecked(False)
            attack = self.view.built_controllers().get("attack")
            if attack is not None and attack.targeting:
                attack.stop()
            self.view.setDragMode(self.view.DragMode.NoDrag)
            return
        self.end()
        template = self.view.built_controllers().get("template")
        if template is None or template.armed is None:  # a shape taken up keeps its drag mode
            self.view.setDragMode(self.view.DragMode.RubberBandDrag)

    # -- pointer -------------------------------------------------------------------------
    def press(self, ptr: Pointer) -> bool:
        if not self.armed:
            return False
        fixed = list(self.measure.points) if self.measure is not None else []
        self._last = ptr
        self._tool = start(measure_drag(self, fixed, ptr))
        return True

    def pointer(self, ptr: Pointer) -> None:
        self._last = ptr
        if self._tool is not None and not feed(self._tool, ptr):
            self._tool = None

    def right_press(self, _ptr: Pointer) -> bool:
        """A right-click with a measure shown puts it away."""
        if self.measure is None:
            return False
        self.end()
        return True

    def abandon(self) -> None:
        """Esc or a right-click during the drag: the measure goes."""
        self.end()

    def gesture_key(self, event: QKeyEvent) -> bool:
        if self._tool is None:
            return False
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            if self._last is not None:  # the square under the pointer becomes a waypoint
                feed(self._tool, Pointer(self._last.x, self._last.y, "press"))
            return True
        return False

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape and (self.measure is not None or self.armed):
            if self.measure is not None:
                self.end()
            else:
                self._put_down()
            return True
        return False

    def _put_down(self) -> None:
        action = self.view.findChild(QAction, "map.ruler")
        if action is not None and action.isChecked():
            action.setChecked(False)  # its toggled signal disarms
        else:
            self.arm(False)

    # -- RulerContext --------------------------------------------------------------------
    def metric(self) -> Diagonals:
        return self.view.session.policy.diagonals  # type: ignore[no-any-return]

    def show_measure(self, measure: Measure | None) -> None:
        self.measure = measure
        self.item.set_measure(measure)
        self.view.marks.ruler_changed.emit(measure)

    def end(self) -> None:
        self._tool = None
        if self.measure is not None:
            self.show_measure(None)

    # -- view hooks ----------------------------------------------------------------------
    def on_change(self, change: Any) -> None:
        """The options may switch the diagonals: a measure shown is counted again."""
        if getattr(change, "kind", "") in ("options", "all") and self.measure is not None:
            self.show_measure(measure_of(list(self.measure.points), self.metric()))

    def retranslate(self) -> None:
        self.item.relabel()
        self.view.marks.ruler_changed.emit(self.measure)
