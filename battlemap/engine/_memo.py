"""One bounded memo for every derived answer the engine keeps: an answer is remembered per
key together with the objects it was computed from (its `stamp`, compared by identity:
commands replace a token, the options or the turn state rather than change them), so an
answer whose sources were replaced is computed again; past `limit` keys the least recently
used goes first, so a long evening stays bounded."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")
_MISS: Any = object()


class Memo(Generic[V]):
    def __init__(self, limit: int) -> None:
        self._items: OrderedDict[Hashable, tuple[tuple[Any, ...], V]] = OrderedDict()
        self.limit = limit

    def lookup(self, key: Hashable, stamp: tuple[Any, ...] = ()) -> V:
        """The answer remembered for `key` while `stamp` stands, else `MISS`."""
        hit = self._items.get(key)
        if hit is None:
            return _MISS  # type: ignore[no-any-return]
        was = hit[0]
        if len(was) != len(stamp) or any(a is not b for a, b in zip(was, stamp, strict=False)):
            return _MISS  # type: ignore[no-any-return]
        self._items.move_to_end(key)
        return hit[1]

    def store(self, key: Hashable, value: V, stamp: tuple[Any, ...] = ()) -> V:
        self._items[key] = (stamp, value)
        self._items.move_to_end(key)
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def get(self, key: Hashable, compute: Callable[[], V], stamp: tuple[Any, ...] = ()) -> V:
        value = self.lookup(key, stamp)
        if value is _MISS:
            value = self.store(key, compute(), stamp)
        return value

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


MISS: Any = _MISS
