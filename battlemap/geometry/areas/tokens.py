"""Which tokens an area's squares hit (RULES.md §3: a creature is in the area when any square
its space overlaps is in; touching a square's edge is not overlapping it).

A preview asks this for every template position while the tokens stay put, so the map keeps,
per token layout, which token stands on each square: then the squares of an area name their
tokens in a handful of numpy calls, however many tokens are near (a per-token look at the
area cost a dozen calls per template, more than the rest of a small template's preview)."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.map_geometry import MapGeometry

NOBODY, SHARED = -1, -2


class Owners:
    """Per map square (flat index col × rows + row): the index in `token_index()` order of
    the one token on it, NOBODY, or SHARED when several are (listed in `shared`)."""

    def __init__(self, geo: MapGeometry) -> None:
        cols, rows = geo.cols, geo.rows
        self.rows = rows
        # Every (token, square) pair at once: a loop over tokens cost milliseconds on a big
        # map, paid again after each token move.
        b = geo.token_bounds()
        lo = np.maximum(np.floor(b[:, :2]), 0).astype(np.intp)
        hi = np.minimum(np.ceil(b[:, 2:]), (cols, rows)).astype(np.intp)
        size = np.maximum(hi - lo, 0)
        n = size[:, 0] * size[:, 1]
        tok = np.repeat(np.arange(len(b)), n)
        rank = np.arange(len(tok)) - np.repeat(n.cumsum() - n, n)
        height = size[:, 1].take(tok)
        flat = (lo[:, 0].take(tok) + rank // height) * rows + lo[:, 1].take(tok) + rank % height
        self.owner = np.full(cols * rows, NOBODY, dtype=np.int32)  # half an intp's memory
        self.owner[flat] = tok
        self.shared: dict[int, list[int]] = {}
        crowded = np.bincount(flat, minlength=cols * rows) > 1
        if crowded.any():
            self.owner[crowded] = SHARED
            for f, k in zip(flat.tolist(), tok.tolist(), strict=True):
                if crowded[f]:
                    self.shared.setdefault(f, []).append(k)

    def on(self, cols: np.ndarray, rows: np.ndarray, n_tokens: int) -> list[int]:
        """Indices (ascending) of the tokens on any of the squares (cols[i], rows[i])."""
        if len(cols) == 0:
            return []
        found = self.owner.take(cols * self.rows + rows)
        mark = np.zeros(n_tokens + 2, dtype=bool)
        mark[found + 2] = True  # slots 0 and 1: SHARED and NOBODY
        hit = np.flatnonzero(mark[2:]).tolist()
        if not mark[0]:
            return hit
        more = set(hit)
        for f in (cols * self.rows + rows)[found == SHARED].tolist():
            more.update(self.shared[f])
        return sorted(more)


def owners(geo: MapGeometry) -> Owners:
    """The map's `Owners` (remembered until a token moves or the tokens change)."""
    found = geo.token_cache.get(("area-owners",))
    if found is None:
        found = geo.token_cache.keep(("area-owners",), Owners(geo))
    assert isinstance(found, Owners)
    return found
