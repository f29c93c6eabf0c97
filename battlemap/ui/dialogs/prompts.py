"""The questions the workspace asks the GM, through QMessageBox's static calls (tests patch
them): unsaved changes, recovery of an autosave, and a file that could not be opened."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from battlemap.ui.i18n import tr


def ask_unsaved(parent: QWidget | None, name: str) -> str:
    """"save", "discard" or "cancel"."""
    buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
               | QMessageBox.StandardButton.Cancel)
    answer = QMessageBox.question(
        parent, tr("Unsaved changes"),
        tr("The encounter '{name}' has unsaved changes. Save them?").format(name=name),
        buttons, QMessageBox.StandardButton.Save)
    if answer == QMessageBox.StandardButton.Save:
        return "save"
    if answer == QMessageBox.StandardButton.Discard:
        return "discard"
    return "cancel"


def _yes_no(parent: QWidget | None, title: str, text: str, default_yes: bool) -> bool:
    """A Yes/No question; True when the GM answers Yes (Enter gives the default)."""
    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    return QMessageBox.question(parent, title, text, yes | no,
                                yes if default_yes else no) == yes


def ask_recover(parent: QWidget | None, original: str, autosave: Path) -> bool:
    return _yes_no(parent, tr("Recover autosave"),
        tr("An autosave of '{name}' is newer than the file ({autosave}). Recover it?").format(
            name=original, autosave=autosave.name),
        default_yes=True)


def ask_recover_untitled(parent: QWidget | None, autosave: Path) -> bool:
    return _yes_no(parent, tr("Recover autosave"),
        tr("An encounter never saved to a file left an autosave ({autosave}). Recover it?").format(
            autosave=autosave.name),
        default_yes=True)


def ask_outside_pictures(parent: QWidget | None, name: str, pictures: str) -> bool:
    return _yes_no(parent, tr("Pictures from outside the encounter's folder"),
        tr("'{name}' shows pictures from outside its folder: {pictures}. Show them, in the "
           "players' window too? Your answer is remembered for this file.").format(
            name=name, pictures=pictures),
        default_yes=False)


def show_error(parent: QWidget | None, sentence: str) -> None:
    QMessageBox.warning(parent, tr("Cannot open the file"), sentence)


def show_save_error(parent: QWidget | None, sentence: str) -> None:
    QMessageBox.warning(parent, tr("Cannot save the file"), sentence)


def ask_statblock_name(parent: QWidget | None, name: str) -> str | None:
    """The name to save a token's stat block under (None: the GM cancelled)."""
    from PySide6.QtWidgets import QInputDialog

    text, ok = QInputDialog.getText(parent, tr("Save token as stat block"),
                                    tr("Name of the stat block in your bestiary:"), text=name)
    return text.strip() if ok and text.strip() else None


def ask_replace_statblock(parent: QWidget | None, sentence: str) -> bool:
    return _yes_no(parent, tr("Save token as stat block"),
        tr("{sentence} Replace it?").format(sentence=sentence),
        default_yes=False)


def ask_replace_imported(parent: QWidget | None, names: str) -> bool:
    return _yes_no(parent, tr("Import stat blocks"),
        tr("Your bestiary already has stat blocks of these names: {names}. Replace them with "
           "the imported ones?").format(names=names),
        default_yes=False)


def show_bestiary_report(parent: QWidget | None, title: str, sentences: list[str],
                         trouble: bool) -> None:
    """What an import or an export did: the count, then one sentence for each stat block
    refused (`trouble`: some were, or the library had to be kept aside)."""
    box = QMessageBox.warning if trouble else QMessageBox.information
    box(parent, tr(title), "\n".join(sentences))
