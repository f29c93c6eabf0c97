"""Which tokens come within a reach of some party view: the players' fog asks it of every token
on the map several times a command (`FogItem.seen_ids`: which creatures the players' map
shows; `hide_unseen`: which of them an explored room's thin fog must hide).

`seen_boxes` answers from scratch: only the token-view pairs whose bounding boxes come that
near go to GEOS, in one call. `SeenTokens` keeps the answer of each view for each token
between calls: a move changes one token and one view, so a call asks GEOS about the moved
token against every view and about the changed view against every token, and reads the rest
(a call over the stress map's 300 tokens and 30 views was ~1 ms, three of them a command).
Tokens and views are compared by identity: commands put a new Token in a slot when one
changes, and the fog gets a new geometry when a view changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import shapely

from battlemap.model import Token


def seen_boxes(tokens: Sequence[Token], views: Sequence[Any],
               reach: float) -> tuple[np.ndarray, np.ndarray]:
    """The tokens' spaces as boxes, and which of them come within `reach` of some view."""
    bounds = _bounds(tokens)
    boxes = shapely.box(*bounds.T)
    seen = np.zeros(len(tokens), dtype=bool)
    shown = [view for view in views if not shapely.is_empty(view)]
    for view in shown:
        seen |= _within(bounds, boxes, view, reach)
    return boxes, seen


def _bounds(tokens: Sequence[Token]) -> np.ndarray:
    return np.array([t.footprint_bounds() for t in tokens], float).reshape(-1, 4)


def _pad(reach: float) -> float:
    """How near two bounding rectangles must come for GEOS to be asked: wider than `reach`,
    so GEOS decides, exactly."""
    return 2 * reach + 1e-6


def _within(bounds: np.ndarray, boxes: np.ndarray, view: Any, reach: float) -> np.ndarray:
    """Which of the boxes come within `reach` of one view: GEOS decides, for the boxes whose
    bounding rectangle comes near the view's."""
    x0, y0, x1, y1 = shapely.bounds(view).tolist()
    pad = _pad(reach)
    near = np.flatnonzero((bounds[:, 0] <= x1 + pad) & (bounds[:, 2] >= x0 - pad)
                          & (bounds[:, 1] <= y1 + pad) & (bounds[:, 3] >= y0 - pad))
    out = np.zeros(len(bounds), dtype=bool)
    if len(near):
        out[near] = shapely.dwithin(boxes[near], view, reach)
    return out


class SeenTokens:
    """`seen_boxes` for one reach, each view's answer for each token kept from call to call
    (tokens by id, each row checked against the token object it was worked out for)."""

    # Rows of tokens no longer asked about are dropped once they are this many.
    SPARE = 4096

    def __init__(self, reach: float) -> None:
        self.reach = reach
        self._reset()

    def _reset(self) -> None:
        self._row: dict[str, int] = {}
        self._tokens: list[Token] = []
        self._bounds = np.zeros((0, 4))
        self._boxes = np.zeros(0, dtype=object)
        self._views: dict[int, tuple[Any, np.ndarray]] = {}  # id(view): (view, per row)

    def __call__(self, tokens: Sequence[Token],
                 views: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        if len(self._tokens) > self.SPARE + 2 * len(tokens):
            self._reset()
        rows, fresh = self._rows(tokens)
        shown = [view for view in views if not shapely.is_empty(view)]
        answers: dict[int, tuple[Any, np.ndarray]] = {}
        kept: list[tuple[Any, np.ndarray]] = []  # known views: their fresh rows to answer
        for view in shown:
            known = self._views.get(id(view))
            if known is None or known[0] is not view:
                flags = _within(self._bounds, self._boxes, view, self.reach)
            else:
                flags = known[1]
                if len(flags) < len(self._tokens):
                    flags = np.concatenate(
                        [flags, np.zeros(len(self._tokens) - len(flags), dtype=bool)])
                if len(fresh):
                    kept.append((view, flags))
            answers[id(view)] = (view, flags)
        if kept:
            self._answer(fresh, kept)
        self._views = answers
        seen = np.zeros(len(tokens), dtype=bool)
        for _, flags in answers.values():
            seen |= flags[rows]
        return self._boxes[rows], seen

    def _answer(self, fresh: np.ndarray, kept: list[tuple[Any, np.ndarray]]) -> None:
        """The fresh rows' answers for views already known, all pairs in one GEOS call."""
        eyes = np.empty(len(kept), dtype=object)
        eyes[:] = [view for view, _ in kept]
        room = shapely.bounds(eyes)
        mine = self._bounds[fresh]
        pad = _pad(self.reach)
        near = ((mine[:, None, 0] <= room[None, :, 2] + pad)
                & (mine[:, None, 2] >= room[None, :, 0] - pad)
                & (mine[:, None, 1] <= room[None, :, 3] + pad)
                & (mine[:, None, 3] >= room[None, :, 1] - pad))
        row, col = np.nonzero(near)
        hit = np.zeros(near.shape, dtype=bool)
        if len(row):
            hit[row, col] = shapely.dwithin(self._boxes[fresh][row], eyes[col], self.reach)
        for j, (_, flags) in enumerate(kept):
            flags[fresh] = hit[:, j]

    def _rows(self, tokens: Sequence[Token]) -> tuple[np.ndarray, np.ndarray]:
        """Each token's row, and the rows (re)filled for tokens new or changed since."""
        rows = np.empty(len(tokens), dtype=np.intp)
        fresh: list[int] = []
        known, row_of = self._tokens, self._row
        for i, t in enumerate(tokens):
            r = row_of.get(t.id)
            if r is None:
                r = row_of[t.id] = len(known)
                known.append(t)
                fresh.append(r)
            elif known[r] is not t:
                known[r] = t
                fresh.append(r)
            rows[i] = r
        if fresh:
            grow = len(known) - len(self._bounds)
            if grow > 0:
                self._bounds = np.concatenate([self._bounds, np.zeros((grow, 4))])
                self._boxes = np.concatenate([self._boxes, np.zeros(grow, dtype=object)])
            bounds = _bounds([known[r] for r in fresh])
            self._bounds[fresh] = bounds
            self._boxes[fresh] = shapely.box(*bounds.T)
        return rows, np.array(fresh, dtype=np.intp)
