"""The docks' sizes, kept across a swap of the main window's central widget. Without a
central widget for a moment (a new map view replacing the old one), Qt hands its room to the
docks and they keep it: the next encounter's map showed as a strip 70 px wide."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
Sizes = list[tuple[QDockWidget, Qt.Orientation, int]]


def dock_sizes(window: QMainWindow) -> Sizes:
    """Each docked, shown dock's width (left and right) or height (top and bottom)."""
    out: Sizes = []
    for dock in window.findChildren(QDockWidget):
        if dock.isFloating() or not dock.isVisible():
            continue
        if window.dockWidgetArea(dock) in SIDES:
            out.append((dock, Qt.Orientation.Horizontal, dock.width()))
        else:
            out.append((dock, Qt.Orientation.Vertical, dock.height()))
    return out


def restore_dock_sizes(window: QMainWindow, sizes: Sizes) -> None:
    for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
        docks: list[Any] = [d for d, o, _ in sizes if o == orientation]
        if docks:
            window.resizeDocks(docks, [n for _, o, n in sizes if o == orientation], orientation)
