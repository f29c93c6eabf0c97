"""Remembering which widget shows which translatable text, so a language switch can redo them
all in one call (every visible string goes through `tr`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlemap.ui.i18n import tr


class Texts:
    """A list of (setter, English key) pairs; `retranslate()` re-applies them in the current
    language. Bind once when the widget is built, never set the text by hand afterwards."""

    def __init__(self) -> None:
        self._bound: list[tuple[Callable[[str], Any], str]] = []

    def bind(self, obj: Any, key: str, setter: str = "setText") -> Any:
        fn = getattr(obj, setter)
        fn(tr(key))
        self._bound.append((fn, key))
        return obj

    def bind_call(self, fn: Callable[[str], Any], key: str) -> None:
        """For setters that take more than the text (tab titles, header items…)."""
        fn(tr(key))
        self._bound.append((fn, key))

    def retranslate(self) -> None:
        for fn, key in self._bound:
            fn(tr(key))
