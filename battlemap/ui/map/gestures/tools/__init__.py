"""Mouse tools as plain generators over pointer events (DESIGN.md §3, napari style): the view
sends `Pointer`s; the tool talks to a small context object. Testable without Qt."""

from battlemap.ui.map.gestures.tools.pointer import Pointer, run_tool

__all__ = ["Pointer", "run_tool"]
