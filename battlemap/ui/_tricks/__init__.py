"""The window's tricks that need Qt, each behind one named function (the interpreter-level
ones, free of Qt, are in `battlemap._tricks`).

- `warm_up(...)` (`first_gestures`): after the map's first frame, what the GM's first gestures need
  is loaded and run once, in idle time.
- `install_probe(view)` (`probe`): a test aid, not a speed trick: when BATTLEMAP_MAP_PROBE
  names a file, the GM map writes where its tokens are on screen, for end-to-end runs."""

from battlemap.ui._tricks.first_gestures import warm_up
from battlemap.ui._tricks.probe import install_probe

__all__ = ["install_probe", "warm_up"]
