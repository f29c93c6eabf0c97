"""What the GM's map shows the players besides the encounter: the ruler (when the GM lets
them see it) and pings. Neither is part of the encounter (no undo step, nothing to save), so
the players' window hears them from the GM's view, not from the session."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class ShownMarks(QObject):
    ruler_changed = Signal(object)  # a ruler_tool.Measure, or None once the ruler is put away
    pinged = Signal(int, int)  # the square pinged
