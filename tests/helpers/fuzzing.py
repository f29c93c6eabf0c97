"""What the loaders' fuzz tests share: random JSON values, and every place in a JSON value to
put one (or delete what is there)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st


def json_values(max_leaves: int) -> st.SearchStrategy[Any]:
    """Any JSON value, with the numbers a hostile file holds (10**400, floats, huge integers)."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.just(10**400)
        | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=max_leaves,
    )


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in a JSON value (a string counts as a leaf)."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*prefix, i))
    return out


def mutate(data: Any, where: tuple[Any, ...], value: Any, delete: bool) -> Any:
    """A copy of `data` with `value` put at `where` (or the key deleted there)."""
    data = copy.deepcopy(data)
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = value
    return data
