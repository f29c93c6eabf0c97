"""Previews remembered per state: the UI asks for the same preview on every mouse move, and
every change of an encounter goes through a command that moves the history marker (undo and
redo move it back to a state already seen), so (marker, arguments) names one answer."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
LIMIT = 256  # a few hovers' worth; oldest answers go first


class PreviewMemo:
    def __init__(self, limit: int = LIMIT) -> None:
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self.limit = limit

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]  # type: ignore[no-any-return]
        value = compute()
        self._items[key] = value
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        self._items.clear()
