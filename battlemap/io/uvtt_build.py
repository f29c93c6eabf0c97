"""Universal VTT geometry → encounter walls, doors, windows and lights.

Every coordinate has `map_origin` subtracted, so (0, 0) is the picture's top-left corner
(cropped exports keep the coordinates of the whole map).

Things outside the picture — decided here, reported by the importer:
- within one map-width of the picture: kept as they are. A wall just off the edge still
  closes a room, and a light beyond it still shines onto the map (the v0.2 sample has one at
  (-2, -2)): dropping them would change what the players see.
- further out: walls are clipped to that margin, doors and lights there are dropped. Nothing
  that far can touch a square of the grid, and it keeps absurd coordinates (1e300) out of
  the geometry code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from battlemap.io.import_report import ImportReport
from battlemap.io.polylines import XY, Polylines, concat, per_line_count
from battlemap.io.uvtt_model import UvLight, UvPoint, UvPortal
from battlemap.model import Light, Wall, WallKind

# Coordinates are rounded to 1e-9 below this size, where v * 1e9 is still an exact integer
# in a float; anything larger is far outside any map and kept as it is.
ROUND_BELOW = 1e6
_HEX = re.compile(r"^[0-9A-Fa-f]{6,8}$")


class Frame:
    """The picture's rectangle in grid squares, the outer margin, and the origin shift."""

    def __init__(self, origin: UvPoint, cols: int, rows: int) -> None:
        self.ox, self.oy = origin.x, origin.y
        self.cols, self.rows = cols, rows
        margin = max(cols, rows)
        self.outer = (-margin, -margin, cols + margin, rows + margin)

    def shift(self, p: UvPoint) -> XY:
        # Rounded to 1e-9 square so 5.982422 - 2 reads 3.982422, not 3.9824219999999997.
        return (_round9(p.x - self.ox), _round9(p.y - self.oy))

    def shift_all(self, xy: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """`shift` on an (n, 2) array; the same numbers, as a door end must meet its wall."""
        with np.errstate(over="ignore", invalid="ignore"):  # overflow: the caller refuses it
            out = xy - np.array([self.ox, self.oy])
        small = np.abs(out) < ROUND_BELOW
        out[small] = np.rint(out[small] * 1e9) / 1e9
        return out

    def on_picture(self, x: float, y: float) -> bool:
        return 0 <= x <= self.cols and 0 <= y <= self.rows

    def in_margin(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.outer
        return x0 <= x <= x1 and y0 <= y <= y1


def shifted_polylines(lines: Polylines, frame: Frame, report: ImportReport) -> Polylines:
    """Polylines in picture coordinates, far-out parts clipped away (see module docstring);
    lines of fewer than two points left out. OverflowError if a shifted coordinate is not
    finite (an origin near 1e308 with walls near -1e308)."""
    xy = frame.shift_all(lines.xy)
    if not np.isfinite(xy).all():
        raise OverflowError("a shifted wall coordinate is not finite")
    x, y = xy[:, 0], xy[:, 1]
    x0, y0, x1, y1 = frame.outer
    beyond = per_line_count(lines, ~((x >= x0) & (x <= x1) & (y >= y0) & (y <= y1))) > 0
    off = per_line_count(lines, ~((x >= 0) & (x <= frame.cols) & (y >= 0) & (y <= frame.rows))) > 0
    off_picture, clipped = int((off & ~beyond).sum()), int(beyond.sum())
    if off_picture:
        report.repaired(f"{off_picture} wall(s) reach outside the picture: kept as they are")
    if clipped:
        report.repaired(f"{clipped} wall(s) reach more than a map-width outside the picture: clipped")
    shifted = Polylines(xy, lines.offsets)
    if clipped:
        shifted = _with_clipped(shifted, np.flatnonzero(beyond), frame.outer)
    return shifted.select(shifted.lengths >= 2)


def _with_clipped(lines: Polylines, far: npt.NDArray[np.int64], rect: tuple[float, float, float, float]) -> Polylines:
    """Each line in `far` replaced by its clipped pieces, in place; linear in the lines."""
    parts: list[Polylines] = []
    off = lines.offsets
    prev = 0
    for i in far.tolist():
        parts.append(Polylines(lines.xy[off[prev] : off[i]], off[prev : i + 1] - off[prev]))
        pts = [(float(px), float(py)) for px, py in lines.line(i)]
        parts.append(Polylines.from_lists(_clip(pts, rect)))
        prev = i + 1
    parts.append(Polylines(lines.xy[off[prev] :], off[prev:] - off[prev]))
    return concat(parts)


def _clip(pts: list[XY], rect: tuple[float, float, float, float]) -> list[list[XY]]:
    """The parts of a polyline inside `rect` (Liang–Barsky per segment, in exact fractions:
    coordinates like 1e300 overflow float arithmetic and GEOS gets them wrong)."""
    out: list[list[XY]] = []
    for a, b in zip(pts, pts[1:], strict=False):
        piece = _clip_segment(a, b, rect)
        if piece is None:
            continue
        if out and out[-1][-1] == piece[0]:
            out[-1].append(piece[1])
        else:
            out.append(list(piece))
    return out


def _clip_segment(a: XY, b: XY, rect: tuple[float, float, float, float]) -> tuple[XY, XY] | None:
    x0, y0, dx, dy = Fraction(a[0]), Fraction(a[1]), Fraction(b[0]) - Fraction(a[0]), Fraction(b[1]) - Fraction(a[1])
    xmin, ymin, xmax, ymax = (Fraction(v) for v in rect)
    t0, t1 = Fraction(0), Fraction(1)
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 >= t1:
            return None
    start = (float(x0 + t0 * dx), float(y0 + t0 * dy))
    end = (float(x0 + t1 * dx), float(y0 + t1 * dy))
    return (start, end) if start != end else None


def portal_walls(portals: Sequence[UvPortal], frame: Frame, report: ImportReport) -> list[Wall]:
    """Closed portals are doors, open ones windows (the exporters' convention), each a single
    segment along `bounds`; shut doors, as exported."""
    walls: list[Wall] = []
    rebuilt = dropped = 0
    for portal in portals:
        ends = [frame.shift(b) for b in portal.bounds] if portal.bounds else []
        if len(ends) != 2 or ends[0] == ends[1]:
            ends = _span_from_rotation(frame.shift(portal.position), portal.rotation)
            rebuilt += 1
        if not all(frame.in_margin(x, y) for x, y in ends):
            dropped += 1
            continue
        kind = WallKind.DOOR if portal.closed else WallKind.WINDOW
        walls.append(Wall(points=ends, kind=kind, open=False))
    if rebuilt:
        report.repaired(f"{rebuilt} portal(s) without usable bounds: one square wide, along their rotation")
    if dropped:
        report.repaired(f"{dropped} portal(s) far outside the picture: dropped")
    return walls


def _span_from_rotation(centre: XY, rotation: float) -> list[XY]:
    dx, dy = 0.5 * math.cos(rotation), 0.5 * math.sin(rotation)
    return [(centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy)]


def lights(uv_lights: Sequence[UvLight], frame: Frame, report: ImportReport) -> list[Light]:
    out: list[Light] = []
    off_picture = dropped = fixed = 0
    for light in uv_lights:
        x, y = frame.shift(light.position)
        if not frame.in_margin(x, y):
            dropped += 1
            continue
        off_picture += not frame.on_picture(x, y)
        color = light.color.removeprefix("#")
        if not _HEX.match(color):
            color, fixed = "ffffffff", fixed + 1
        rng, intensity = min(light.range, 10_000.0), min(light.intensity, 100.0)
        fixed += (rng, intensity) != (light.range, light.intensity)
        out.append(Light(position=(x, y), range=rng, intensity=intensity, color=color, shadows=light.shadows))
    if off_picture:
        report.repaired(f"{off_picture} light(s) outside the picture: kept, they shine onto it")
    if dropped:
        report.repaired(f"{dropped} light(s) more than a map-width outside the picture: dropped")
    if fixed:
        report.repaired(f"{fixed} light(s) with an unreadable colour or out-of-range value: set to white / capped")
    return out


def _round9(v: float) -> float:
    return float(round(v * 1e9)) / 1e9 if abs(v) < ROUND_BELOW else v
