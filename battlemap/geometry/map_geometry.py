"""Prepared spatial data for one encounter, reused across queries.

Walls are indexed once (rebuild when they change); moving a token is cheap so a drag preview
never rebuilds the wall trees, and threat zones are cached per (token, place, reach)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import shapely
from shapely import STRtree

from battlemap.geometry.grid import footprint_box
from battlemap.geometry.walls import Memo, WallIndex
from battlemap.model import Encounter, Token

MAX_THREAT_ZONES = 20_000
MAX_TOKEN_ANSWERS = 65_536  # per map state: a drag step asks a few hundred


class MapGeometry:
    def __init__(self, encounter: Encounter, walls: WallIndex | None = None) -> None:
        self.encounter = encounter
        self.cols = encounter.grid.cols
        self.rows = encounter.grid.rows
        self.walls = walls if walls is not None else WallIndex(encounter.walls)
        self.tokens: dict[str, Token] = {t.id: t for t in encounter.tokens}
        diff = np.zeros((self.cols, self.rows), dtype=bool)
        for c, r in encounter.difficult_squares():
            if 0 <= c < self.cols and 0 <= r < self.rows:
                diff[c, r] = True
        self.difficult = diff
        # Threat zones per (token, place, reach, policy), shared by every copy made with
        # `with_token_at` (the key holds the token's place); a drag adds one per square.
        self.threat_cache: Memo[tuple[Any, ...], frozenset[tuple[int, int]]] = Memo(
            MAX_THREAT_ZONES)
        # (ids, boxes, tree): the tree is built when first asked for (`token_index`): a drop
        # or a drag step that asks only for the boxes never pays for it.
        self._token_index: tuple[list[str], np.ndarray, STRtree | None] | None = None
        self._token_bounds: np.ndarray | None = None
        self._token_rows: tuple[list[str], dict[str, int]] | None = None
        # Answers that depend on where the tokens stand (cover, paths, zones): emptied when
        # one moves; a copy made with `with_token_at` starts with its own.
        self.token_cache: Memo[tuple[Any, ...], Any] = Memo(MAX_TOKEN_ANSWERS)

    @classmethod
    def from_encounter(cls, encounter: Encounter) -> MapGeometry:
        return cls(encounter)

    # -- tokens -------------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        try:
            return self.tokens[token_id]
        except KeyError:
            raise KeyError(token_id) from None

    def with_token_at(self, token_id: str, col: float, row: float) -> MapGeometry:
        """A copy where one token stands elsewhere; walls and caches are shared."""
        other = copy.copy(self)
        other.tokens = dict(self.tokens)
        moved = self.token(token_id).model_copy(update={"col": col, "row": row})
        other.tokens[token_id] = moved
        other.token_cache = Memo(MAX_TOKEN_ANSWERS)
        other._token_index, other._token_bounds = self._patched_index(token_id, moved)
        if other._token_index is not None:
            # Same id list: the id → row map is built once and shared by every copy.
            other._token_rows = self._row_map()
        return other

    def update_token(self, token_id: str, **changes: Any) -> None:
        """Change a token in place (position, size, reach…); only its row of the token
        index is redone, and the tree when next asked for (a drop among 3,000 tokens
        measured every footprint again)."""
        self.tokens[token_id] = self.token(token_id).model_copy(update=changes)
        index, self._token_bounds = self._patched_index(token_id, self.tokens[token_id])
        # A new id list: what is remembered per token list (the sides of a drag's foes,
        # `engine.situations`) is measured again, as any other field may have changed.
        self._token_index = None if index is None else (list(index[0]), *index[1:])
        self.token_cache.clear()

    def _patched_index(self, token_id: str, moved: Token) -> tuple[
            tuple[list[str], np.ndarray, STRtree | None] | None, np.ndarray | None]:
        """The token index and bounds with `token_id`'s row for `moved`, new arrays (copies
        of this map's share them until then), the tree to build when asked; None when none
        is built yet (built lazily)."""
        if self._token_index is None or self._token_bounds is None:
            return None, None
        ids, boxes, _ = self._token_index
        i = ids.index(token_id)
        bounds = self._token_bounds.copy()
        bounds[i] = footprint_box(moved)
        boxes = boxes.copy()
        boxes[i] = shapely.box(*bounds[i])
        return (ids, boxes, None), bounds

    def token_index(self) -> tuple[list[str], np.ndarray, STRtree]:
        """Token ids, their footprint boxes, and an STRtree over them (built lazily)."""
        ids, boxes, tree = self._index_parts()
        if tree is None:
            tree = STRtree(boxes)
            self._token_index = (ids, boxes, tree)
        return ids, boxes, tree

    def _index_parts(self) -> tuple[list[str], np.ndarray, STRtree | None]:
        """The token index, its tree perhaps not built yet."""
        if self._token_index is None:
            ids = list(self.tokens)
            bounds = np.array([footprint_box(self.tokens[i]) for i in ids], dtype=float)
            boxes = shapely.box(*bounds.T) if len(ids) else np.empty(0, dtype=object)
            self._token_index = (ids, boxes, None)
            self._token_bounds = bounds.reshape(-1, 4)
        return self._token_index

    def token_rows(self, token_ids: list[str]) -> np.ndarray:
        """Rows of `token_index()` / `token_bounds()` for these ids."""
        rows = self._row_map()[1]
        return np.array([rows[t] for t in token_ids], dtype=np.intp)

    def _row_map(self) -> tuple[list[str], dict[str, int]]:
        ids = self._index_parts()[0]
        if self._token_rows is None or self._token_rows[0] is not ids:
            self._token_rows = (ids, {tid: i for i, tid in enumerate(ids)})
        return self._token_rows

    def token_bounds(self) -> np.ndarray:
        """(n, 4) footprint boxes in the order of `token_index()` ids."""
        self._index_parts()
        assert self._token_bounds is not None
        return self._token_bounds

    def occupants(self, squares: list[tuple[int, int]], exclude: str | None = None) -> list[
        list[str]
    ]:
        """For each square, the tokens whose space overlaps its interior."""
        ids, boxes, tree = self.token_index()
        if not squares:
            return []
        arr = np.array(squares, dtype=float)
        cells = shapely.box(arr[:, 0] + 0.01, arr[:, 1] + 0.01, arr[:, 0] + 0.99, arr[:, 1] + 0.99)
        qi, ti = tree.query(cells, predicate="intersects")
        out: list[list[str]] = [[] for _ in squares]
        for q, t in zip(qi.tolist(), ti.tolist(), strict=True):
            if ids[t] != exclude:
                out[q].append(ids[t])
        return out

    def in_grid(self, col: float, row: float, side: float = 1.0) -> bool:
        return col >= 0 and row >= 0 and col + side <= self.cols and row + side <= self.rows
