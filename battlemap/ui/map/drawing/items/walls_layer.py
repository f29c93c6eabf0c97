"""All walls, doors and windows in one background layer: a few paths per look and map region,
so 4,000 segments stay cheap to draw."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from battlemap.model import Wall, WallKind
from battlemap.ui.map.drawing.items.tiled_paths import TiledPaths
from battlemap.ui.map.units import PX

LOOKS = {
    # kind → pen: walls solid dark, closed doors thick brown, open doors thin dashed brown
    # (their leaf swung aside), windows dashed light blue (see-through, not passable).
    "wall": (QColor("#1d1d1d"), 5.0, Qt.PenStyle.SolidLine),
    "door_closed": (QColor("#7a4a12"), 7.0, Qt.PenStyle.SolidLine),
    "door_open": (QColor("#b07a30"), 2.5, Qt.PenStyle.DashLine),
    "window": (QColor("#5ab4f0"), 4.0, Qt.PenStyle.DashLine),
}
WIDEST = max(width for _, width, _ in LOOKS.values())
SOLID = {key for key, (_, _, style) in LOOKS.items() if style is Qt.PenStyle.SolidLine}
# A zoom step redraws every wall in view, so solid looks take Qt's fastest way: a list of
# lines (several times faster than the same segments as a path) with square caps, which Qt
# rasterises directly; round caps go through the general stroker, 4-7x slower (stress map).
# Square ends close a room's corners as a drawn wall does. Walls along the grid that touch
# end to end are merged into one run first: separate antialiased lines darken the rim where
# they meet, which shows on a straight wall; where slanted walls meet (a cave's outline) it
# does not. Built once: a paint allocates no pen.
PENS = {key: QPen(colour, width, style,
                  Qt.PenCapStyle.SquareCap if key in SOLID else Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin)
        for key, (colour, width, style) in LOOKS.items()}
RUNS = ":runs"  # tile key suffix of a look's merged runs

Points = Sequence[tuple[float, float]]


# (kind, open) → look: a dict, not enum attributes (thousands of walls at each layout).
_LOOK = {(kind, is_open): ("door_open" if is_open else "door_closed") if kind is WallKind.DOOR
         else kind.value for kind in WallKind for is_open in (False, True)}


def look_key(wall: Wall) -> str:
    return _LOOK[wall.kind, wall.open]


def grid_runs(walls: Iterable[Wall]) -> tuple[list[tuple[str, Points]], list[tuple[str, Points]]]:
    """(segments of solid looks, horizontal and vertical ones merged into runs; the dashed
    looks' polylines), each as (tile key, points): the segments' keys end in RUNS."""
    spans: dict[tuple[str, bool, float], list[tuple[float, float]]] = {}
    runs: list[tuple[str, Points]] = []
    rest: list[tuple[str, Points]] = []
    for w in walls:
        key, pts = look_key(w), w.points
        if key not in SOLID:
            rest.append((key, pts))
            continue
        for (ax, ay), (bx, by) in zip(pts[:-1], pts[1:], strict=True):
            if ay == by and ax != bx:
                spans.setdefault((key, True, ay), []).append((min(ax, bx), max(ax, bx)))
            elif ax == bx and ay != by:
                spans.setdefault((key, False, ax), []).append((min(ay, by), max(ay, by)))
            else:
                runs.append((key + RUNS, [(ax, ay), (bx, by)]))
    for (key, horizontal, at), found in spans.items():
        found.sort()
        lo, hi = found[0]
        for start, end in [*found[1:], (float("inf"), float("inf"))]:
            if start <= hi:  # touching or overlapping: one run
                hi = max(hi, end)
                continue
            runs.append((key + RUNS, [(lo, at), (hi, at)] if horizontal else [(at, lo), (at, hi)]))
            lo, hi = start, end
    return runs, rest


class WallsLayer:
    """The walls layer. Walls change rarely, so they are painted into the view's cached
    background (scene.drawBackground) rather than as a scene item: a repaint blits one opaque
    pixmap instead of blending a full-screen transparent layer. When the background is redrawn
    (zoom, scroll, a door opened), only the buckets near the exposed rectangle are stroked."""

    def __init__(self, walls: list[Wall]) -> None:
        # Per look: its walls (the very objects) and their tiles. A door opened changes one
        # wall: the thousands of the other looks keep their layout (`set_walls`).
        self._looks: dict[str, tuple[list[Wall], TiledPaths]] = {}
        self.set_walls(walls)

    def tiles_of(self, look: str) -> TiledPaths:
        """The tiles of one look (a key of LOOKS)."""
        return self._looks[look][1]

    @property
    def paths(self) -> dict[str, QPainterPath]:
        """Every wall of each look as one path (tests, exports)."""
        out = {}
        for k in LOOKS:
            tiles = self.tiles_of(k)
            path = tiles.whole(k)
            path.addPath(tiles.whole(k + RUNS))
            out[k] = path
        return out

    def set_walls(self, walls: list[Wall]) -> None:
        by_look: dict[str, list[Wall]] = {k: [] for k in LOOKS}
        for w in walls:
            by_look[_LOOK[w.kind, w.open]].append(w)
        looks = {}
        for key, mine in by_look.items():
            old = self._looks.get(key)
            if old is not None and len(old[0]) == len(mine) and all(
                    map(operator.is_, old[0], mine)):
                looks[key] = old  # the same walls: the same layout
                continue
            runs, rest = grid_runs(mine)
            tiles = TiledPaths(margin=WIDEST / 2 + 1)
            tiles.add_polylines([*runs, *rest], scale=PX, as_segments={key + RUNS})
            looks[key] = (mine, tiles)
        self._looks = looks

    def bounds(self) -> QRectF:
        out = QRectF()
        for _, tiles in self._looks.values():
            box = tiles.bounds()
            if not box.isNull():
                out = box if out.isNull() else out.united(box)
        return out

    def paint_layer(self, p: QPainter, exposed: QRectF) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for key, pen in PENS.items():
            p.setPen(pen)
            tiles = self.tiles_of(key)
            for lines in tiles.visible_lines(key + RUNS, exposed):
                p.drawLines(lines)
            for path in tiles.visible(key, exposed):
                p.drawPath(path)
