"""The GM's docks around the map: log, initiative, token inspector, encounter options.

`build_docks` places empty frames (the layout is final before the first frame);
`fill_docks` builds their bodies one per event-loop turn, so input is never held long.
The dock modules import their bodies' Qt widget classes inside `build` and the methods that
use them: PySide6 creates a class and its enums on first touch (a few dozen enum classes for
these bodies), work that belongs after the first frame too."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer

from battlemap.ui.docks.base import Dock


def build_docks(window: Any) -> dict[str, Dock]:
    from battlemap.ui.docks.initiative_dock import InitiativeDock
    from battlemap.ui.docks.inspector_dock import InspectorDock
    from battlemap.ui.docks.log_dock import LogDock
    from battlemap.ui.docks.options_dock import OptionsDock

    docks: dict[str, Dock] = {
        "initiative": InitiativeDock(window),
        "inspector": InspectorDock(window),
        "log": LogDock(window),
        "options": OptionsDock(window),
    }
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, docks["initiative"])
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, docks["inspector"])
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, docks["options"])
    window.tabifyDockWidget(docks["inspector"], docks["options"])
    docks["inspector"].raise_()
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, docks["log"])
    return docks


# Filled in this order: what the GM sees first, the tab behind the inspector last.
FILL_ORDER = ("inspector", "initiative", "log", "options")


def fill_docks(docks: dict[str, Dock], order: tuple[str, ...] = FILL_ORDER) -> None:
    """Build the first dock's body now and queue the rest, one per event-loop turn, so
    a click or a key waits for one dock at most (a dock already built costs nothing)."""
    if not order:
        return
    first = docks[order[0]]
    first.ensure_built()
    QTimer.singleShot(0, first, lambda: fill_docks(docks, order[1:]))  # dropped with the dock
