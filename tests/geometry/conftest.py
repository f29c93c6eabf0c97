"""Small encounters built in code for the geometry tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from battlemap.geometry import GeometryPolicy, MapGeometry, policy_for
from battlemap.model import Encounter
from battlemap.rules.core.system import get_system


@dataclass
class Scene:
    encounter: Encounter
    geo: MapGeometry
    policy: GeometryPolicy


def tok(tid: str, col: float, row: float, size: str = "medium", side: str = "foe",
        **extra: Any) -> dict[str, Any]:
    return {"id": tid, "name": tid.title(), "side": side, "size": size, "col": col,
            "row": row, **extra}


def wall(*points: tuple[float, float], kind: str = "wall", open: bool = False) -> dict[str, Any]:
    return {"points": [list(p) for p in points], "kind": kind, "open": open}


def build_scene(system: str = "dnd2024", tokens: list[dict[str, Any]] | None = None,
                walls: list[dict[str, Any]] | None = None, cols: int = 20, rows: int = 20,
                difficult: list[tuple[int, int]] | None = None,
                options: dict[str, Any] | None = None) -> Scene:
    enc = Encounter.model_validate({
        "system": system,
        "grid": {"cols": cols, "rows": rows},
        "tokens": tokens or [],
        "walls": walls or [],
        "terrain": [{"squares": [list(s) for s in difficult]}] if difficult else [],
        "options": options or {},
    })
    return Scene(enc, MapGeometry.from_encounter(enc),
                 policy_for(enc, get_system(enc.system).geometry))


@pytest.fixture(scope="session")
def scene() -> Callable[..., Scene]:
    return build_scene


def of_pair(pairs, j):
    """The items of pair j in a (pair, item) list sorted by pair (an `Assessment`'s walls or
    creatures near each pair)."""
    import numpy as np

    lo, hi = np.searchsorted(pairs[0], [j, j + 1])
    return pairs[1][lo:hi]


@contextmanager
def dense_max(value: int, exact_value: int | None = None) -> Iterator[None]:
    """Pairs up to which the area kernel tests all rays against all walls at once (off / on
    the lattice): a huge value makes it take the all-pairs path, the tests' reference."""
    from battlemap.geometry.lines import _rays as kernel

    old = kernel.DENSE_MAX, kernel.DENSE_EXACT_MAX
    kernel.DENSE_MAX = value
    kernel.DENSE_EXACT_MAX = value if exact_value is None else exact_value
    try:
        yield
    finally:
        kernel.DENSE_MAX, kernel.DENSE_EXACT_MAX = old
