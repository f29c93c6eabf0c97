"""Opening a file off the GUI thread: parsing and validating a big encounter or a UVTT import
takes seconds, during which the window keeps painting and shows a busy progress bar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from battlemap.io import LoadError
from battlemap.ui.files.file_kinds import open_session
from battlemap.ui.i18n import refusal, tr, trf


class _Worker(QObject):
    loaded = Signal(object)
    failed = Signal(str)

    def __init__(self, path: Path, kwargs: dict[str, Any]) -> None:
        super().__init__()
        self.path = path
        self.kwargs = kwargs

    def run(self) -> None:
        try:
            self.loaded.emit(open_session(self.path, **self.kwargs))
        except LoadError as err:
            self.failed.emit(refusal(err))
        except Exception as err:  # noqa: BLE001 - any crash becomes one sentence, not a trace
            self.failed.emit(trf("{name}: cannot be opened ({error}).", name=self.path.name,
                                 error=refusal(err)))


class BackgroundLoad(QObject):
    """One load in a QThread with a busy QProgressDialog; emits `loaded(session)` or
    `failed(sentence)` on the GUI thread."""

    loaded = Signal(object)
    failed = Signal(str)

    def __init__(self, path: Path, parent: QWidget | None, **kwargs: Any) -> None:
        super().__init__(parent)
        self.worker_thread = QThread(self)
        self.worker = _Worker(path, kwargs)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)
        self.worker.loaded.connect(self._done_ok)
        self.worker.failed.connect(self._done_failed)
        self.progress = QProgressDialog(tr("Opening {name}…").format(name=path.name), "", 0, 0,
                                        parent)
        self.progress.setCancelButton(None)
        self.progress.setWindowTitle(tr("Opening"))
        self.progress.setMinimumDuration(300)

    def start(self) -> None:
        self.worker_thread.start()

    def _finish(self) -> None:
        self.worker_thread.quit()
        self.worker_thread.wait()
        self.progress.reset()
        self.progress.close()

    def _done_ok(self, session: Any) -> None:
        self._finish()
        self.loaded.emit(session)

    def _done_failed(self, sentence: str) -> None:
        self._finish()
        self.failed.emit(sentence)
