"""Fewer wall segments, same walls: join polylines that continue each other, then drop the
vertices that lie within a small tolerance of a straight run.

Cave exports hold thousands of tiny segments (one per pixel step of the outline); every one
costs time in each sight and movement test. Two steps:

1. `line_merge`: polylines meeting end to end at a point where only those two meet become one.
   Where three or more meet (a junction), nothing moves: the point stays an end point.
   A polyline whose two ends touch no other end (most walls of a generated map) cannot join
   anything: it skips the merge and keeps its direction.
2. Douglas–Peucker (`simplify`, topology preserved): every dropped vertex lies within
   `tolerance` of the simplified line, end points never move.

A vertex that touches another wall (a T junction, a door's hinge) must not move, or a gap
would open there. Such points are checked after step 2; a polyline that lost one is kept as
merged but unsimplified. The caller can pass extra such points (`anchors`: door ends).

Everything runs as whole-array numpy and shapely calls over all polylines at once: an import
of 6,000 walls costs a few calls, not 6,000.

Douglas–Peucker is quadratic in a polyline's length at worst (a zig-zag of 100k points takes
GEOS 20 s, a million points half an hour). A polyline longer than `MAX_PIECE` points is cut
into pieces of at most `MAX_PIECE` points that share their end points, each simplified on its
own, then joined again: the cut points stay, like any end point, and the work is linear in
the length. A piece that would lose a junction stays unsimplified by itself (counted in
`kept_for_junctions` as one).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.io.dp_keep import keeps_every_vertex
from battlemap.io.polylines import XY, Ints, Polylines, concat, offsets_from_lengths, per_line_count

TOUCH = 1e-9  # how close a point must be to count as touching a wall
MAX_STRIP_PAIRS = 2_000_000  # candidate pairs checked with numpy before using an STRtree
DEFAULT_TOLERANCE = 0.01  # squares: 1.5 cm, far below anything drawn on a map
MAX_PIECE = 2_048  # points per piece handed to Douglas-Peucker (walls drawn by hand: ~100)


@dataclass(frozen=True, eq=False)
class Simplified:
    lines: Polylines
    segments_before: int
    segments_after: int
    kept_for_junctions: int  # polylines left unsimplified to keep a junction closed

    @property
    def polylines(self) -> list[list[XY]]:
        return self.lines.to_lists()


def simplify_polylines(
    polylines: Sequence[Sequence[XY]] | Polylines,
    tolerance: float = DEFAULT_TOLERANCE,
    anchors: Iterable[XY] = (),
) -> Simplified:
    lines = polylines if isinstance(polylines, Polylines) else Polylines.from_lists(polylines)
    before = lines.segments()
    lines = _dedupe(lines)
    lines = lines.select(lines.lengths >= 2)
    if len(lines) == 0:
        return Simplified(lines, before, 0, 0)
    merged = _merge(lines)
    if tolerance <= 0:
        return Simplified(merged, before, merged.segments(), 0)
    pieces, owner = _cut(merged, MAX_PIECE)
    # Lines of a few subnormal units (a wall 1e-168 long) make GEOS divide by zero inside
    # its measures; its answers for them are still points and drop as such, so the floating
    # point warnings say nothing about the walls kept.
    with np.errstate(divide="ignore", invalid="ignore"):
        out, kept = _simplify(pieces, tolerance,
                              np.array(list(anchors), dtype=np.float64).reshape(-1, 2))
    out = _join(out, owner)
    return Simplified(out, before, out.segments(), kept)


def _dedupe(lines: Polylines) -> Polylines:
    """Consecutive repeated points removed (zero-length segments)."""
    xy, owner = lines.xy, lines.line_index
    keep = np.ones(len(xy), dtype=bool)
    keep[1:] = ~((xy[1:] == xy[:-1]).all(axis=1) & (owner[1:] == owner[:-1]))
    if keep.all():
        return lines
    return Polylines(xy[keep], offsets_from_lengths(per_line_count(lines, keep)))


def _cut(lines: Polylines, most: int) -> tuple[Polylines, Ints]:
    """Every polyline cut into pieces of at most `most` points, consecutive pieces sharing
    their cut point; with the index of the polyline each piece comes from."""
    step = most - 1
    count = np.maximum(1, -(-(lines.lengths - 1) // step))  # pieces per polyline
    owner = np.repeat(np.arange(len(lines)), count)
    if len(owner) == len(lines):
        return lines, owner
    rank = np.arange(len(owner)) - np.repeat(np.cumsum(count) - count, count)
    first = lines.offsets[:-1][owner] + rank * step
    ends = np.minimum(first + step, lines.offsets[1:][owner] - 1)
    lengths = ends - first + 1
    return Polylines(lines.xy[_ranges(first, lengths)], offsets_from_lengths(lengths)), owner


def _join(pieces: Polylines, owner: Ints) -> Polylines:
    """The pieces of `_cut` joined again, each cut point once."""
    if len(owner) == 0 or owner[-1] == len(owner) - 1:
        return pieces
    follows = np.zeros(len(owner), dtype=bool)
    follows[1:] = owner[1:] == owner[:-1]
    keep = np.ones(len(pieces.xy), dtype=bool)
    keep[pieces.offsets[:-1][follows]] = False  # a following piece's first point: the cut
    lengths = np.bincount(owner, weights=pieces.lengths - follows).astype(np.int64)
    return Polylines(pieces.xy[keep], offsets_from_lengths(lengths))


def _merge(lines: Polylines) -> Polylines:
    """Isolated polylines (both ends shared with no other end) first, as they are; then the
    others through GEOS line_merge. Leaving the isolated ones out changes no other end's
    count of meeting lines, so the merge is the one all polylines would give."""
    first = lines.xy[lines.offsets[:-1]]
    last = lines.xy[lines.offsets[1:] - 1]
    ends = np.concatenate([first, last]) + 0.0  # -0.0 and 0.0 are the same point
    # As complex numbers, points sort and compare as pairs, 10x faster than unique(axis=0).
    _, which, count = np.unique(ends[:, 0] + 1j * ends[:, 1], return_inverse=True, return_counts=True)
    degree = count[which.reshape(-1)].reshape(2, -1)
    isolated = (degree[0] == 1) & (degree[1] == 1)
    if isolated.all():
        return lines
    joinable = lines.select(~isolated)
    geoms = shapely.linestrings(joinable.xy, indices=joinable.line_index)
    parts = shapely.get_parts(shapely.line_merge(shapely.multilinestrings(geoms)))
    return concat([lines.select(isolated), _from_geoms(parts)])


def _simplify(lines: Polylines, tolerance: float, anchors: npt.NDArray[np.float64]) -> tuple[Polylines, int]:
    is_bendy = lines.lengths >= 3  # a single segment has nothing to drop
    if not is_bendy.any():
        return lines, 0
    bendy, sub = np.flatnonzero(is_bendy), lines.select(is_bendy)
    # The topology-preserving simplifier splits where plain Douglas-Peucker splits (same
    # farthest-point rule) and more (to avoid crossings): on an open line where plain DP
    # keeps every vertex, it keeps every vertex too. Plain DP sorts out the lines with
    # nothing to drop: first on arrays for the short lines it is sure about (most walls),
    # then through GEOS, 4x cheaper than the topology-preserving pass, for the others.
    # (Closed lines: GEOS may drop a ring's start point; they always go to GEOS.)
    unsure = ~keeps_every_vertex(sub, tolerance)
    asked = sub.select(unsure)
    original = np.full(len(sub), None, dtype=object)  # geometries only where GEOS is asked
    original[unsure] = shapely.linestrings(asked.xy, indices=asked.line_index)
    closed = (asked.xy[asked.offsets[:-1]] == asked.xy[asked.offsets[1:] - 1]).all(axis=1)
    plain = shapely.get_num_coordinates(shapely.simplify(original[unsure], tolerance, preserve_topology=False))
    maybe = np.flatnonzero(unsure)[closed | (plain != asked.lengths)]
    simple = np.array(original, copy=True)
    simple[maybe] = shapely.simplify(original[maybe], tolerance, preserve_topology=True)
    changed = maybe[shapely.get_num_coordinates(simple[maybe]) != sub.lengths[maybe]]
    if len(changed) == 0:
        return lines, 0
    # Points other walls rely on: door ends and every polyline's ends.
    ends = np.concatenate([anchors, lines.xy[lines.offsets[:-1]], lines.xy[lines.offsets[1:] - 1]])
    line_at, point_at = _near_pairs(shapely.bounds(original[changed]), ends)
    points = shapely.points(ends[point_at])
    touching = shapely.distance(original[changed][line_at], points) <= TOUCH
    moved = touching & (shapely.distance(simple[changed][line_at], points) > TOUCH)
    broken = np.unique(line_at[moved])
    accepted = np.delete(changed, broken)
    return _replace_lines(lines, bendy[accepted], _from_geoms(simple[accepted])), len(broken)


def _near_pairs(boxes: npt.NDArray[np.float64], points: npt.NDArray[np.float64]) -> tuple[Ints, Ints]:
    """(box, point) index pairs where the point lies in the box grown by TOUCH. Points
    sorted by x give each box its strip of candidates, without a shapely point per end
    (that costs more than the rest of the simplification); strips too full (long walls
    over a dense map) go through an STRtree instead."""
    grown = boxes + np.array([-TOUCH, -TOUCH, TOUCH, TOUCH])
    order = np.argsort(points[:, 0], kind="stable")
    xs = points[order, 0]
    lo = np.searchsorted(xs, grown[:, 0], side="left")
    count = np.searchsorted(xs, grown[:, 2], side="right") - lo
    if count.sum() > MAX_STRIP_PAIRS:
        tree = shapely.STRtree(shapely.points(points))
        found = tree.query(shapely.box(*grown.T), predicate="intersects")
        return found[0], found[1]
    box_at = np.repeat(np.arange(len(boxes)), count)
    point_at = order[_ranges(lo, count)]
    y = points[point_at, 1]
    inside = (y >= grown[box_at, 1]) & (y <= grown[box_at, 3])
    return box_at[inside], point_at[inside]


def _replace_lines(lines: Polylines, which: npt.NDArray[np.int64], new: Polylines) -> Polylines:
    """`lines` with line which[k] replaced by new line k, order kept."""
    if len(which) == 0:
        return lines
    lengths = lines.lengths.copy()
    lengths[which] = new.lengths
    offsets = offsets_from_lengths(lengths)
    xy = np.empty((offsets[-1], 2))
    replaced = np.zeros(len(lines), dtype=bool)
    replaced[which] = True
    xy[_ranges(offsets[:-1][~replaced], lengths[~replaced])] = lines.xy[
        _ranges(lines.offsets[:-1][~replaced], lines.lengths[~replaced])
    ]
    xy[_ranges(offsets[:-1][which], new.lengths)] = new.xy
    return Polylines(xy, offsets)


def _ranges(starts: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Indices start..start+length-1 of every range, concatenated."""
    total = int(lengths.sum())
    shift = starts - (np.cumsum(lengths) - lengths)
    return np.repeat(shift, lengths) + np.arange(total, dtype=np.int64)


def _from_geoms(geoms: npt.NDArray[np.object_]) -> Polylines:
    xy, owner = shapely.get_coordinates(geoms, return_index=True)
    lengths = np.bincount(owner, minlength=len(geoms))
    return Polylines(xy.astype(np.float64, copy=False), offsets_from_lengths(lengths))
