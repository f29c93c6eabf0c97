"""Picking a token's picture (Add token, the token dock): a file dialog, the picture checked
like a map picture before it is taken (a bad one says why in one sentence and is not used),
"Remove picture", and how it sits in the square (cropped to the disc or filling it).

The GM's own pick is the consent to show it: a picture from outside the encounter's folder
picked here shows in both windows without asking again (`engine/files/picture_consent`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QWidget,
)

from battlemap.ui.i18n import say, tr
from battlemap.ui.i18n.texts import Texts

FITS = (("disc", "Cropped to the disc"), ("square", "Filling the square"))
PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp)"


class ArtPicker(QWidget):
    """One small button ("Picture") whose menu names the picture and offers Choose picture…,
    Remove picture and the fit: it takes no room of its own in the token dock's head row.
    `problem` (why a picture is refused or not shown) is a label the owner places, full
    width, shown only then. `picked` (the picture's path, or "" for none; the fit) when the
    GM changes either."""

    picked = Signal(str, str)

    def __init__(self, encounter_path: Callable[[], Path | str | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._encounter_path = encounter_path
        self.path: str = ""
        self.texts = Texts()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.button = QToolButton()
        self.button.setObjectName("art_button")
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.texts.bind(self.button, "Picture")
        menu = QMenu(self.button)
        self.name_action = menu.addAction("")
        self.name_action.setEnabled(False)
        self.choose_action = menu.addAction("")
        self.texts.bind(self.choose_action, "Choose picture…")
        self.choose_action.triggered.connect(lambda _c=False: self.choose())
        self.remove_action = menu.addAction("")
        self.texts.bind(self.remove_action, "Remove picture")
        self.remove_action.triggered.connect(lambda _c=False: self.remove())
        menu.addSeparator()
        group = QActionGroup(self)
        self.fit_actions: dict[str, QAction] = {}
        for value, label in FITS:
            act = menu.addAction("")
            self.texts.bind(act, label)
            act.setCheckable(True)
            group.addAction(act)
            act.triggered.connect(lambda _c=False: self._changed())
            self.fit_actions[value] = act
        self.button.setMenu(menu)
        lay.addWidget(self.button)
        self.problem = QLabel()
        self.problem.setObjectName("art_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.hide()
        self.show_art(None, "disc")

    def show_art(self, path: str | None, fit: str) -> None:
        """Show a token's picture and fit (no signal)."""
        self.path = path or ""
        self.fit_actions.get(fit, self.fit_actions["disc"]).setChecked(True)
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
        return next((v for v, act in self.fit_actions.items() if act.isChecked()), "disc")

    def retranslate(self) -> None:
        self.texts.retranslate()
        self._show_name()

    def _changed(self) -> None:
        self.problem.hide()
        self._show_name()
        self.picked.emit(self.path, self.fit_value())

    def _show_name(self) -> None:
        self.name_action.setText(Path(self.path).name if self.path else tr("No picture"))
        self.button.setToolTip(self.path or tr("No picture"))
        self.remove_action.setEnabled(bool(self.path))
        for act in self.fit_actions.values():
            act.setEnabled(bool(self.path))
