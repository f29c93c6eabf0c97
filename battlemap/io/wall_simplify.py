"""Fewer wall segments, same walls: join polylines that continue each other, then drop the
vertices that lie within a small tolerance of a straight run.

Cave exports hold thousands of tiny segments (one per pixel step of the outline); every one
costs time in each sight and movement test. Two steps:

1. `linemerge`: polylines meeting end to end at a point where only those two meet become one.
   Where three or more meet (a junction), nothing moves: the point stays an end point.
2. Douglas–Peucker (`simplify`, topology preserved): every dropped vertex lies within
   `tolerance` of the simplified line, end points never move.

A vertex that touches another wall (a T junction, a door's hinge) must not move, or a gap
would open there. Such points are checked after step 2; a polyline that lost one is kept as
merged but unsimplified. The caller can pass extra such points (`anchors`: door ends).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, MultiLineString, Point
from shapely.ops import linemerge

XY = tuple[float, float]
TOUCH = 1e-9  # how close a point must be to count as touching a wall
DEFAULT_TOLERANCE = 0.01  # squares: 1.5 cm, far below anything drawn on a map


@dataclass(frozen=True)
class Simplified:
    polylines: list[list[XY]]
    segments_before: int
    segments_after: int
    kept_for_junctions: int  # polylines left unsimplified to keep a junction closed


def simplify_polylines(
    polylines: Sequence[Sequence[XY]], tolerance: float = DEFAULT_TOLERANCE, anchors: Iterable[XY] = ()
) -> Simplified:
    lines = [LineString(pts) for pts in (_dedupe(p) for p in polylines) if len(pts) >= 2]
    before = sum(len(p) - 1 for p in polylines)
    if not lines:
        return Simplified([], before, 0, 0)
    merged = _merge(lines)
    anchor_pts = [Point(a) for a in anchors]
    anchor_pts += [Point(c) for line in merged for c in (line.coords[0], line.coords[-1])]
    tree = shapely.STRtree(anchor_pts)
    out: list[list[XY]] = []
    kept = 0
    for line in merged:
        simple = line.simplify(tolerance, preserve_topology=True) if tolerance > 0 else line
        touching = tree.query(line, predicate="dwithin", distance=TOUCH)
        if len(touching) and not all(simple.distance(anchor_pts[i]) <= TOUCH for i in touching):
            simple, kept = line, kept + 1
        out.append([(float(x), float(y)) for x, y in simple.coords])
    return Simplified(out, before, sum(len(p) - 1 for p in out), kept)


def _merge(lines: list[LineString]) -> list[LineString]:
    merged = linemerge(MultiLineString(lines))
    if isinstance(merged, LineString):
        return [merged]
    return list(merged.geoms)


def _dedupe(points: Sequence[XY]) -> list[XY]:
    """Consecutive repeated points removed (zero-length segments)."""
    out: list[XY] = []
    for x, y in points:
        p = (float(x), float(y))
        if not out or p != out[-1]:
            out.append(p)
    return out
