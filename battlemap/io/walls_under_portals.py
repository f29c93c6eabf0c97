"""Which parts of an imported wall run under a door or a window, and the walls without them.

Where two rooms share a wall, Dungeondraft exports the neighbouring room's wall straight
through the door between them: kept, it would block the doorway whatever the door's state
(total cover, the step refused, even with the door open). A wall segment is under a portal
when both its ends lie within `CUT_TOLERANCE` of the portal's line and the two overlap along
it by more than that; the overlap is cut out, and a cut that stops inside the segment ends
the wall exactly on the portal's end, so the room stays closed around the door.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from battlemap.io.polylines import XY, Floats, Polylines, concat
from battlemap.model import Wall

CUT_TOLERANCE = 0.02  # squares: about 1.4 px at 70 px per square, well under a wall's width


def cut_under_portals(lines: Polylines, portals: Sequence[Wall], tol: float = CUT_TOLERANCE) -> tuple[Polylines, int]:
    """(the lines with every part under a portal removed, how many lines were cut).
    Lines that no portal lies on are kept as they are, in order."""
    ends = np.array([w.points for w in portals if len(w.points) == 2], dtype=np.float64).reshape(-1, 2, 2)
    if not len(ends) or not len(lines):
        return lines, 0
    cuts = _cuts_by_segment(lines, ends, tol)
    if not cuts:
        return lines, 0
    by_line: dict[int, dict[int, list[tuple[float, float, XY | None, XY | None]]]] = {}
    line_of_point = lines.line_index
    for seg, found in cuts.items():
        by_line.setdefault(int(line_of_point[seg]), {})[seg] = found
    parts: list[Polylines] = []
    off = lines.offsets
    prev = 0
    for i in sorted(by_line):
        parts.append(Polylines(lines.xy[off[prev] : off[i]], off[prev : i + 1] - off[prev]))
        parts.append(Polylines.from_lists(_cut_line(lines, i, by_line[i])))
        prev = i + 1
    parts.append(Polylines(lines.xy[off[prev] :], off[prev:] - off[prev]))
    return concat(parts), len(by_line)


def _cuts_by_segment(
    lines: Polylines, ends: Floats, tol: float
) -> dict[int, list[tuple[float, float, XY | None, XY | None]]]:
    """For each segment (numbered by its first point) under a portal: the cut intervals along
    it as (s0, s1) in [0, 1], each with the portal end to finish on at s0 and at s1 (None when
    the cut reaches the segment's own end there)."""
    xy = lines.xy
    if len(xy) < 2:
        return {}
    first = np.arange(len(xy) - 1)
    same_line = lines.line_index[:-1] == lines.line_index[1:]
    first = first[same_line & np.any(xy[:-1] != xy[1:], axis=1)]
    if not len(first):
        return {}
    tree = shapely.STRtree(shapely.linestrings(ends))
    segments = shapely.linestrings(np.stack([xy[first], xy[first + 1]], axis=1))
    seg_at, portal_at = tree.query(segments, predicate="dwithin", distance=tol)
    if not len(seg_at):
        return {}
    a, b = xy[first[seg_at]], xy[first[seg_at] + 1]
    p, q = ends[portal_at, 0], ends[portal_at, 1]
    length = np.hypot(*(q - p).T)
    ok = length > tol
    u = (q - p) / np.where(ok, length, 1.0)[:, None]
    off_a, off_b = _off_line(u, a - p), _off_line(u, b - p)
    ta, tb = np.einsum("ij,ij->i", a - p, u), np.einsum("ij,ij->i", b - p, u)
    lo, hi = np.maximum(np.minimum(ta, tb), 0.0), np.minimum(np.maximum(ta, tb), length)
    under = ok & (off_a <= tol) & (off_b <= tol) & (hi - lo > tol)
    out: dict[int, list[tuple[float, float, XY | None, XY | None]]] = {}
    for k in np.flatnonzero(under).tolist():
        s_lo, s_hi = (lo[k] - ta[k]) / (tb[k] - ta[k]), (hi[k] - ta[k]) / (tb[k] - ta[k])
        end_lo = _portal_end(p[k], u[k], lo[k], length[k])
        end_hi = _portal_end(p[k], u[k], hi[k], length[k])
        if s_lo > s_hi:  # the segment runs against the portal
            s_lo, s_hi, end_lo, end_hi = s_hi, s_lo, end_hi, end_lo
        out.setdefault(int(first[seg_at[k]]), []).append((
            float(s_lo), float(s_hi),
            end_lo if s_lo > 1e-12 else None, end_hi if s_hi < 1 - 1e-12 else None))
    return out


def _off_line(u: Floats, d: Floats) -> Floats:
    """Distance of each point (`d` from the portal's start) to the portal's line."""
    return np.abs(u[:, 0] * d[:, 1] - u[:, 1] * d[:, 0])


def _portal_end(p: Floats, u: Floats, t: float, length: float) -> XY | None:
    """The portal's end at `t` along it, when the cut stops there (not at the segment's end)."""
    if t <= 0.0:
        return (float(p[0]), float(p[1]))
    if t >= length:
        q = p + u * length
        return (float(q[0]), float(q[1]))
    return None


def _cut_line(
    lines: Polylines, i: int, cuts: dict[int, list[tuple[float, float, XY | None, XY | None]]]
) -> list[list[XY]]:
    """Line i's pieces left once each cut segment loses its intervals under portals."""
    start = int(lines.offsets[i])
    pts = [(float(x), float(y)) for x, y in lines.line(i)]
    pieces: list[list[XY]] = [[pts[0]]]
    for j in range(len(pts) - 1):
        a, b = pts[j], pts[j + 1]
        found = cuts.get(start + j)
        if not found:
            pieces[-1].append(b)
            continue
        s = 0.0
        for s0, s1, end0, end1 in sorted(found):
            if s0 > s:
                pieces[-1].append(end0 or _at(a, b, s0))
            if s1 > s:
                pieces.append([end1 or _at(a, b, s1)])
                s = s1
        if s < 1.0:
            pieces[-1].append(b)
    return [_distinct(piece) for piece in pieces if len(_distinct(piece)) >= 2]


def _at(a: XY, b: XY, s: float) -> XY:
    if s <= 0.0:
        return a
    if s >= 1.0:
        return b
    return (a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]))


def _distinct(piece: list[XY]) -> list[XY]:
    out = [piece[0]]
    out += [p for prev, p in zip(piece, piece[1:], strict=False) if p != prev]
    return out
