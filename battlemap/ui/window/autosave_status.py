"""The status bar's autosave warning. A failing autosave (read-only folder, full disk) is
said once, in one sentence that stays in the status bar, and leaves when an autosave works
again: a dialog or a traceback every minute would tell the GM nothing more."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.ui.i18n import tr
from battlemap.ui.window.status_warning import StatusWarning

MESSAGE = "Autosave cannot write to {folder} ({problem}): save the encounter yourself until it works again."


class AutosaveStatus:
    def __init__(self, window: Any) -> None:
        self.warning = StatusWarning(window, "autosave_warning")
        self.problem: tuple[str, str] | None = None  # (folder, reason) now shown

    def failed(self, folder: Path, err: Exception) -> None:
        problem = (str(folder), str(getattr(err, "strerror", None) or err).rstrip("."))
        if problem == self.problem:
            return  # said already, and still showing
        self.problem = problem
        self._show()

    def worked(self) -> None:
        if self.problem is not None:
            self.problem = None
            self.warning.clear()

    def retranslate(self) -> None:
        if self.problem is not None:
            self._show()

    @property
    def text(self) -> str:
        return self.warning.text

    @property
    def label(self) -> Any:
        return self.warning.label

    def _show(self) -> None:
        assert self.problem is not None
        folder, reason = self.problem
        self.warning.show(tr(MESSAGE).format(folder=folder, problem=reason))
