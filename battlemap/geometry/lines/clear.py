"""Line of effect and line of sight (DESIGN.md §4.3), creature blocking through interiors,
and the exact "is there any straight line between two spaces" test behind total cover."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely

from battlemap.geometry.grid import INSET
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.results import Point
from battlemap.geometry.walls.index import Blocks
from battlemap.geometry.walls.separation import separated

Box = tuple[float, float, float, float]


def _coords(p: Point, q: Point) -> np.ndarray:
    return np.array([[p[0], p[1], q[0], q[1]]], dtype=float)


def line_of_effect(geo: MapGeometry, p: Point, q: Point) -> bool:
    """True when no wall, closed door or window stops the segment p→q (grid units)."""
    return not bool(geo.walls.blocked(_coords(p, q), "effect")[0])


def line_of_sight(geo: MapGeometry, p: Point, q: Point) -> bool:
    """Like line of effect, but windows let sight through."""
    return not bool(geo.walls.blocked(_coords(p, q), "sight")[0])


def wall_blockers(
    geo: MapGeometry, line_coords: np.ndarray, blocks: Blocks = "effect"
) -> list[list[str]]:
    """Per line, the kinds of the walls that stop it ("wall", "door", "window")."""
    li, si = geo.walls.sight_hits(line_coords, blocks)
    out: list[list[str]] = [[] for _ in range(len(line_coords))]
    for i, s in zip(li.tolist(), si.tolist(), strict=True):
        kind = str(geo.walls.kinds[s])
        if kind not in out[i]:
            out[i].append(kind)
    return out


def creature_blockers(
    geo: MapGeometry, line_coords: np.ndarray, exclude: Iterable[str]
) -> list[list[str]]:
    """Per line, the creatures whose merged spaces it passes through the interior of.
    Adjacent spaces are merged first, so a line along the seam of two creatures is blocked
    while one grazing a single creature's edge is not (§4.3)."""
    out: list[list[str]] = [[] for _ in range(len(line_coords))]
    ids, boxes, tree = geo.token_index()
    if not ids or len(line_coords) == 0:
        return out
    skip = set(exclude)
    lines = shapely.linestrings(line_coords.reshape(-1, 2, 2))
    li, ti = tree.query(lines, predicate="intersects")
    keep = np.array([ids[t] not in skip for t in ti.tolist()], dtype=bool)
    li, ti = li[keep], ti[keep]
    if len(li) == 0:
        return out
    merged = shapely.union_all(boxes[np.unique(ti)])
    cand = np.unique(li)
    through = shapely.relate_pattern(lines[cand], merged, "T********")
    hit = set(cand[through].tolist())
    for i, t in zip(li.tolist(), ti.tolist(), strict=True):
        if i in hit and ids[t] not in out[i]:
            out[i].append(ids[t])
    return out


