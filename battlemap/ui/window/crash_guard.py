"""What an uncaught error in the window does: while the GUI runs, `sys.excepthook` logs the
traceback, writes an autosave of the encounter, and tells the GM in one sentence where the
log is, in a box that does not block the window, which stays usable (an error in one slot
leaves the session whole: every change is an engine command that rolls itself back)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtWidgets import QMessageBox

from battlemap import logs
from battlemap.ui.i18n import tr, trf


class CrashGuard:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.previous = sys.excepthook
        self.box: QMessageBox | None = None
        self.last_autosave: Path | None = None

    def install(self) -> CrashGuard:
        sys.excepthook = self.hook
        return self

    def uninstall(self) -> None:
        if sys.excepthook == self.hook:
            sys.excepthook = self.previous

    def hook(self, kind: type[BaseException], error: BaseException,
             tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):  # Ctrl+C in the terminal still quits
            self.previous(kind, error, tb)
            return
        logs.log.error("uncaught %s in the window", kind.__name__, exc_info=(kind, error, tb))
        saved = self._autosave()
        self._tell(saved)

    def _autosave(self) -> Path | None:
        session = getattr(self.window, "session", None)
        if session is None:
            return None
        try:
            written = session.autosave_now()  # None: nothing changed since the last one
        except Exception:  # the autosave's own failure is logged, the message still shows
            logs.log.exception("the autosave after an uncaught error failed")
            return None
        if written is not None:
            self.last_autosave = Path(written)
            logs.log.info("autosave written: %s", written)
        return self.last_autosave

    def _tell(self, saved: Path | None) -> None:
        if saved is not None:
            text = trf("An unexpected error happened: its details are in {log}, and the "
                       "encounter is autosaved in {autosave}.", log=str(logs.log_file()),
                       autosave=str(saved))
        else:
            text = trf("An unexpected error happened: its details are in {log}.",
                       log=str(logs.log_file()))
        if self.box is None:
            self.box = QMessageBox(QMessageBox.Icon.Warning, tr("Battle map"), text,
                                   QMessageBox.StandardButton.Ok, self.window)
            self.box.setObjectName("crash_box")
            self.box.setModal(False)
        self.box.setText(text)
        self.box.show()
