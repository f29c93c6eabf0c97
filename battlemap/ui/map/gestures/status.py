"""One sentence for the GM in the window's status bar (5 s), from any map tool; a map view
shown on its own (tests, a script) has no status bar and says nothing."""

from __future__ import annotations

from typing import Any


def tell(view: Any, text: str, ms: int = 5000) -> None:
    bar = getattr(view.window(), "statusBar", None)
    if callable(bar):
        bar().showMessage(text, ms)
