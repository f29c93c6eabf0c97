"""Wall runs: the blocking segments of one property with joined or overlapping axis-parallel
pieces merged, for the total-cover proof (`walls.separation.separated`, DESIGN.md §4.4).

A dungeon drawn in 1-square pieces has ten segments per room side; the proof's cost is per
segment near each pair, so it runs on these merged runs first. Each run is a straight
segment whose points are exactly a union of blocking segments (never more), so a chain of
runs that cuts the hull is a chain of walls that does: the proof stays sound. Runs end at
every point where another segment ends on them, so the joints the proof needs (a room
corner, a T) are still run ends. Only exactly horizontal or vertical segments are merged:
their common line and overlaps are exact comparisons of coordinates; others stay alone."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely import STRtree


@dataclass(frozen=True)
class FlatRuns:
    """The merged horizontal and vertical runs before any cut, for the one-run test of
    `cover._total_proof.one_run_between`. Numpy orders complex numbers by real then imaginary part,
    so one exact sort serves two keys: `lines` is each distinct line as axis + 1j·level
    (axis 0: horizontal runs, level their y; axis 1: vertical, level their x); `key` each
    run as its line's rank in `lines` + 1j·start, sorted; `hi` its end. The runs of one
    line are disjoint and apart, so at most one starts before a point and reaches it."""

    lines: np.ndarray
    key: np.ndarray
    hi: np.ndarray


@dataclass(frozen=True)
class WallRuns:
    """The runs of one property: cut runs (`coords`, (R, 4)) in an STRtree for the chain
    proof, and the uncut horizontal and vertical runs for the one-run test."""

    coords: np.ndarray
    tree: STRtree
    flat: FlatRuns


def build_runs(coords: np.ndarray, segment_tree: STRtree | None = None) -> WallRuns:
    """The `WallRuns` of the blocking segments `coords` (N, 4). `segment_tree`: their own
    STRtree, in the same order, used instead when merging saves little (a map of stray
    pieces): a tree of 40,000 lines costs more than the proofs it would shorten."""
    runs, flat = merge_runs(coords)
    if segment_tree is not None and len(runs) * 5 > len(coords) * 4:
        return WallRuns(np.asarray(coords, dtype=float).reshape(-1, 4), segment_tree, flat)
    return WallRuns(runs, STRtree(shapely.linestrings(runs.reshape(-1, 2, 2))), flat)


def merge_runs(coords: np.ndarray) -> tuple[np.ndarray, FlatRuns]:
    """(R, 4) runs (x0, y0, x1, y1) covering exactly the points of the segments `coords`
    (N, 4): horizontal and vertical ones merged along their line, cut at the ends of the
    other segments lying on them; the others as they are. Also the uncut flat runs."""
    c = np.asarray(coords, dtype=float).reshape(-1, 4)
    flat_y = (c[:, 1] == c[:, 3]) & (c[:, 0] != c[:, 2])
    flat_x = (c[:, 0] == c[:, 2]) & (c[:, 1] != c[:, 3])
    ends = c.reshape(-1, 2)  # every segment end, each a possible joint
    out = [c[~flat_y & ~flat_x]]
    flat_runs: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    # Horizontal: fixed y, interval along x. Vertical: the same with the axes swapped.
    for flat, fixed, along in ((flat_y, 1, 0), (flat_x, 0, 1)):
        s = c[flat]
        level = s[:, fixed]
        lo = np.minimum(s[:, along], s[:, along + 2])
        hi = np.maximum(s[:, along], s[:, along + 2])
        r_level, r_lo, r_hi = _merge_intervals(level, lo, hi)
        flat_runs.append((np.full(len(r_level), 1.0 - fixed), r_level, r_lo, r_hi))
        # Cut at the ends of the segments not on this axis's lines (a perpendicular wall
        # meeting the run, a diagonal ending on it): the joints of the segment proof.
        other = np.repeat(~flat, 2)
        level, lo, hi = _cut(r_level, r_lo, r_hi, ends[other, fixed], ends[other, along])
        run = np.empty((len(level), 4))
        run[:, fixed], run[:, fixed + 2] = level, level
        run[:, along], run[:, along + 2] = lo, hi
        out.append(run)
    axis, level, lo, hi = (np.concatenate(col) for col in zip(*flat_runs, strict=True))
    return np.concatenate(out), _flat_runs(axis, level, lo, hi)


def _flat_runs(axis: np.ndarray, level: np.ndarray, lo: np.ndarray, hi: np.ndarray
               ) -> FlatRuns:
    """`FlatRuns` of the runs [lo, hi] on lines `level` of `axis` (0: horizontal)."""
    line = axis + 1j * level
    lines = np.unique(line)
    rank = lines.searchsorted(line)
    order = np.lexsort((lo, rank))
    return FlatRuns(lines, (rank + 1j * lo).take(order), hi.take(order))


def _merge_intervals(level: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[
    np.ndarray, np.ndarray, np.ndarray
]:
    """Union of the intervals [lo, hi] on each line `level`: touching or overlapping ones
    become one. Comparisons on integer ranks of the coordinates, so every test is exact."""
    if len(lo) == 0:
        return level, lo, hi
    values, inv = np.unique(np.concatenate([lo, hi]), return_inverse=True)
    n = len(lo)
    lo_r, hi_r = inv[:n], inv[n:]
    order = np.lexsort((lo_r, level))
    level, lo_r, hi_r = level[order], lo_r[order], hi_r[order]
    new_line = np.ones(n, dtype=bool)
    new_line[1:] = level[1:] != level[:-1]
    # Running end of the current union, per line: offsetting each line by a multiple of the
    # number of ranks keeps one cumulative maximum from leaking from a line to the next.
    off = (new_line.cumsum() - 1) * (len(values) + 1)
    reach = np.maximum.accumulate(hi_r + off) - off
    start = new_line.copy()
    start[1:] |= lo_r[1:] > reach[:-1]
    first = start.nonzero()[0]
    return level[first], values[lo_r[first]], values[np.maximum.reduceat(hi_r, first)]


def _cut(level: np.ndarray, lo: np.ndarray, hi: np.ndarray, p_level: np.ndarray,
         p_along: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Split each interval [lo, hi] on line `level` at the points (p_level, p_along) lying
    strictly inside it."""
    # Only points on some run's line and runs with some point on their line take part:
    # on a map of many short stray pieces both are few, and the sorts below stay short.
    lines = np.unique(level)
    pick = _members(p_level, lines)
    p_level, p_along = p_level[pick], p_along[pick]
    touched = _members(level, np.unique(p_level))
    if not touched.any():
        return level, lo, hi
    keep = ~touched
    c_level, c_lo, c_hi = _cut_all(level[touched], lo[touched], hi[touched], p_level, p_along)
    return (np.concatenate([level[keep], c_level]), np.concatenate([lo[keep], c_lo]),
            np.concatenate([hi[keep], c_hi]))


