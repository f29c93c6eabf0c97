"""Painter paths split into spatial buckets, so a paint clipped to a small exposed rectangle
strokes only the pieces near it instead of a whole map's worth of walls or terrain outlines."""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Iterator, Sequence

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainterPath

from battlemap.ui.map.units import PX

TILE = 12 * PX  # bucket side in scene pixels: ~60 buckets on a 100×100 map


class _Bucket:
    __slots__ = ("bounds", "lines", "paths")

    def __init__(self) -> None:
        self.bounds = QRectF()
        self.paths: dict[str, QPainterPath] = {}
        self.lines: dict[str, list[QLineF]] = {}  # keys kept as separate segments


class TiledPaths:
    """Pieces of paths grouped by key (a pen or brush look) and by the tile holding the centre
    of each piece. A bucket's bounds grow to hold its pieces, so culling stays exact even for
    pieces that reach into neighbouring tiles."""

    def __init__(self, margin: float = 0.0) -> None:
        self.margin = margin  # half the widest pen: a stroke spills out of its path's bounds
        self._buckets: dict[tuple[int, int], _Bucket] = {}

    def _bucket(self, x: float, y: float) -> _Bucket:
        cell = (math.floor(x / TILE), math.floor(y / TILE))
        bucket = self._buckets.get(cell)
        if bucket is None:
            bucket = self._buckets[cell] = _Bucket()
        return bucket

    def _grow(self, bucket: _Bucket, box: QRectF) -> None:
        m = self.margin
        grown = box.adjusted(-m, -m, m, m)
        bucket.bounds = grown if bucket.bounds.isNull() else bucket.bounds.united(grown)

    def add(self, key: str, piece: QPainterPath) -> None:
        box = piece.boundingRect()
        bucket = self._bucket(box.center().x(), box.center().y())
        path = bucket.paths.get(key)
        if path is None:
            bucket.paths[key] = QPainterPath(piece)
        else:
            path.addPath(piece)
        self._grow(bucket, box)

    def add_polyline(self, key: str, points: list[tuple[float, float]]) -> None:
        """A polyline in scene pixels, appended without building a path of its own."""
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        bucket = self._bucket((x0 + x1) / 2, (y0 + y1) / 2)
        path = bucket.paths.get(key)
        if path is None:
            path = bucket.paths[key] = QPainterPath()
        path.moveTo(*points[0])
        for x, y in points[1:]:
            path.lineTo(x, y)
        self._grow(bucket, QRectF(x0, y0, x1 - x0, y1 - y0))

    def add_polylines(self, lines: Iterable[tuple[str, Sequence[tuple[float, float]]]],
                      scale: float = 1.0, as_segments: Container[str] = ()) -> None:
        """Many (key, polyline) at once, as add_polyline each with every coordinate times
        `scale`: a whole map's walls. Lines are grouped per bucket in plain Python first, so
        a bucket's bounds are one rectangle made once rather than grown line by line, and a
        plain segment (most walls) takes no list or min/max call of its own. Keys in
        `as_segments` keep their pieces as separate segments instead (`visible_lines`)."""
        groups: dict[tuple[int, int], list[tuple[str, list[float]]]] = {}
        extents: dict[tuple[int, int], list[float]] = {}
        for key, points in lines:
            if len(points) == 2:
                (ax, ay), (bx, by) = points
                flat = [ax * scale, ay * scale, bx * scale, by * scale]
                x0, x1 = (flat[0], flat[2]) if flat[0] <= flat[2] else (flat[2], flat[0])
                y0, y1 = (flat[1], flat[3]) if flat[1] <= flat[3] else (flat[3], flat[1])
            else:
                flat = [c * scale for point in points for c in point]
                x0, x1 = min(flat[0::2]), max(flat[0::2])
                y0, y1 = min(flat[1::2]), max(flat[1::2])
            cell = (math.floor((x0 + x1) / 2 / TILE), math.floor((y0 + y1) / 2 / TILE))
            box = extents.get(cell)
            if box is None:
                extents[cell] = [x0, y0, x1, y1]
                groups[cell] = [(key, flat)]
            else:
                groups[cell].append((key, flat))
                if x0 < box[0]:
                    box[0] = x0
                if y0 < box[1]:
                    box[1] = y0
                if x1 > box[2]:
                    box[2] = x1
                if y1 > box[3]:
                    box[3] = y1
        for cell, members in groups.items():
            bucket = self._buckets.get(cell)
            if bucket is None:
                bucket = self._buckets[cell] = _Bucket()
            for key, flat in members:
                if key in as_segments:
                    kept = bucket.lines.get(key)
                    if kept is None:
                        kept = bucket.lines[key] = []
                    if len(flat) == 4:  # most walls: one segment, no generator for it
                        kept.append(QLineF(*flat))
                    else:
                        kept.extend(QLineF(flat[i], flat[i + 1], flat[i + 2], flat[i + 3])
                                    for i in range(0, len(flat) - 2, 2))
                    continue
                path = bucket.paths.get(key)
                if path is None:
                    path = bucket.paths[key] = QPainterPath()
                path.moveTo(flat[0], flat[1])
                for i in range(2, len(flat), 2):
                    path.lineTo(flat[i], flat[i + 1])
            x0, y0, x1, y1 = extents[cell]
            self._grow(bucket, QRectF(x0, y0, x1 - x0, y1 - y0))

    def bounds(self) -> QRectF:
        out = QRectF()
        for bucket in self._buckets.values():
            out = bucket.bounds if out.isNull() else out.united(bucket.bounds)
        return out

    def visible(self, key: str, exposed: QRectF) -> Iterator[QPainterPath]:
        """The bucket paths of one look whose bounds meet `exposed` (all when it is null)."""
        everything = exposed.isNull()
        for bucket in self._buckets.values():
            path = bucket.paths.get(key)
            if path is not None and (everything or bucket.bounds.intersects(exposed)):
                yield path

    def visible_lines(self, key: str, exposed: QRectF) -> Iterator[list[QLineF]]:
        """As `visible`, the segments of a key added `as_segments`."""
        everything = exposed.isNull()
        for bucket in self._buckets.values():
            lines = bucket.lines.get(key)
            if lines and (everything or bucket.bounds.intersects(exposed)):
                yield lines

    def whole(self, key: str) -> QPainterPath:
        """One path with every piece of a look (for tests and exports, not for painting),
        segments included."""
        out = QPainterPath()
        for bucket in self._buckets.values():
            path = bucket.paths.get(key)
            if path is not None:
                out.addPath(path)
            for line in bucket.lines.get(key, []):
                out.moveTo(line.p1())
                out.lineTo(line.p2())
        return out
