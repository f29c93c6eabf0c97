"""PySide6's import hook, asked the same question more cheaply.

Once PySide6 is imported, shiboken replaces `builtins.__import__` with a hook that, for each
module name imported afterwards, calls `inspect.getsource(module)` to learn whether its text
mentions "PySide6" (that decides which modules a `from __feature__ import …` applies to).
Before the window's first frame that is ~250 modules, each read, decoded, split into lines
and kept in linecache: ~100 M instructions, about 5 % of the whole start (callgrind).

`quicken_pyside_import_hook` keeps the question and its answer and changes only how the file
is read: a plain `.py` file is searched as bytes ("PySide6" is ASCII, so its bytes are the same
in any source encoding Python accepts here); anything else (built-in, compiled, zipped, a
module without a file) goes to PySide's own check as before. No Qt import here."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

FEATURE_MODULE = "shibokensupport.feature"
_CHECK = "_mod_uses_pyside"


def _quick_check(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            try:
                with open(origin, "rb") as fh:
                    return b"PySide6" in fh.read()
            except OSError:
                pass  # gone or unreadable: PySide's own check decides, as before
        return original(module)

    uses_pyside.__wrapped__ = original  # type: ignore[attr-defined]
    return uses_pyside


def quicken_pyside_import_hook() -> bool:
    """Install the quick check if PySide6's hook is there (once); True when it is in place.
    A PySide6 without this hook (older or newer layout) is left untouched.

    Buys ~100 M instructions, ~5 % of the window's start to its first frame. Measure again
    with `uv run python -m benchmarks.instructions start` (callgrind, exec to first frame),
    once as is and once with this call in `battlemap/ui/app.py` commented out."""
    feature = sys.modules.get(FEATURE_MODULE)
    original = getattr(feature, _CHECK, None)
    if not callable(original):
        return False
    if not hasattr(original, "__wrapped__"):
        setattr(feature, _CHECK, _quick_check(original))
    return True
