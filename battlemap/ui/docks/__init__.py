"""The GM's docks around the map: log, initiative, token inspector, encounter options."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

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
