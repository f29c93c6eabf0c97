"""Fewer garbage-collector passes while the window starts.

Start-up builds objects that live as long as the program (modules, classes, PySide6's enum
classes, pydantic validators) and almost no cyclic garbage. With Python's default threshold
(a young-generation pass every 700 new container objects) the collector walks that growing
heap again and again before the first frame, finding nothing (~43 M instructions, 2.6 % of
the window's start, measured with callgrind). `relax` raises the threshold
for the start; `settle`, called once the map's first frame is drawn, puts the previous
thresholds back, so the rest of the session collects exactly as before. No Qt here."""

from __future__ import annotations

import gc

# Young-generation threshold during start-up: a pass every 100,000 new objects instead of 700.
START_THRESHOLD = 100_000

_saved: tuple[int, int, int] | None = None


def relax() -> None:
    """Raise the threshold until `settle` (once; nothing if the collector is off).

    Buys ~43 M instructions, 2.6 % of the window's start to its first frame. Measure again
    with `uv run python -m benchmarks.instructions start`, once as is and once with the
    calls in `battlemap/cli/gui.py` and `battlemap/ui/app.py` commented out."""
    global _saved
    if _saved is not None or not gc.isenabled():
        return
    _saved = gc.get_threshold()
    if _saved[0] < START_THRESHOLD:
        gc.set_threshold(START_THRESHOLD, _saved[1], _saved[2])


def settle() -> None:
    """Put the thresholds `relax` found back (nothing if it did not run)."""
    global _saved
    if _saved is None:
        return
    gc.set_threshold(*_saved)
    _saved = None


def relaxed() -> bool:
    return _saved is not None
