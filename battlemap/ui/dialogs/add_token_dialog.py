"""Choosing a creature to add: a blank token or one of the system's bestiary entries, with
its name, side, picture and whether the players see it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from battlemap.ui.dialogs.art_picker import ArtPicker
from battlemap.ui.dialogs.bestiary import load_bestiary
from battlemap.ui.i18n import tr

SIDES = (("foe", "Foe"), ("party", "Party"), ("neutral", "Neutral"))


class AddTokenDialog(QDialog):
    def __init__(self, system: str, parent: QWidget | None = None,
                 encounter_path: Path | str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Add token"))
        self.entries: list[dict[str, Any] | None] = [None, *load_bestiary(system)]
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setObjectName("bestiary_list")
        self.list.addItem(tr("Blank token"))
        for e in self.entries[1:]:
            assert e is not None
            self.list.addItem(f"{e['name']} ({tr(e.get('size', 'medium'))})")
        self.list.currentRowChanged.connect(self._picked)
        lay.addWidget(self.list, 1)
        form = QFormLayout()
        self.name = QLineEdit(tr("Creature"))
        self.name.setObjectName("token_name")
        self.side = QComboBox()
        for value, label in SIDES:
            self.side.addItem(tr(label), value)
        self.hidden = QCheckBox(tr("Hidden from players"))
        self.picture = ArtPicker(lambda: encounter_path)
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Side"), self.side)
        form.addRow(tr("Picture"), self.picture)
        form.addRow("", self.picture.problem)
        form.addRow("", self.hidden)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.list.setCurrentRow(0)

    def _picked(self, row: int) -> None:
        entry = self.entries[row] if 0 <= row < len(self.entries) else None
        self.name.setText(entry["name"] if entry else tr("Creature"))
        if entry:
            self.side.setCurrentIndex(max(0, self.side.findData(entry.get("side", "foe"))))

    def choice(self) -> tuple[dict[str, Any] | None, str, str, bool]:
        row = self.list.currentRow()
        entry = self.entries[row] if 0 <= row < len(self.entries) else None
        return entry, self.name.text().strip() or tr("Creature"), self.side.currentData(), \
            self.hidden.isChecked()

    def art(self) -> tuple[str | None, str]:
        """The picture picked (None: the plain disc) and how it sits in the square."""
        return self.picture.path or None, self.picture.fit_value()