def _clip(p: np.ndarray, d: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """Parameter interval [t0, t1] of the infinite lines p + t·d inside an axis box
    (Liang–Barsky); empty where t0 > t1."""
    t0 = np.full(len(p), -np.inf)
    t1 = np.full(len(p), np.inf)
    for axis, lo, hi in ((0, box[0], box[2]), (1, box[1], box[3])):
        dd = d[:, axis]
        pp = p[:, axis]
        flat = np.abs(dd) < 1e-12
        inside = (pp >= lo) & (pp <= hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            ta = (lo - pp) / dd
            tb = (hi - pp) / dd
        lo_t = np.where(flat, np.where(inside, -np.inf, np.inf), np.minimum(ta, tb))
        hi_t = np.where(flat, np.where(inside, np.inf, -np.inf), np.maximum(ta, tb))
        t0 = np.maximum(t0, lo_t)
        t1 = np.minimum(t1, hi_t)
    return t0, t1


MAX_VERTICES = 48  # wall ends tried by the exact total-cover search


def _shrink(box: Box) -> Box:
    return (box[0] + INSET, box[1] + INSET, box[2] - INSET, box[3] - INSET)


def known_blocked(geo: MapGeometry, a_boxes: np.ndarray, boxes: np.ndarray,
                  blocks: Blocks = "effect", keys: list[tuple[object, ...]] | None = None
                  ) -> np.ndarray:
    """Per pair: already proven (and remembered) that no line joins a_boxes[i] and boxes[i]."""
    cache = geo.walls.clear_line_cache
    keys = keys if keys is not None else pair_keys(a_boxes, boxes, blocks)
    return np.array([cache.get(k) == PROVEN for k in keys], dtype=bool)


def pair_keys(a_boxes: np.ndarray, boxes: np.ndarray, blocks: Blocks) -> list[tuple[object, ...]]:
    return [(tuple(a), tuple(b), blocks) for a, b in zip(a_boxes.tolist(), boxes.tolist(),
                                                         strict=True)]


# Cache marks besides True / False (the exact search's answer): no line, proven by a wall
# chain; or the chain proof failed and the search has not run yet.
PROVEN = "proven"
UNPROVEN = "unproven"


def any_clear_line(geo: MapGeometry, a: Box, b: Box, blocks: Blocks = "effect") -> bool:
    """Is there a straight segment from some point of box `a` to some point of box `b` that no
    wall stops? Remembered per wall layout (see `_any_clear_line`)."""
    key = (tuple(a), tuple(b), blocks)
    hit = geo.walls.clear_line_cache.get(key)
    if hit is None or hit == UNPROVEN:
        hit = geo.walls.clear_line_cache.keep(key, _any_clear_line(geo, a, b, blocks))
    return hit is True


def _any_clear_line(geo: MapGeometry, a: Box, b: Box, blocks: Blocks = "effect") -> bool:
    """Is there a straight segment from some point of box `a` to some point of box `b` that no
    wall stops? A clear segment can be slid until it nearly grazes two vertices (box corners or
    wall ends), so lines through points just around those vertices are enough (an arrow slit
    is found this way, DESIGN.md §4.4)."""
    hull = shapely.convex_hull(shapely.union(shapely.box(*a), shapely.box(*b)))
    seg_ids = geo.walls.near(hull, blocks)
    if len(seg_ids) == 0:
        return True
    if separated(_shrink(a), np.array([_shrink(b)]), geo.walls.coords[seg_ids],
                 np.zeros(len(seg_ids), dtype=np.intp))[0]:
        return False
    # Fast proof of "none": every straight segment from a to b stays inside their hull, so
    # if the walls cut the hull into pieces with a and b apart, no line exists.
    walls = shapely.union_all(geo.walls.geoms[seg_ids])
    thick = shapely.buffer(walls, 1e-7, quad_segs=1, cap_style="square", join_style="mitre")
    pieces = shapely.get_parts(shapely.difference(hull, thick))
    in_a = shapely.intersects(pieces, shapely.box(*_shrink(a)))
    in_b = shapely.intersects(pieces, shapely.box(*_shrink(b)))
    if not (in_a & in_b).any():
        return False
    eps = 0.01
    ring = np.array([(eps, eps), (-eps, eps), (eps, -eps), (-eps, -eps)])
    ends = geo.walls.coords[seg_ids].reshape(-1, 2)
    ends = np.unique(ends[shapely.contains_xy(shapely.buffer(hull, eps * 2), ends[:, 0],
                                              ends[:, 1])], axis=0)
    if len(ends) > MAX_VERTICES:
        # Keep the wall ends nearest the corridor between the two spaces (bounded work).
        mid = np.array([(a[0] + a[2] + b[0] + b[2]) / 4, (a[1] + a[3] + b[1] + b[3]) / 4])
        ends = ends[np.argsort(np.hypot(*(ends - mid).T))[:MAX_VERTICES]]
    corners = np.array([
        (x, y) for box in (a, b) for x in (box[0] + eps, box[2] - eps)
        for y in (box[1] + eps, box[3] - eps)
    ])
    pts = np.vstack([corners, (ends[:, None, :] + ring[None, :, :]).reshape(-1, 2)])
    i, j = np.triu_indices(len(pts), k=1)
    p, d = pts[i], pts[j] - pts[i]
    ok = np.hypot(d[:, 0], d[:, 1]) > 1e-9
    p, d = p[ok], d[ok]
    # Clip against spaces shrunk by the corner inset: a wall lying on a space's edge is
    # still in front of it (§4.3).
    ta0, ta1 = _clip(p, d, _shrink(a))
    tb0, tb1 = _clip(p, d, _shrink(b))
    good = (ta0 <= ta1) & (tb0 <= tb1)
    if not good.any():
        return False
    p, d, ta0, ta1, tb0, tb1 = p[good], d[good], ta0[good], ta1[good], tb0[good], tb1[good]
    # The connecting piece: from where the line leaves one box to where it enters the other.
    forward = ta1 <= tb0
    s = np.where(forward, ta1, tb1)
    e = np.where(forward, tb0, ta0)
    start = p + s[:, None] * d
    end = p + e[:, None] * d
    coords = np.hstack([start, end])
    return not bool(geo.walls.blocked(coords, blocks).all())
