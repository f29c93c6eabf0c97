"""One bounded memo for every derived answer the engine keeps: an answer is remembered per
key together with what it was computed from (its `stamp`: one object, or a tuple of them
for `lookup_all`, compared by identity: commands replace a token, the options or the turn
state rather than change them), so an answer whose sources were replaced is computed
again. Past `limit` keys the oldest goes first (with `lru`, the least recently used), so a
long evening stays bounded. The lookups are asked at every drag square: they stay a dict
read and an identity test."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")
MISS: Any = object()


class Memo(Generic[V]):
    def __init__(self, limit: int, lru: bool = False) -> None:
        self._items: OrderedDict[Hashable, tuple[Any, V]] = OrderedDict()
        self.limit = limit
        self.lru = lru

    def lookup(self, key: Hashable, stamp: Any = None) -> V:
        """The answer remembered for `key` while `stamp` is the same object, else `MISS`."""
        hit = self._items.get(key)
        if hit is None or hit[0] is not stamp:
            return MISS  # type: ignore[no-any-return]
        if self.lru:
            self._items.move_to_end(key)
        return hit[1]

    def lookup_all(self, key: Hashable, stamp: tuple[Any, ...]) -> V:
        """`lookup` with several sources, each the same object as when stored."""
        hit = self._items.get(key)
        if hit is None:
            return MISS  # type: ignore[no-any-return]
        was = hit[0]
        if len(was) != len(stamp):
            return MISS  # type: ignore[no-any-return]
        for a, b in zip(was, stamp, strict=False):
            if a is not b:
                return MISS  # type: ignore[no-any-return]
        if self.lru:
            self._items.move_to_end(key)
        return hit[1]

    def store(self, key: Hashable, value: V, stamp: Any = None) -> V:
        items = self._items
        if key in items:
            del items[key]  # stored again: the newest
        items[key] = (stamp, value)
        if len(items) > self.limit:
            items.popitem(last=False)
        return value

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The answer for `key`, computed once (an answer that never goes stale)."""
        value = self.lookup(key)
        if value is MISS:
            value = self.store(key, compute())
        return value

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
