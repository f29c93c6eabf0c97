"""Qt's own words in the interface's language: the standard buttons (OK, Cancel, Yes, No,
Save, Discard…) of dialogs and message boxes. Qt ships its French (`qtbase_fr.qm`); without
it a French window said "Cancel"."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QTranslator
from PySide6.QtWidgets import QApplication

_installed: list[QTranslator] = []


def follow(lang: str) -> None:
    """Install Qt's translation for `lang` (none for English), replacing the previous one."""
    app = QApplication.instance()
    if app is None:
        return
    while _installed:
        app.removeTranslator(_installed.pop())
    if lang == "en":
        return
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{lang}", folder):
        app.installTranslator(translator)
        _installed.append(translator)
