"""Total cover proved on merged wall runs first (the cold party × foes table).

`walls.separation.separated` costs per wall near each pair; on a dungeon drawn in 1-square pieces the
merged runs (`walls.runs`) are several times fewer, so the proof runs on them first. A chain
of runs is a chain of the walls they are made of (same points), so a pair proven here is
truly in total cover. A pair not proven gets its corner lines, and where they are all walled
the exact search (`lines.any_clear_line`, which tries the segment chain first) decides, as
before (`cover._batch`): every answer stays the same, only found sooner."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.grid import INSET
from battlemap.geometry.lines.blockers import Hulls, hulls_of, query_hulls
from battlemap.geometry.lines.clear import PROVEN
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.walls.index import Blocks
from battlemap.geometry.walls.runs import WallRuns
from battlemap.geometry.walls.separation import separated

GROW = np.array([INSET, INSET, -INSET, -INSET])  # spaces shrunk: a wall on an edge still counts


def one_run_proof(geo: MapGeometry, a_boxes: np.ndarray, t_boxes: np.ndarray,
                  which: np.ndarray, keys: list[tuple[object, ...]],
                  blocks: Blocks = "effect") -> np.ndarray:
    """Per pair (boxes a_boxes[p], t_boxes[p]) selected by `which`: one straight run lies
    across the gap between them (`one_run_between`). No tree query, a few array passes for
    the whole batch. Proven pairs are remembered under `keys` (`lines.clear.pair_keys`)."""
    out = np.zeros(len(t_boxes), dtype=bool)
    sel = which.nonzero()[0]
    runs = geo.walls.runs(blocks)
    if len(sel) == 0 or len(runs.coords) == 0:
        return out
    # The same shrunk spaces as the segment proof: a wall on a space's edge still counts.
    out[sel] = one_run_between(runs, a_boxes.take(sel, axis=0) + GROW,
                               t_boxes.take(sel, axis=0) + GROW)
    _remember(geo, out, keys)
    return out


def run_chain_proof(geo: MapGeometry, a_boxes: np.ndarray, t_boxes: np.ndarray, hulls: Hulls,
                    which: np.ndarray, keys: list[tuple[object, ...]],
                    blocks: Blocks = "effect") -> np.ndarray:
    """`walls.separation.separated` on the runs near each pair selected by `which` (`hulls`: their
    `hull_query_boxes`, owners numbered as the pairs). Remembered like `one_run_proof`."""
    out = np.zeros(len(t_boxes), dtype=bool)
    sel = which.nonzero()[0]
    runs = geo.walls.runs(blocks)
    if len(sel) == 0 or len(runs.coords) == 0:
        return out
    a, b = a_boxes.take(sel, axis=0) + GROW, t_boxes.take(sel, axis=0) + GROW
    pair, run = query_hulls(runs.tree, a, b, hulls_of(hulls, which))
    out[sel] = separated(a, b, runs.coords.take(run, axis=0), pair)
    _remember(geo, out, keys)
    return out


def _remember(geo: MapGeometry, proved: np.ndarray, keys: list[tuple[object, ...]]) -> None:
    geo.walls.clear_line_cache.keep_all((keys[i], PROVEN) for i in proved.nonzero()[0].tolist())


def one_run_between(runs: WallRuns, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pair of boxes a[p], b[p] ((P, 4)): some horizontal run lies strictly between them
    in y and spans strictly beyond both in x (or the same with the axes swapped). Every
    segment from a to b then crosses that run's line at an x within both boxes' x bounds,
    so inside the run: it is stopped. Exact comparisons only."""
    n_pairs = len(a)
    flat = runs.flat
    if n_pairs == 0 or len(flat.key) == 0:
        return np.zeros(n_pairs, dtype=bool)
    # Both axes in one pass: rows 0..P-1 test horizontal runs, P..2P-1 vertical ones, each
    # row holding the fixed coordinate's bounds, then the other's (see `_BY_AXIS`).
    fa0, fa1, ga0, ga1 = a.T.take(_BY_AXIS, axis=0).reshape(4, 2 * n_pairs)
    fb0, fb1, gb0, gb1 = b.T.take(_BY_AXIS, axis=0).reshape(4, 2 * n_pairs)
    axis, every = _axis_rows(n_pairs)
    below = fa1 < fb0  # a before b along the fixed axis
    gap_lo = np.where(below, fa1, fb1)
    gap_hi = np.where(below, fb0, fa0)
    # The lines of that axis strictly inside each gap: i0..i1-1 (none if the boxes overlap).
    i0 = flat.lines.searchsorted(axis + 1j * gap_lo, side="right")
    i1 = flat.lines.searchsorted(axis + 1j * gap_hi, side="left")
    n = np.maximum(i1 - i0, 0)
    if not n[n.argmax()]:  # argmax: no reduction (`.any` costs two array passes more)
        return np.zeros(n_pairs, dtype=bool)
    row = every.repeat(n)
    line = i0.take(row) + np.arange(len(row)) - (n.cumsum() - n).repeat(n)
    span_lo = np.minimum(ga0, gb0).take(row)
    span_hi = np.maximum(ga1, gb1).take(row)
    # The run of that line starting last strictly before span_lo, if any: it must reach
    # strictly beyond span_hi.
    j = flat.key.searchsorted(line + 1j * span_lo, side="left") - 1
    jc = np.maximum(j, 0)
    hit = (j >= 0) & (flat.key.take(jc).real == line) & (flat.hi.take(jc) > span_hi)
    out = np.zeros(2 * n_pairs, dtype=bool)
    out[row[hit]] = True
    return out[:n_pairs] | out[n_pairs:]


_AXIS_ROWS: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _axis_rows(n_pairs: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row of `one_run_between` (horizontal runs, then vertical): the axis as 0.0 / 1.0,
    and the row numbers. A drag asks for the same count at every square: remembered."""
    found = _AXIS_ROWS.get(n_pairs)
    if found is None:
        every = np.arange(2 * n_pairs)
        found = ((every >= n_pairs) * 1.0, every)
        for arr in found:
            arr.flags.writeable = False  # shared between calls
        if len(_AXIS_ROWS) > 256:
            _AXIS_ROWS.clear()
        _AXIS_ROWS[n_pairs] = found
    return found


# Rows of a box array's transpose for `one_run_between`: fixed low, fixed high, other low,
# other high; each for horizontal runs (fixed y) then vertical ones (fixed x).
_BY_AXIS = np.array([1, 0, 3, 2, 0, 1, 2, 3])
