"""Speed tricks on the interpreter itself, each behind one named function: outside every
layer and free of Qt, so io, ui and cli may all call them (import-linter checks both).

- `quicken_pyside_import_hook()` (`pyside_hook`): PySide6's import hook reads each module's
  file as bytes instead of through `inspect` and linecache.
- `relax()` / `settle()` (`start_gc`): fewer garbage-collector passes from start-up to the
  map's first frame.
- `gc_paused()` (`gc_pause`): no collection during a bulk load.

The Qt-side tricks (the warm-up after the first frame, the end-to-end test probe) are in
`battlemap.ui._tricks`."""

from battlemap._tricks.gc_pause import gc_paused
from battlemap._tricks.pyside_hook import quicken_pyside_import_hook
from battlemap._tricks.start_gc import relax, settle

__all__ = ["gc_paused", "quicken_pyside_import_hook", "relax", "settle"]
