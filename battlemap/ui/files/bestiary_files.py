"""The GM's own bestiary from the window (engine/files/bestiary.py): "Save token as stat
block…" (the selected token's stats, size, speed, reach, side and picture, under a name;
asks before replacing a stat block of that name), and the File menu's import and export of
the library as JSON. Each refused entry is said in one sentence naming it; the library is
never written over in silence. The dialogs are imported when used: the window's first frame
makes none of their classes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from battlemap.text import Message
from battlemap.ui.i18n import say, tr, trf

JSON_FILTER = "JSON (*.json)"


class BestiaryFiles(QObject):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window

    @property
    def system(self) -> str:
        return str(self.window.session.encounter.system)

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _say_library_problems(self, title: str) -> None:
        """What reading the library has to say (an entry refused, the file kept aside), told
        before the library is written: the GM learns of it whatever the act."""
        from battlemap.engine.files.bestiary import load_library
        from battlemap.ui.dialogs import prompts

        problems = load_library(self.system).problems
        if problems:
            prompts.show_bestiary_report(self.window, title, [say(p) for p in problems],
                                         trouble=True)

    # -- a token as a stat block -----------------------------------------------------------
    def save_token(self, name: str | None = None) -> Any:
        """Store the selected token in the GM's library; the entry stored, or None (nothing
        selected, cancelled, refused: the status bar says why)."""
        from battlemap.engine.files.bestiary import (
            LibraryError,
            SameName,
            entry_from_token,
            store_entry,
        )
        from battlemap.ui.dialogs import prompts

        session = self.window.session
        tid = self.window.selected_token
        if not tid:
            self._status(tr("Select a token to save as a stat block."))
            return None
        self._say_library_problems("Save token as stat block")
        token = session.token(tid)
        name = name if name is not None else prompts.ask_statblock_name(self.window, token.name)
        if not name:
            return None
        try:
            entry = entry_from_token(token, name, session.path)
            try:
                store_entry(self.system, entry)
            except SameName as same:
                if not prompts.ask_replace_statblock(self.window, say(same.reason)):
                    return None
                store_entry(self.system, entry, replace=True)
        except LibraryError as err:
            prompts.show_bestiary_report(self.window, "Save token as stat block",
                                         [say(err.reason)], trouble=True)
            return None
        self._status(trf("'{name}' is in your bestiary: Add token offers it.", name=entry.name))
        return entry

    # -- import and export -----------------------------------------------------------------
    def import_dialog(self, path: str | None = None) -> Any:
        """Import a JSON file into the library of the encounter's system; the report, or
        None when cancelled or the file cannot be read (said in one sentence)."""
        from battlemap.engine.files.bestiary import LibraryError, load_library, merge, read_file
        from battlemap.ui.dialogs import prompts

        if path is None:
            from PySide6.QtWidgets import QFileDialog

            path, _ = QFileDialog.getOpenFileName(self.window, tr("Import stat blocks"), "",
                                                  tr(JSON_FILTER))
            if not path:
                return None
        name = Path(path).name
        try:
            library = load_library(self.system)
            entries, refused = read_file(path, self.system)
            same = [e.name for e in entries if library.find(e.name) is not None]
            replace = bool(same) and prompts.ask_replace_imported(self.window, ", ".join(same))
            report = merge(self.system, entries, replace, source=name)
        except LibraryError as err:
            prompts.show_bestiary_report(self.window, "Import stat blocks", [say(err.reason)],
                                         trouble=True)
            return None
        report.refused[:0] = refused
        head = Message.of("bestiary.imported", name=name, added=len(report.added),
                          replaced=len(report.replaced), refused=len(report.refused))
        problems = [*library.problems, *report.refused]
        prompts.show_bestiary_report(self.window, "Import stat blocks",
                                     [say(head), *(say(p) for p in problems)],
                                     trouble=bool(problems))
        return report

    def export_dialog(self, path: str | None = None) -> int | None:
        """Write the library of the encounter's system to a JSON file; how many stat blocks,
        or None when cancelled or refused (said in one sentence)."""
        from battlemap.engine.files.bestiary import LibraryError, export_library
        from battlemap.ui.dialogs import prompts

        if path is None:
            from PySide6.QtWidgets import QFileDialog

            path, _ = QFileDialog.getSaveFileName(self.window, tr("Export stat blocks"),
                                                  f"{self.system}-bestiary.json", tr(JSON_FILTER))
            if not path:
                return None
        self._say_library_problems("Export stat blocks")
        try:
            n = export_library(self.system, path)
        except LibraryError as err:
            prompts.show_bestiary_report(self.window, "Export stat blocks", [say(err.reason)],
                                         trouble=True)
            return None
        self._status(trf("{n} stat block(s) written to {path}.", n=n, path=path))
        return n