def _members(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """Per value: equal to some element of `sorted_set` (exact)."""
    if len(sorted_set) == 0:
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(sorted_set.searchsorted(values), len(sorted_set) - 1)
    return sorted_set.take(at) == values


def _cut_all(level: np.ndarray, lo: np.ndarray, hi: np.ndarray, p_level: np.ndarray,
             p_along: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`_cut` once the points and runs are paired."""
    # Points and interval ends as exact integer keys (line rank, position rank), sorted.
    lv, lv_inv = np.unique(np.concatenate([level, p_level]), return_inverse=True)
    al, al_inv = np.unique(np.concatenate([lo, hi, p_along]), return_inverse=True)
    n = len(level)
    width = len(al) + 1
    run_line = lv_inv[:n]
    lo_key = run_line * width + al_inv[:n]
    hi_key = run_line * width + al_inv[n:2 * n]
    pts = np.unique(lv_inv[n:] * width + al_inv[2 * n:])
    first = np.searchsorted(pts, lo_key, side="right")
    last = np.searchsorted(pts, hi_key, side="left")
    k = np.maximum(last - first, 0)  # cut points inside each interval
    if not k.any():
        return level, lo, hi
    # Each interval becomes k + 1 pieces: its bounds with the cut positions between.
    pieces = k + 1
    owner = np.arange(n).repeat(pieces)
    rank = np.arange(int(pieces.sum())) - (pieces.cumsum() - pieces).repeat(pieces)
    cut_pos = al[pts % width]
    start_idx = first.take(owner) + rank - 1  # the cut before this piece (rank ≥ 1)
    end_idx = first.take(owner) + rank  # the cut after it (rank < k)
    k_own = k.take(owner)
    p_lo = np.where(rank == 0, lo.take(owner), cut_pos.take(np.clip(start_idx, 0, None)))
    p_hi = np.where(rank == k_own, hi.take(owner),
                    cut_pos.take(np.clip(end_idx, 0, len(pts) - 1)))
    return level.take(owner), p_lo, p_hi
