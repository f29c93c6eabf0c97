"""Painter paths split into spatial buckets, so a paint clipped to a small exposed rectangle
strokes only the pieces near it instead of a whole map's worth of walls or terrain outlines."""

from __future__ import annotations

import math
from collections.abc import Iterator

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from battlemap.ui.map.units import PX

TILE = 12 * PX  # bucket side in scene pixels: ~60 buckets on a 100×100 map


class _Bucket:
    __slots__ = ("bounds", "paths")

    def __init__(self) -> None:
        self.bounds = QRectF()
        self.paths: dict[str, QPainterPath] = {}


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

    def whole(self, key: str) -> QPainterPath:
        """One path with every piece of a look (for tests and exports, not for painting)."""
        out = QPainterPath()
        for bucket in self._buckets.values():
            path = bucket.paths.get(key)
            if path is not None:
                out.addPath(path)
        return out
