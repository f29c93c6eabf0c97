"""`battlemap gui FILE --timings`: when an open reaches what a GM waits for, one line each.

- `first-frame S`: the window's first frame is on screen;
- `usable S`: the map, its walls and tokens are drawn and the first gestures answer (the
  window's warm-up is done: a drag, an area, a roll run once);
- `picture S`: the map picture is drawn (its tiles in a frame), or `picture -` when the
  encounter has none or it cannot be shown.

S is seconds since the process started. Then the window quits. Each condition is looked at
on a short timer, which costs nothing the GM would wait for."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer

POLL_MS = 5
GIVE_UP_S = 300.0  # a picture never drawn (a window never exposed) ends the run anyway


class OpenTimings(QObject):
    def __init__(self, window: Any, since_start: Callable[[], float],
                 done: Callable[[], Any]) -> None:
        super().__init__(window)
        self.window = window
        self.since_start = since_start
        self.done = done
        self.said: list[str] = []
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._look)

    def start(self) -> None:
        self.window.map_view.after_first_frame(self._first_frame)
        self._timer.start()

    def _say(self, line: str) -> None:
        self.said.append(line)
        print(line, flush=True)

    def _first_frame(self) -> None:
        if not self.said:
            self._say(f"first-frame {self.since_start():.3f}")

    def _look(self) -> None:
        if not self.said:
            if getattr(self.window.map_view, "painted_once", False):
                self._first_frame()
            return
        if len(self.said) == 1 and self.window.warmed:
            self._say(f"usable {self.since_start():.3f}")
        if len(self.said) == 2:
            picture = self._picture()
            if picture is not None:
                self._say(picture)
        if len(self.said) == 3 or self.since_start() > GIVE_UP_S:
            self._timer.stop()
            sys.stdout.flush()
            self.done()

    def _picture(self) -> str | None:
        """The picture line once it can be said, else None (still being made or drawn)."""
        backdrop = getattr(self.window.map_view.map_scene, "backdrop", None)
        if backdrop is None or (not backdrop.loaded and not backdrop.pending):
            return "picture -"
        drawn = backdrop.picture.first_drawn if backdrop.loaded else None
        if drawn is None:
            return None
        return f"picture {self.since_start() - (time.perf_counter() - drawn):.3f}"
