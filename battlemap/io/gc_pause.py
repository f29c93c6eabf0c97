"""Pause Python's cyclic garbage collector around a bulk load.

An import makes tens of thousands of small containers (JSON objects, point tuples, wall
models) that all live on; each batch of 700 new ones triggers a collection, and the older
generations' collections walk every object of the program (a GUI holds hundreds of
thousands). None of this frees anything: reference counting still frees the temporaries.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()  # nested or concurrent pauses: only the first one resumes
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
