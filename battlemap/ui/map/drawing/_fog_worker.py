"""The players' fog worked out away from the GUI thread, so that the GM's window never waits
for it: a move, a drop or an undo in the GM's window returns, and the views the party's new
places need are swept on one worker thread (`vision.visible.missing_regions`) while the GUI
thread goes on.

Coalesced: one job runs at a time; a request made while it runs replaces any request waiting
(only the latest state is worked out). A job's views are kept in the wall layout's memo when
they arrive, on the GUI thread, whatever the state is by then (they are right for their own
viewpoints); the fog then asks the memo again for what it shows now and asks for more if the
state moved on meanwhile.

A thread and not a process: GEOS and numpy release the GIL in their vectorised calls, so
the GUI thread runs alongside the sweep's C parts and gets the GIL back between the Python
ones at the interpreter's switch interval; a process would have to be sent the walls of
every new layout (a 20,000-point cave) first."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

# One thread for every players' window: the sweeps share the walls' memo and would only
# take turns on the GIL if there were more.
_EXECUTOR: ThreadPoolExecutor | None = None

Request = tuple[Any, list[tuple[float, float]]]  # (map geometry, viewpoints)


def _executor() -> ThreadPoolExecutor:
    global _EXECUTOR
    if _EXECUTOR is None:
        _EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="players-fog")
    return _EXECUTOR


def _missing(geo: Any, viewpoints: list[tuple[float, float]]) -> dict[tuple[float, ...], Any]:
    from battlemap.geometry.vision.visible import missing_regions

    return missing_regions(geo, viewpoints)


def _same(a: Request, b: Request) -> bool:
    return a[0] is b[0] and a[1] == b[1]


class FogWorker(QObject):
    """Works out the views of the latest request on the worker thread and hands them to
    `arrived` on the GUI thread (after keeping them in the memo)."""

    _finished = Signal(object)  # (request, future), from the worker thread: queued

    def __init__(self, arrived: Callable[[], None]) -> None:
        super().__init__()
        self._arrived = arrived
        self._waiting: Request | None = None
        self._running: tuple[Request, Future[Any]] | None = None
        self.jobs = 0  # how many jobs were started (tests, profiling)
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)

    @property
    def busy(self) -> bool:
        return self._running is not None or self._waiting is not None

    def request(self, geo: Any, viewpoints: Sequence[tuple[float, float]]) -> None:
        """Work out the views of these viewpoints that the memo lacks (the latest request
        wins over any waiting one)."""
        job = (geo, list(viewpoints))
        if self._running is not None and _same(self._running[0], job):
            self._waiting = None  # on its way already
            return
        self._waiting = job
        if self._running is None:
            self._start()

    def _start(self) -> None:
        job, self._waiting = self._waiting, None
        if job is None:
            return
        future = _executor().submit(_missing, *job)
        self._running = (job, future)
        self.jobs += 1
        future.add_done_callback(lambda f: self._emit(job, f))

    def _emit(self, job: Request, future: Future[Any]) -> None:
        with contextlib.suppress(RuntimeError):  # the window went meanwhile
            self._finished.emit((job, future))

    def _on_finished(self, done: tuple[Request, Future[Any]]) -> None:
        if self._running is None or self._running[1] is not done[1]:
            return  # already taken by `wait`
        self._take()

    def _take(self) -> None:
        from battlemap.geometry.vision.visible import keep_regions

        assert self._running is not None
        (geo, viewpoints), future = self._running
        self._running = None
        try:
            found = future.result()
        except Exception:
            self._waiting = None  # the fog keeps what it knows; the error is said here
            raise
        keep_regions(geo, found, len(viewpoints))
        self._start()  # the next state, if one came meanwhile
        self._arrived()

    def wait(self) -> None:
        """Block until every request is answered (tests, an export of the players' view)."""
        while self._running is not None:
            self._running[1].result()
            self._take()

    def stop(self) -> None:
        """Forget the waiting request; a running job's views are dropped when it ends."""
        self._waiting = None
        self._running = None
