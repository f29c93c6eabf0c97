"""A warning kept in the status bar: one red sentence that stays until it is cleared (a
temporary status message would hide the map's size and vanish before the GM looks)."""

from __future__ import annotations

from typing import Any


class StatusWarning:
    def __init__(self, window: Any, name: str) -> None:
        self.window = window
        self.name = name
        self.label: Any = None  # made on first use: nothing to build before the first frame

    @property
    def text(self) -> str:
        return self.label.text() if self.label is not None else ""

    def show(self, sentence: str) -> None:
        if self.label is None:
            from PySide6.QtWidgets import QLabel

            self.label = QLabel()
            self.label.setObjectName(self.name)
            self.label.setStyleSheet("color: #c62828;")
            self.label.setWordWrap(False)
            self.window.statusBar().addPermanentWidget(self.label)
        self.label.setText(sentence)
        self.label.setToolTip(sentence)  # the status bar may be narrower than the sentence
        self.label.show()

    def clear(self) -> None:
        if self.label is not None:
            self.label.clear()
            self.label.setToolTip("")
            self.label.hide()
