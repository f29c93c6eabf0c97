"""Decimal numbers in the editors, written as the interface's language writes them: « 7 »
and « 1,5 » in French, "7" and "1.5" in English, whatever the OS locale (a QDoubleSpinBox
follows the OS: "7.0" on an English system, a French window or not). Either separator is
read back, so a GM typing « 1.5 » in French is understood too. (The text functions live in
i18n: this module, a widget class, is imported when a dock is built, not at start-up.)"""

from __future__ import annotations

import re

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QWidget

from battlemap.ui.i18n import NUMBER, number_text, parse_number


class NumberBox(QDoubleSpinBox):
    """A QDoubleSpinBox that writes and reads its number the interface's way."""

    def __init__(self, places: int = 2, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(places)

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt's name)
        return number_text(value, self.decimals())

    def valueFromText(self, text: str) -> float:  # noqa: N802 (Qt's name)
        value = parse_number(text)
        return self.value() if value is None else value

    def validate(self, text: str, pos: int) -> object:
        t = text.strip().replace("\u00a0", "").replace(" ", "")
        if NUMBER.fullmatch(t) is None:
            return QValidator.State.Invalid, text, pos
        decimals = re.split(r"[.,]", t)[1] if re.search(r"[.,]", t) else ""
        if len(decimals) > self.decimals():
            return QValidator.State.Invalid, text, pos
        value = parse_number(t)
        if value is None or not self.minimum() <= value <= self.maximum():
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Acceptable, text, pos

    def relabel(self) -> None:
        """Write the number again (after a change of language)."""
        self.lineEdit().setText(self.textFromValue(self.value()))
