"""The fog's first angular sweep, kept as the baseline of the fog rows (`sc_fog`) and of the
property tests that compare the sweep of `battlemap.geometry.vision` with it: every pair
(interval between two rays, segment spanning it) ranked, so its work grows as walls ×
intervals (a wall far behind many short ones is one pair per interval it spans); crossings
in view added as rays and the whole sweep run again; the walls swept twice, the SEED
nearest, then all that meet what those leave seen. Exact, and the same views."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

from battlemap.geometry.vision._sweep import (
    CROSS_TOL,
    MAX_ROUNDS,
    framed,
    live_segments,
    noded,
    point_segment_distance,
    rays,
    ring_of,
    ring_polygon,
)
from battlemap.geometry.vision.visible import seen_box

SEED = 64


def sweep_ring(rel: np.ndarray, crossings: bool = True) -> tuple[np.ndarray, bool] | None:
    """The ring (n, 2) bounding what the origin sees among the segments `rel` ((m, 4), every
    one live, the last four a frame around the others and the origin), in turn order, and
    whether two of its rays are so close in angle that rounding might make it cross itself
    (then the caller asks GEOS); None when crossings kept appearing after MAX_ROUNDS sweeps,
    or the same ones again. `crossings=False`: the segments are known not to cross."""
    extra = np.empty((0, 2))
    for _ in range(MAX_ROUNDS):
        ring, tight, found = _sweep_once(rel, extra, crossings)
        if ring is not None:
            return ring, tight
        more = np.unique(np.concatenate([extra, found]), axis=0)
        if len(more) == len(extra):
            return None  # no new crossing: rounding keeps them apart, the caller nodes
        extra = more
    return None


def _sweep_once(rel: np.ndarray, extra: np.ndarray, crossings: bool = True
                ) -> tuple[np.ndarray | None, bool, np.ndarray]:
    """One sweep with the extra rays `extra` (points (k, 2)): (ring, tight, -) when no
    crossing was found (or looked for), else (None, -, the crossings to add as rays)."""
    m = len(rel)
    pts = np.concatenate([rel.reshape(-1, 2), extra])
    event, dirs, _, tight = rays(pts)
    k = len(dirs)
    ea, eb = event[0:2 * m:2], event[1:2 * m:2]
    a, b = rel[:, :2], rel[:, 2:]
    ccw = (a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]) > 0  # b after a, less than half a turn on
    start = np.where(ccw, ea, eb)
    count = (np.where(ccw, eb, ea) - start) % k
    # Every (interval, segment spanning it) pair: interval start + rank, round the turn.
    seg = np.repeat(np.arange(m), count)
    first = np.repeat(count.cumsum() - count, count)
    iv = (np.repeat(start, count) + (np.arange(len(seg)) - first)) % k
    d = (b - a).take(seg, axis=0)
    num = (a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]).take(seg)  # cross(a, b - a) = cross(a, b)
    unit = dirs / np.hypot(dirs[:, 0], dirs[:, 1])[:, None]
    nxt = np.arange(1, k + 1)
    nxt[-1] = 0
    mid = unit + unit.take(nxt, axis=0)

    def reach(v: np.ndarray) -> np.ndarray:
        """Distance along each pair's ray v (in units of |v|) to its segment's line."""
        den = v[:, 0] * d[:, 1] - v[:, 1] * d[:, 0]
        t = np.divide(num, den, out=np.full(len(num), np.inf), where=den != 0)
        t[t <= 0] = np.inf
        return t

    t_mid = reach(mid.take(iv, axis=0))
    nearest = np.full(k, np.inf)
    np.minimum.at(nearest, iv, t_mid)
    if not np.isfinite(nearest).all():
        raise ValueError("an interval with no segment: the frame must close every direction")
    at_min = np.flatnonzero(t_mid == nearest.take(iv))
    win_pair = np.empty(k, dtype=np.intp)
    win_pair[iv.take(at_min)] = at_min  # of equally near ones (overlapping walls), any
    win = seg.take(win_pair)
    v_lo, v_hi = dirs.take(iv, axis=0), dirs.take(nxt.take(iv), axis=0)
    t_lo, t_hi = reach(v_lo), reach(v_hi)
    if crossings:
        w_lo, w_hi = t_lo.take(win_pair).take(iv), t_hi.take(win_pair).take(iv)
        beat = (t_lo < w_lo * (1 - CROSS_TOL)) | (t_hi < w_hi * (1 - CROSS_TOL))
        if beat.any():
            rows = np.flatnonzero(beat)
            return None, tight, _crossings(rel, win.take(iv.take(rows)), seg.take(rows))
    ring = ring_of(rel, dirs, win, dirs * t_lo.take(win_pair)[:, None],
                   dirs.take(nxt, axis=0) * t_hi.take(win_pair)[:, None], ea, eb)
    # Rays close in angle, or rays through crossings: GEOS has the last word.
    return ring, tight or len(extra) > 0, extra


def _crossings(rel: np.ndarray, s: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Points where the lines of segments s[i] and c[i] meet (they cross in view)."""
    a, b = rel.take(s, axis=0)[:, :2], rel.take(s, axis=0)[:, 2:]
    p, q = rel.take(c, axis=0)[:, :2], rel.take(c, axis=0)[:, 2:]
    r, e = b - a, q - p
    den = r[:, 0] * e[:, 1] - r[:, 1] * e[:, 0]
    ok = den != 0
    w = p - a
    t = (w[ok, 0] * e[ok, 1] - w[ok, 1] * e[ok, 0]) / den[ok]
    return np.unique(a[ok] + t[:, None] * r[ok], axis=0)


