"""Dropping a token whose path provokes: the GM chooses, per enemy, to roll the opportunity
attack or skip it; "Roll all" / "Skip all" are shortcuts; Cancel keeps the token in place."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlemap.ui.i18n import say
from battlemap.ui.i18n.map_words import t


class OADialog(QDialog):
    def __init__(self, provokes: list[Any], names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oaDialog")
        self.setWindowTitle(t("Opportunity attacks"))
        self.choices: dict[str, str] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(t("Each foe's opportunity attack, and why:")))
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        for prov in provokes:
            if prov.by in self.combos:
                continue
            combo = QComboBox()
            combo.addItem(t("Roll"), "resolve")
            combo.addItem(t("Skip"), "skip")
            combo.setObjectName(f"oa.{prov.by}")
            why = str(say(prov.why))  # why it provokes, in the UI language
            combo.setToolTip(why)
            sq = tuple(prov.at)
            form.addRow(f"{names.get(prov.by, prov.by)} ({sq[0]}, {sq[1]})", combo)
            if why:  # under the foe, across the dialog
                because = QLabel(why)
                because.setObjectName(f"oa.{prov.by}.why")
                because.setWordWrap(True)
                because.setStyleSheet("color: palette(placeholder-text);")
                form.addRow(because)
            self.combos[prov.by] = combo
        layout.addLayout(form)
        buttons = QDialogButtonBox()
        # Roll them all, skip them all, or as chosen foe by foe in the list above.
        self.roll_all = QPushButton(t("Roll all"))
        self.roll_all.setObjectName("oa.roll_all")
        self.skip_all = QPushButton(t("Skip all"))
        self.skip_all.setObjectName("oa.skip_all")
        self.gm = QPushButton(t("As chosen above"))
        self.gm.setObjectName("oa.gm")
        buttons.addButton(self.roll_all, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.skip_all, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.gm, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        self.roll_all.clicked.connect(lambda: self._finish("resolve"))
        self.skip_all.clicked.connect(lambda: self._finish("skip"))
        self.gm.clicked.connect(lambda: self._finish(None))
        layout.addWidget(buttons)

    def _finish(self, all_as: str | None) -> None:
        self.choices = {by: (all_as or combo.currentData()) for by, combo in self.combos.items()}
        self.accept()


def ask_oa(parent: QWidget | None, provokes: list[Any], names: dict[str, str]
           ) -> dict[str, str] | None:
    """Modal: the choice per enemy id, or None when the GM cancels the move."""
    dlg = OADialog(provokes, names, parent)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return dlg.choices
