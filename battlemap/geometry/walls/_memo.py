"""The one way the geometry core remembers answers: a bounded map.

A `Memo` is a dict (reads are a dict's `get`, `in` and `[]`, no Python call on the hot paths)
written through `keep`, which bounds it: when `limit` answers are held it drops the oldest
before keeping the next one. That is cheaper than tracking use order, and a drag or a preview
asks again within a step for what it needs. Emptying the whole memo instead made one call in
`limit` pay for freeing every answer at once (an area preview at fresh origins: ~3–10 ms
every 128 templates, its stencils and masks), and the next calls find nothing.

Each memo says where it is made what its key is (everything the answer depends on besides its
owner) and when it is dropped, which is always with its owner:
- a `WallIndex`'s memos (`WallIndex.memo`): the answers that depend on the walls only; a new
  wall layout builds a new index, so they go with the old one;
- a `MapGeometry`'s `token_cache`: the answers that depend on where the tokens stand; emptied
  when a token moves (a drag's copy starts with an empty one);
- module level: the answers whose key holds everything they depend on (a template's shape,
  a batch's counts); never dropped but by the bound."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import numpy as np

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V, limit: int | None = None) -> V:
        """Remember `value` for `key` (a key not held yet) and return it. `limit`: this
        call's bound when it depends on the question (an area's masks scale with the grid)."""
        bound = self.limit if limit is None else limit
        while len(self) >= bound > 0:
            del self[next(iter(self))]  # insertion order: the oldest first
        if bound <= 0:
            self.clear()
        self[key] = value
        return value

    def keep_all(self, pairs: Iterable[tuple[K, V]]) -> None:
        """`keep` each (key, value) of a batch."""
        for key, value in pairs:
            self.keep(key, value)


def shared(*arrays: np.ndarray) -> None:
    """Mark arrays a memo hands out to every caller read-only: a write would be a bug."""
    for a in arrays:
        a.flags.writeable = False
