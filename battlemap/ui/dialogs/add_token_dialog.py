"""Choosing a creature to add: a blank token, one of the system's bundled stat blocks or one of
the GM's own (the library in the data folder, marked as such), with its name, side, picture
and whether the players see it. What reading the GM's library had to say (an entry refused,
a file kept aside) shows under the list, one sentence each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from battlemap.ui.dialogs.art_picker import ArtPicker
from battlemap.ui.dialogs.bestiary import load_bestiary
from battlemap.ui.i18n import say, tr

SIDES = (("foe", "Foe"), ("party", "Party"), ("neutral", "Neutral"))


class AddTokenDialog(QDialog):
    def __init__(self, system: str, parent: QWidget | None = None,
                 encounter_path: Path | str | None = None) -> None:
        super().__init__(parent)
        from battlemap.engine.files.bestiary import load_library

        self.setWindowTitle(tr("Add token"))
        bundled = load_bestiary(system)
        library = load_library(system)
        self.entries: list[dict[str, Any] | None] = [
            None, *bundled, *(e.as_data() for e in library.entries)]
        self.own_from = 1 + len(bundled)  # the first row of the GM's own stat blocks
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setObjectName("bestiary_list")
        self.list.addItem(tr("Blank token"))
        for row, e in enumerate(self.entries[1:], start=1):
            assert e is not None
            text = f"{e['name']} ({tr(e.get('size', 'medium'))})"
            if row >= self.own_from:
                text = f"★ {text} — {tr('yours')}"
            self.list.addItem(text)
        self.list.currentRowChanged.connect(self._picked)
        lay.addWidget(self.list, 1)
        self.library_problems = QLabel("\n".join(say(p) for p in library.problems))
        self.library_problems.setObjectName("library_problems")
        self.library_problems.setWordWrap(True)
        self.library_problems.setStyleSheet("color: #c62828;")
        self.library_problems.setVisible(bool(library.problems))
        lay.addWidget(self.library_problems)
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
        if entry and entry.get("art"):  # the GM's own stat block brings its picture
            self.picture.show_art(None, str(entry.get("art_fit", "disc")))
            self.picture.pick(str(entry["art"]))

    def choice(self) -> tuple[dict[str, Any] | None, str, str, bool]:
        row = self.list.currentRow()
        entry = self.entries[row] if 0 <= row < len(self.entries) else None
        return entry, self.name.text().strip() or tr("Creature"), self.side.currentData(), \
            self.hidden.isChecked()

    def art(self) -> tuple[str | None, str]:
        """The picture picked (None: the plain disc) and how it sits in the square."""
        return self.picture.path or None, self.picture.fit_value()
