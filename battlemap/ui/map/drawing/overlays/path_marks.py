"""What the drag's path overlay draws, laid out once per new square as marks: the squares
entered, the path's segments, the ghost, the OA boxes and the labels, each with the scene
rect it paints. Marks compare by value, so the overlay repaints only the rects of the marks a
step added or removed (a 30-square path's box is a third of the screen at play zoom)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from battlemap.ui.i18n import labelled
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.drawing.overlays.label_layout import off_discs, place_label
from battlemap.ui.map.drawing.overlays.path_drawing import PathDrawing
from battlemap.ui.map.drawing.overlays.plates import plate_size
from battlemap.ui.map.units import PX

LEGAL = QColor(40, 150, 60)
ILLEGAL = QColor(210, 30, 30)
OA = QColor(235, 120, 0)
LINE_WIDTH = 4.0
OA_PEN = 3.0
WAYPOINT_R = 7.0
Rect = tuple[float, float, float, float]  # x, y, w, h in scene units


class Mark(NamedTuple):
    """A tuple, so that comparing two steps' marks hashes in C."""

    kind: str  # "step", "segment", "waypoint", "ghost", "oa_box" or "label"
    rect: Rect  # what it paints, antialiasing included
    legal: bool = True  # steps and segments: green or red
    line: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # a segment's ends
    text: str = ""  # labels
    colour: int = 0  # labels: QColor.rgba()
    at: Rect = (0.0, 0.0, 0.0, 0.0)  # labels, ghost, boxes: the drawn rect (no margin)

    def qrect(self) -> QRectF:
        return QRectF(*self.rect)


def _grown(r: QRectF, by: float) -> Rect:
    return (r.x() - by, r.y() - by, r.width() + 2 * by, r.height() + 2 * by)


def _tuple(r: QRectF) -> Rect:
    return (r.x(), r.y(), r.width(), r.height())


def _label(rect: QRectF, text: str, colour: QColor) -> Mark:
    return Mark("label", _grown(rect, 2), text=text, colour=colour.rgba(), at=_tuple(rect))


def path_marks(d: PathDrawing, obstacles: Callable[[], list[QRectF]],
               discs: Callable[[QRectF], list[QRectF]] = lambda _near: []) -> list[Mark]:
    """The marks of drawing `d`, in painting order. `obstacles`: token discs and name labels
    that OA and step labels must leave visible (asked only when there are such labels)."""
    marks: list[Mark] = []
    side = d.side * PX
    for st in d.steps:  # squares entered, green or red
        marks.append(Mark("step", (st.to[0] * PX, st.to[1] * PX, side, side), legal=st.legal))
    half = d.side / 2

    def centre(sq: tuple[int, int]) -> tuple[float, float]:
        return ((sq[0] + half) * PX, (sq[1] + half) * PX)

    # The path through footprint centres, left out inside the dragged token's disc so its
    # initials stay readable; one mark per segment (an opaque line with round caps looks the
    # same drawn whole or in pieces).
    points = [centre(d.start), *map(centre, d.squares)]
    pad = LINE_WIDTH / 2 + 2
    for piece in outside_disc(points, points[0], side / 2 - 2):
        for (ax, ay), (bx, by) in zip(piece[:-1], piece[1:], strict=True):
            rect = (min(ax, bx) - pad, min(ay, by) - pad, abs(bx - ax) + 2 * pad,
                    abs(by - ay) + 2 * pad)
            marks.append(Mark("segment", rect, legal=d.legal, line=(ax, ay, bx, by)))
    for sq in d.waypoints:  # a pinned waypoint: a dot on the route
        x, y = centre(sq)
        dot = QRectF(x - WAYPOINT_R, y - WAYPOINT_R, 2 * WAYPOINT_R, 2 * WAYPOINT_R)
        marks.append(Mark("waypoint", _grown(dot, 2), at=_tuple(dot)))
    end = d.squares[-1]
    ghost = QRectF(end[0] * PX + 4, end[1] * PX + 4, side - 8, side - 8)
    marks.append(Mark("ghost", _grown(ghost, 2), at=_tuple(ghost)))
    # Tokens and names are obstacles only to labels placed beside a square (OAs, illegal
    # steps): a plain drag skips looking them up.
    needs_room = bool(d.oas) or any(not st.legal and st.reason for st in d.steps)
    taken = [*(obstacles() if needs_room else []), ghost]
    # Cost under the ghost, where the eye ends the drag, unless a token's disc is there (the
    # row below): then beside the ghost, off every disc.
    w, h = plate_size(d.label)
    cx, cy = centre(end)
    cost = QRectF(cx - w / 2, cy + side / 2 + 10 - h / 2, w, h)
    square = QRectF(end[0] * PX, end[1] * PX, side, side)
    cost = off_discs(cost, square, discs(square.adjusted(-w - PX, -PX, w + PX, PX)))
    taken.append(cost)
    for oa in d.oas:  # a box on the square being left
        box = QRectF(oa.at[0] * PX + 3, oa.at[1] * PX + 3, PX - 6, PX - 6)
        marks.append(Mark("oa_box", _grown(box, OA_PEN / 2 + 1), at=_tuple(box)))
    labels = [(f"⚔ {t('OA by')} {oa.by_name}", QRectF(oa.at[0] * PX, oa.at[1] * PX, PX, PX),
               OA) for oa in d.oas]
    labels += [(labelled(t('illegal'), st.reason),
                QRectF(st.to[0] * PX, st.to[1] * PX, side, side), ILLEGAL)
               for st in d.steps if not st.legal and st.reason]
    for text, square, colour in labels:  # beside their square, hiding nothing
        spot = place_label(square, *plate_size(text), taken)
        taken.append(spot)
        marks.append(_label(spot, text, colour))
    over = d.cost_m > d.allowance_m + 1e-6
    marks.append(_label(cost, d.label, ILLEGAL if not d.legal else OA if over
                        else LEGAL.darker(130)))
    return marks


Point = tuple[float, float]


def outside_disc(points: list[Point], centre: Point, radius: float) -> list[list[Point]]:
    """The parts of the polyline `points` outside the disc (centre, radius), as polylines:
    each segment P→Q is inside for the t where |P + t(Q − P) − centre| < radius."""
    pieces: list[list[Point]] = []
    joined = False  # does the last piece end where the next segment starts?
    cx, cy = centre
    for (px, py), (qx, qy) in zip(points[:-1], points[1:], strict=True):
        dx, dy, fx, fy = qx - px, qy - py, px - cx, py - cy
        a = dx * dx + dy * dy
        if a == 0.0:
            continue
        b = fx * dx + fy * dy
        disc = b * b - a * (fx * fx + fy * fy - radius * radius)
        spans = [(0.0, 1.0)]
        if disc > 0.0:  # the segment's line crosses the circle: drop (t_in, t_out)
            root = math.sqrt(disc)
            t_in, t_out = (-b - root) / a, (-b + root) / a
            spans = [(lo, hi) for lo, hi in ((0.0, min(t_in, 1.0)), (max(t_out, 0.0), 1.0))
                     if hi > lo]
        for lo, hi in spans:
            start, end = (px + lo * dx, py + lo * dy), (px + hi * dx, py + hi * dy)
            if lo == 0.0 and joined:
                pieces[-1].append(end)
            else:
                pieces.append([start, end])
            joined = hi == 1.0
        if not spans:
            joined = False
    return pieces
