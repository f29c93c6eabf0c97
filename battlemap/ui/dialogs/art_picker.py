"""Picking a token's picture (Add token, the token dock): a file dialog, the picture checked
like a map picture before it is taken (a bad one says why in one sentence and is not used),
"Remove picture", and how it sits in the square (cropped to the disc or filling it).

The GM's own pick is the consent to show it: a picture from outside the encounter's folder
picked here shows in both windows without asking again (`engine/files/picture_consent`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from battlemap.ui.i18n import say, tr
from battlemap.ui.i18n.texts import Texts

FITS = (("disc", "Cropped to the disc"), ("square", "Filling the square"))
PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp)"


class ArtPicker(QWidget):
    """`picked` (the picture's path, or "" for none; the fit) when the GM changes either."""

    picked = Signal(str, str)

    def __init__(self, encounter_path: Callable[[], Path | str | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._encounter_path = encounter_path
        self.path: str = ""
        self.texts = Texts()
        lay = QGridLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.name = QLabel()
        self.name.setObjectName("art_name")
        self.choose_button = QPushButton()
        self.choose_button.setObjectName("art_choose")
        self.texts.bind(self.choose_button, "Choose picture…")
        self.choose_button.clicked.connect(lambda _c=False: self.choose())
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("art_remove")
        self.texts.bind(self.remove_button, "Remove picture")
        self.remove_button.clicked.connect(lambda _c=False: self.remove())
        self.fit = QComboBox()
        self.fit.setObjectName("art_fit")
        for value, label in FITS:
            self.fit.addItem(tr(label), value)
        self.fit.activated.connect(lambda _i: self._changed())
        self.problem = QLabel()
        self.problem.setObjectName("art_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.hide()
        lay.addWidget(self.name, 0, 0, 1, 2)
        lay.addWidget(self.choose_button, 1, 0)
        lay.addWidget(self.remove_button, 1, 1)
        lay.addWidget(self.fit, 2, 0, 1, 2)
        lay.addWidget(self.problem, 3, 0, 1, 2)
        self.show_art(None, "disc")

    def show_art(self, path: str | None, fit: str) -> None:
        """Show a token's picture and fit (no signal)."""
        self.path = path or ""
        self.fit.setCurrentIndex(max(0, self.fit.findData(fit)))
        self._show_name()

    def choose(self) -> bool:
        """The file dialog; True when a picture was taken."""
        folder = self._encounter_path()
        start = str(Path(folder).parent) if folder else ""
        path, _ = QFileDialog.getOpenFileName(self, tr("Choose picture…"), start,
                                              tr(PICTURE_FILTER))
        return bool(path) and self.pick(path)

    def pick(self, path: str) -> bool:
        """Take the picture at `path` if it can be shown; else say why, keep the old one."""
        from battlemap.engine.files.picture_consent import remember_consent
        from battlemap.io.limits import ART_LIMITS
        from battlemap.io.picture_check import checked_picture
        from battlemap.io.picture_folder import is_outside
        from battlemap.io.words import said

        _, problem = checked_picture(Path(path), ART_LIMITS)
        if problem is not None:
            self.problem.setText(say(said("picture.art_refused", path=Path(path).name,
                                          problem=problem)))
            self.problem.show()
            return False
        encounter = self._encounter_path()
        if encounter is not None and is_outside(path, encounter):
            remember_consent(encounter, [path])
        self.path = path
        self._changed()
        return True

    def remove(self) -> None:
        self.path = ""
        self._changed()

    def fit_value(self) -> str:
        return str(self.fit.currentData())

    def retranslate(self) -> None:
        self.texts.retranslate()
        for i, (_, label) in enumerate(FITS):
            self.fit.setItemText(i, tr(label))
        self._show_name()

    def _changed(self) -> None:
        self.problem.hide()
        self._show_name()
        self.picked.emit(self.path, self.fit_value())

    def _show_name(self) -> None:
        self.name.setText(Path(self.path).name if self.path else tr("No picture"))
        self.name.setToolTip(self.path)
        self.remove_button.setEnabled(bool(self.path))
        self.fit.setEnabled(bool(self.path))