def visibility_polygon(p: np.ndarray, segs: np.ndarray, box: tuple[float, float, float, float]
                       ) -> object | None:
    """What point p sees of the box `box` among the segments `segs` (absolute, (m, 4)), as a
    polygon; None when crossings kept appearing (the caller falls back). With p well inside
    the box, its sides are the frame and the segments are cut to it: the polygon is the box
    already. Otherwise a frame around everything, then an intersection with the box."""
    rel, inside = framed(p, segs, box)
    try:
        swept = sweep_ring(rel)
        if swept is None:  # many crossings in view: cut every segment where it crosses
            swept = sweep_ring(noded(rel), crossings=False)
    except ValueError:  # a direction with no segment: never seen, the fallback answers
        return None
    if swept is None:
        return None
    return ring_polygon(*swept, p, box, inside)


def pairs_seen_from(geo: Any, p: np.ndarray, grid: object) -> object | None:
    """What one viewpoint sees of the grid box `grid`: the grid minus the walls' shadows,
    as the visibility polygon of an angular sweep (`vision._sweep`) clipped to the grid.

    Only walls that reach what is seen can hide anything (a wall inside the shadows casts
    its shadow inside them too), so the sweep runs twice: over the SEED walls nearest the
    eye, then over those and every wall that meets what they leave seen. The second view is
    inside the first, so no other wall meets it: that is every wall's view. The walls are
    the merged runs (`walls.runs`): a room side drawn in ten pieces is one segment."""
    runs = geo.walls.runs("sight")
    coords, tree = runs.coords, runs.tree
    if len(coords) == 0:
        return grid
    clip, whole = seen_box(grid, p)
    rel = coords - np.concatenate([p, p])
    live = live_segments(rel)
    ids = np.flatnonzero(live)
    if len(ids) > SEED:
        near = ids[np.argpartition(point_segment_distance(rel[ids]), SEED)[:SEED]]
        first = visibility_polygon(p, coords[near], clip)
        if first is None:
            return None
        met = tree.query(first, predicate="intersects")
        pick = np.zeros(len(coords), dtype=bool)
        pick[near] = True
        pick[met] = True
        ids = np.flatnonzero(pick & live)
    view = visibility_polygon(p, coords[ids], clip)
    if view is None:
        return None
    return view if whole else shapely.intersection(view, grid)
