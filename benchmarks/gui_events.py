"""What the GUI rows share: mouse events sent to the real map view, and their frame target."""

from __future__ import annotations

from typing import Any

from benchmarks.sc_qt import qt_app

FRAME_TARGET = "p95 well inside a 120 Hz frame (8.3 ms)"


def mouse(view: Any, kind: str, square: tuple[float, float]) -> None:
    """A left-button mouse event at the centre of a square, sent to the viewport."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent

    from battlemap.ui.map.units import PX

    scene = QPointF((square[0] + 0.5) * PX, (square[1] + 0.5) * PX)
    local = QPointF(view.mapFromScene(scene))
    glob = QPointF(view.viewport().mapToGlobal(local.toPoint()))
    types = {"press": QEvent.Type.MouseButtonPress, "move": QEvent.Type.MouseMove,
             "release": QEvent.Type.MouseButtonRelease}
    buttons = Qt.MouseButton.NoButton if kind == "release" else Qt.MouseButton.LeftButton
    event = QMouseEvent(types[kind], local, glob, Qt.MouseButton.LeftButton if kind != "move"
                        else Qt.MouseButton.NoButton, buttons,
                        Qt.KeyboardModifier.NoModifier)
    qt_app().sendEvent(view.viewport(), event)
