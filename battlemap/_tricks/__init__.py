"""Speed tricks on the interpreter itself, each behind one named function: outside every
layer and free of Qt, so io, ui and cli may all call them (import-linter checks both).

- `pyside_hook.quicken_pyside_import_hook()`: PySide6's import hook reads each module's file
  as bytes instead of through `inspect` and linecache.
- `start_gc.relax()` (until `start_gc.settle()`): fewer garbage-collector passes from start-up
  to the map's first frame.
- `gc_pause.gc_paused()`: no collection during a bulk load.

The Qt-side tricks (the warm-up after the first frame, the end-to-end test probe) are in
`battlemap.ui._tricks`. Nothing is imported here: each caller imports the one it uses, and
the start-up path does not load the bulk-load pause it never runs."""
