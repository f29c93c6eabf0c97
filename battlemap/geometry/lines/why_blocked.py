"""Why an area leaves out a square its shape reaches (a GM disputes it): what stops the line
from the origin to the square's centre, nearest the origin first. The rule is that of
`lines.from_point` (DESIGN.md §4.7): a wall, closed door or window the line crosses, or a point
where pieces meet with pieces on both sides of the line (`walls.joints`). One line at a time,
asked when the GM hovers the square or the CLI lists the squares left out."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import shapely

from battlemap.geometry.lines.from_point import pairs_crossing
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.joints import exact_touches
from battlemap.geometry.words import piece_name, pieces_meeting
from battlemap.text import Message, number

Point = tuple[float, float]


def _where(p: Point) -> str:
    return f"({number(p[0], 'en')},{number(p[1], 'en')})"


def _distance2(o: np.ndarray, p: tuple[Fraction, Fraction]) -> Fraction:
    fo = (Fraction(float(o[0])), Fraction(float(o[1])))
    return (p[0] - fo[0]) ** 2 + (p[1] - fo[1]) ** 2


def effect_blocker(walls: WallIndex, origin: Point, square: tuple[int, int]) -> Message | None:
    """What stops the line from `origin` to the centre of `square`, as a message, or
    None when nothing does."""
    o = np.array(origin, dtype=float)
    e = np.array([[square[0] + 0.5, square[1] + 0.5]])
    tree, ids = walls.tree("effect")
    ray = shapely.linestrings(np.stack([o, e[0]]))
    seg = ids.take(tree.query(ray))
    if len(seg) == 0:
        return None
    w = walls.coords.take(seg, axis=0)
    found: list[tuple[Fraction, Message]] = []
    crossed = pairs_crossing(o, e, walls, seg, np.zeros(len(seg), dtype=np.intp))
    for k in np.flatnonzero(crossed).tolist():
        at = shapely.intersection(ray, walls.geoms[seg[k]])
        x, y = shapely.get_coordinates(at)[0].tolist()
        kind = str(walls.kinds[seg[k]])
        ends = f"{_where((w[k, 0], w[k, 1]))}–{_where((w[k, 2], w[k, 3]))}"
        found.append((_distance2(o, (Fraction(x), Fraction(y))),
                      Message.of("area.cut_wall", what=piece_name(kind), ends=ends)))
    # Points the line passes through where pieces end, with the side each piece leaves on.
    idx, end_b, side = exact_touches(o, np.repeat(e, len(seg), axis=0), w)
    by_point: dict[Point, tuple[set[float], list[str]]] = {}
    for i, b, s in zip(idx.tolist(), end_b.tolist(), side.tolist(), strict=True):
        p = (float(w[i, 2]), float(w[i, 3])) if b else (float(w[i, 0]), float(w[i, 1]))
        sides, kinds = by_point.setdefault(p, (set(), []))
        sides.add(s)
        kinds.append(str(walls.kinds[seg[i]]))
    for p, (sides, kinds) in by_point.items():
        if {-1.0, 1.0} <= sides:
            found.append((_distance2(o, (Fraction(p[0]), Fraction(p[1]))),
                          Message.of("area.cut_joint", at=_where(p),
                                     what=pieces_meeting(kinds))))
    if not found:
        return None
    return min(found, key=lambda f: f[0])[1]


def cut_off_text(walls: WallIndex, origin: Point, square: tuple[int, int]) -> Message:
    """The ruling for a square the area's shape reaches but its line of effect does not."""
    return effect_blocker(walls, origin, square) or Message.of("area.cut")
