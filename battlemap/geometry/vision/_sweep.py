"""What one point sees among wall segments: the visibility polygon by an angular sweep over
the segment ends, in numpy (fog of war, `vision.visible`).

Seen from the point, the ends of the segments cut the turn into angular intervals; inside
one, no end lies, so the segments spanning it keep their order by distance unless two of
them cross there. The nearest along the interval's middle ray bounds the view over the whole
interval: the polygon is that segment's piece between the interval's two rays, interval after
interval. A spanning segment nearer than the winner at one of the interval's rays crosses
it inside the interval: both are cut at their crossing and the sweep runs again (the pieces
only meet there). Which segments span which intervals is read from the ranks of their ends
in the sorted angles (one range per segment), not from angle tests, so an interval's winner
is always a segment that spans it. When segments span few intervals each, every pair
(interval, segment spanning it) is ranked; else a segment tree over the intervals ranks them
in O(m log k) (`_nearest_by_tree`), so a long wall far behind many short ones costs a few
tree nodes, not one pair per interval it spans. The sweep also hands back the view's
envelope (`Envelope`): which segment bounds it in each direction, so the caller can tell
which other walls reach into the view without asking GEOS.

A frame of four segments closes every direction: the sides of the box asked about (the grid)
when the point stands well inside it, the segments cut to the box, so the polygon needs no
clipping; else a box around everything, then an intersection. Segments seen edge-on (the
point on their line) hide nothing, as in the shadow union. The ring is simple by
construction (it turns one way round the point); GEOS checks it only where two rays are
closer in angle than rounding can be trusted with, or where crossings were cut."""

from __future__ import annotations

import numpy as np
import shapely

EDGE_ON = 1e-12  # |cross product| below this: the point is on the wall's line, no shadow
ANGLE_EPS = 1e-12  # ends closer than this in angle are one ray (narrower slivers vanish)
CROSS_TOL = 1e-9  # relative: a segment this much nearer than the winner at a ray crosses it
MAX_ROUNDS = 12  # sweeps with crossings cut; past it the caller falls back
# Past this many (segment, interval) pairs to compare, `Envelope.meets` first drops the
# segments beyond the view's reach over their span.
MANY_PAIRS = 4096
REACH_TOL = 1e-6  # relative: a segment this little beyond the view's reach is still compared
CUT_EPS = 1e-9  # a crossing this near a segment's end (of its length) is its end: no cut
TIGHT = 1e-10  # rays this close in angle (but apart): the ring is checked by GEOS
SAME_POINT = 1e-12  # relative to the ring's size: nearer ring points are one
INSIDE = 1e-6  # the point this far inside the box: the box's sides are the frame
# Up to this many (interval, segment spanning it) pairs per segment, or this many in all,
# the sweep ranks every pair; past it, a segment tree (fewer steps, more numpy calls each).
PAIRS_PER_SEGMENT = 8
FEW_PAIRS = 20_000


def live_segments(rel: np.ndarray) -> np.ndarray:
    """Mask of the segments (relative to the point, (m, 4)) that hide something from it."""
    cross = rel[:, 0] * rel[:, 3] - rel[:, 1] * rel[:, 2]
    return np.asarray(np.abs(cross) > EDGE_ON)


def point_segment_distance(rel: np.ndarray) -> np.ndarray:
    """Distance from the origin to each segment (relative coordinates, (m, 4))."""
    a, d = rel[:, :2], rel[:, 2:] - rel[:, :2]
    dd = np.einsum("ij,ij->i", d, d)
    t = np.clip(np.divide(-np.einsum("ij,ij->i", a, d), dd, out=np.zeros_like(dd),
                          where=dd > 0), 0.0, 1.0)
    c = a + t[:, None] * d
    return np.asarray(np.hypot(c[:, 0], c[:, 1]))


def frame_segments(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The four sides of the box [lo, hi] (relative coordinates) as segments (4, 4)."""
    (x0, y0), (x1, y1) = lo, hi
    return np.array([(x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)])


def sweep_ring(rel: np.ndarray, crossings: bool = True) -> tuple[np.ndarray, bool] | None:
    """The ring (n, 2) bounding what the origin sees among the segments `rel` ((m, 4), every
    one live, the last four a frame around the others and the origin), in turn order, and
    whether two of its rays are so close in angle that rounding might make it cross itself
    (then the caller asks GEOS); None when crossings kept appearing after MAX_ROUNDS sweeps,
    or the same ones again. `crossings=False`: the segments are known not to cross."""
    swept = _sweep(rel, crossings)
    return None if swept is None else swept[:2]


def _sweep(rel: np.ndarray, crossings: bool = True
           ) -> tuple[np.ndarray, bool, Envelope] | None:
    """`sweep_ring`, with the envelope of the view (what bounds it in each direction). Where
    two segments are found crossing in view, both are cut at their crossing and the sweep
    runs again: the pieces only meet there, so a crossing is never found twice."""
    cut = False
    for _ in range(MAX_ROUNDS):
        ring, tight, found, envelope = _sweep_once(rel, crossings)
        if ring is not None and envelope is not None:
            return ring, tight or cut, envelope
        pieces = _cut_where_crossing(rel, found)
        if pieces is None:
            return None  # rounding keeps them apart: the caller nodes
        rel, cut = pieces, True
    return None


def _cut_where_crossing(rel: np.ndarray, pairs: np.ndarray) -> np.ndarray | None:
    """The segments `rel` with those of each pair (s, c) cut where they cross, the pieces of
    a segment in order along it; None when no pair crosses inside both (rounding)."""
    pairs = np.unique(np.sort(pairs, axis=1), axis=0)
    s, c = pairs[:, 0], pairs[:, 1]
    a, r = rel.take(s, axis=0)[:, :2], rel.take(s, axis=0)[:, 2:] - rel.take(s, axis=0)[:, :2]
    q, e = rel.take(c, axis=0)[:, :2], rel.take(c, axis=0)[:, 2:] - rel.take(c, axis=0)[:, :2]
    den = _cross(r, e)
    ok = np.abs(den) > EDGE_ON
    w = q - a
    safe = np.where(ok, den, 1.0)
    ts, tc = _cross(w, e) / safe, _cross(w, r) / safe
    at = a + ts[:, None] * r
    inner = ok & (ts > CUT_EPS) & (ts < 1 - CUT_EPS) & (tc > CUT_EPS) & (tc < 1 - CUT_EPS)
    if not inner.any():
        return None
    seg = np.concatenate([s[inner], c[inner]])
    t = np.concatenate([ts[inner], tc[inner]])
    x = np.concatenate([at[inner], at[inner]])
    walls = seg < len(rel) - 4  # the frame (last four) crosses nothing: it stays whole, last
    seg, t, x = seg[walls], t[walls], x[walls]
    order = np.lexsort((t, seg))
    seg, x = seg.take(order), x.take(order, axis=0)
    cut, first, count = np.unique(seg, return_index=True, return_counts=True)
    group = np.repeat(np.arange(len(cut)), count)
    pts = np.empty((len(seg) + 2 * len(cut), 2))
    starts = first + 2 * np.arange(len(cut))
    stops = starts + count + 1
    pts[starts] = rel.take(cut, axis=0)[:, :2]
    pts[np.arange(len(seg)) + 2 * group + 1] = x
    pts[stops] = rel.take(cut, axis=0)[:, 2:]
    inside = np.ones(len(pts) - 1, dtype=bool)
    inside[stops[:-1]] = False  # a segment's end to the next one's start is no piece
    pieces = np.concatenate([pts[:-1], pts[1:]], axis=1)[inside]
    keep = np.ones(len(rel), dtype=bool)
    keep[cut] = False
    pieces = pieces[live_segments(pieces)]
    keep[-4:] = False
    return np.concatenate([rel[keep], pieces, rel[-4:]])


class Envelope:
    """What bounds a view in each direction (relative to the eye): the sweep's rays in turn
    order (`angles`, `dirs` a point on each) and the segment nearest over each interval
    between a ray and the next (`win`, among the swept segments `rel`, the last four a
    frame). It tells which other segments reach into the view without building or asking a
    polygon."""

    def __init__(self, angles: np.ndarray, dirs: np.ndarray, win: np.ndarray,
                 rel: np.ndarray) -> None:
        self.angles, self.dirs = angles, dirs
        self.walls = rel[:-4]  # the segments swept but the frame, cut where they cross
        self.d = (rel[:, 2:] - rel[:, :2]).take(win, axis=0)  # the winners' directions
        self.num = _cross(rel[:, :2], rel[:, 2:]).take(win)
        self._reach: list[np.ndarray] | None = None

    def _reach_over(self, at: np.ndarray, count: np.ndarray) -> np.ndarray:
        """How far the view reaches at most over `count` intervals from `at` (round the
        turn), per range: the maximum of each interval's reach (`_reach_table`)."""
        if self._reach is None:
            self._reach = _reach_table(self.dirs, self.d, self.num)
        n = np.maximum(count, 1)
        level = np.log2(n).astype(np.intp)  # the widest power of two within each range
        out = np.empty(len(at))
        for j in np.unique(level).tolist():
            sel = np.flatnonzero(level == j)
            row, lo = self._reach[j], at.take(sel)
            out[sel] = np.maximum(row.take(lo), row.take(lo + n.take(sel) - (1 << j)))
        return out

    def meets(self, rel: np.ndarray) -> np.ndarray:
        """Which of the segments `rel` ((n, 4), relative) come nearer the eye than the
        envelope somewhere (or as near, up to rounding: touching counts): those that may hide
        part of the view. Each is compared, over each interval it spans, with that
        interval's winner at the two ends of their common range (the segment's own end or
        the interval's ray): their difference changes sign at most once in between."""
        k = len(self.angles)
        a, b = rel[:, :2], rel[:, 2:]
        num = _cross(a, b)
        live = np.abs(num) > EDGE_ON
        ccw = num > 0
        first = np.where(ccw[:, None], a, b)
        last = np.where(ccw[:, None], b, a)
        at = (np.searchsorted(self.angles, np.arctan2(first[:, 1], first[:, 0]), "right")
              - 1) % k
        to = (np.searchsorted(self.angles, np.arctan2(last[:, 1], last[:, 0]), "right")
              - 1) % k
        count = np.where(live, (to - at) % k + 1, 0)
        if count.sum() > MANY_PAIRS:
            # A segment farther from the eye than the view reaches anywhere over its span
            # cannot come nearer: dropped before comparing it interval by interval (a spiky
            # view asks about a thousand walls each spanning hundreds of intervals).
            far = point_segment_distance(rel) > self._reach_over(at, count) * (1 + REACH_TOL)
            count[far] = 0
        seg = np.repeat(np.arange(len(rel)), count)
        offset = np.arange(len(seg)) - np.repeat(count.cumsum() - count, count)
        iv = (at.take(seg) + offset) % k
        lo = np.where((offset == 0)[:, None], first.take(seg, axis=0),
                      self.dirs.take(iv, axis=0))
        hi = np.where((offset == count.take(seg) - 1)[:, None], last.take(seg, axis=0),
                      self.dirs.take((iv + 1) % k, axis=0))
        d, own = b - a, num
        near = np.zeros(len(seg), dtype=bool)
        for v in (lo, hi):
            mine = _cross(v, d.take(seg, axis=0)) / own.take(seg)
            theirs = _cross(v, self.d.take(iv, axis=0)) / self.num.take(iv)
            near |= mine >= theirs * (1 - CROSS_TOL)
        out = np.zeros(len(rel), dtype=bool)
        out[seg[near]] = True
        return out


def _reach_table(dirs: np.ndarray, d: np.ndarray, num: np.ndarray) -> list[np.ndarray]:
    """How far the view reaches over each interval (the farther of its winner's points on
    the interval's two rays: a line's distance along the rays between is no larger), over
    the turn twice (a range may wrap round), and a sparse table of its maxima: row j holds
    the maximum over 2**j intervals from each."""
    k = len(dirs)
    nxt = (np.arange(k) + 1) % k
    reach = np.zeros(k)
    for ends in (dirs, dirs.take(nxt, axis=0)):
        c = _cross(ends, d) / num
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(c > 0, np.hypot(ends[:, 0], ends[:, 1]) / c, np.inf)
        np.maximum(reach, r, out=reach)
    rows = [np.concatenate([reach, reach])]
    width = 1
    while 2 * width <= k:
        prev = rows[-1]
        rows.append(np.maximum(prev[:-width], prev[width:]))
        width *= 2
    return rows


def _sweep_once(rel: np.ndarray, crossings: bool = True
                ) -> tuple[np.ndarray | None, bool, np.ndarray, Envelope | None]:
    """One sweep: (ring, tight, -, envelope) when no crossing was found (or looked for),
    else (None, -, the pairs of segments found crossing (n, 2), -)."""
    m = len(rel)
    pts = rel.reshape(-1, 2)
    event, dirs, angles, tight = rays(pts)
    k = len(dirs)
    ea, eb = event[0:2 * m:2], event[1:2 * m:2]
    a, b = rel[:, :2], rel[:, 2:]
    num = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]  # cross(a, b - a) = cross(a, b)
    ccw = num > 0  # b after a, less than half a turn on
    start = np.where(ccw, ea, eb)
    count = (np.where(ccw, eb, ea) - start) % k
    unit = dirs / np.hypot(dirs[:, 0], dirs[:, 1])[:, None]
    nxt = np.arange(1, k + 1)
    nxt[-1] = 0
    mid = unit + unit.take(nxt, axis=0)  # a ray inside each interval
    d = b - a
    closeness = _Closeness(dirs, mid, d, num, rel)
    win, found = _nearest_per_interval(start, count, k, closeness, crossings)
    if len(found):
        return None, tight, found, None
    t_lo = num.take(win) / _cross(dirs, d.take(win, axis=0))
    t_hi = num.take(win) / _cross(dirs.take(nxt, axis=0), d.take(win, axis=0))
    ring = ring_of(rel, dirs, win, dirs * t_lo[:, None], dirs.take(nxt, axis=0) * t_hi[:, None],
                   ea, eb)
    # Rays close in angle: GEOS has the last word.
    return ring, tight, found, Envelope(angles, dirs, win, rel)


def ring_of(rel: np.ndarray, dirs: np.ndarray, win: np.ndarray, pa: np.ndarray,
            pb: np.ndarray, ea: np.ndarray, eb: np.ndarray) -> np.ndarray:
    """The ring bounding the view: each interval's winner `win` between its two rays, from
    `pa` (on the interval's first ray) to `pb` (on the next); where one winner goes on over
    the next interval, the point between is on a straight side and is left out. `ea`, `eb`:
    the rays of each segment's ends."""
    k = len(dirs)
    nxt = np.arange(1, k + 1)
    nxt[-1] = 0
    # A winner's own end on the ray is that end, exactly: a line met at a grazing angle (a
    # wall seen almost end-on) would put it off by rounding and the ring could cross itself.
    ends = rel.take(win, axis=0)
    for col, at in ((0, ea.take(win)), (2, eb.take(win))):
        here = at == np.arange(k)
        pa[here] = ends[here, col:col + 2]
        there = at == nxt
        pb[there] = ends[there, col:col + 2]
    same_next = win == win.take(nxt)
    keep = np.column_stack([~same_next.take(nxt - 2), ~same_next]).ravel()  # nxt - 2: previous
    ring = np.stack([pa, pb], axis=1).reshape(-1, 2)
    if keep.sum() >= 3:
        ring = ring[keep]
    # Two winners meeting on a ray (at a joint, or where they cross) give the same point up
    # to rounding: one is kept, or the ring would fold back on itself along a hair.
    step = ring - ring.take(np.arange(-1, len(ring) - 1), axis=0)
    apart = np.hypot(step[:, 0], step[:, 1]) > SAME_POINT * (1.0 + np.abs(ring).max())
    if apart.sum() >= 3:
        ring = ring[apart]
    return np.asarray(ring)


def rays(pts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """The sweep's rays through the points `pts` (relative to the eye, (n, 2)): each point's
    ray (index in turn order), one point on each ray and its angle, and whether two rays are
    so close in angle (but apart) that rounding might make the ring cross itself. Points
    closer than ANGLE_EPS in angle share a ray, the last ray merged into the first across
    the turn's seam."""
    ang = np.arctan2(pts[:, 1], pts[:, 0])
    order = ang.argsort(kind="stable")
    sa = ang.take(order)
    new = np.empty(len(sa), dtype=bool)
    new[0] = True
    gaps = np.diff(sa)
    np.greater(gaps, ANGLE_EPS, out=new[1:])
    tight = bool(((gaps > 0) & (gaps <= TIGHT)).any())
    group = new.cumsum() - 1
    k = int(group[-1]) + 1
    if k > 1 and sa[0] + 2 * np.pi - sa[-1] <= ANGLE_EPS:  # the last ray is the first one
        group[group == k - 1] = 0
        k -= 1
        new[np.flatnonzero(new)[-1]] = False
    event = np.empty(len(pts), dtype=np.intp)
    event[order] = group
    return event, pts.take(order[new], axis=0), sa[new], tight


def _cross(v: np.ndarray, d: np.ndarray) -> np.ndarray:
    return np.asarray(v[:, 0] * d[:, 1] - v[:, 1] * d[:, 0])


class _Closeness:
    """How near segments come along rays, as 1 / distance (in units of the ray's point):
    cross(v, d) / cross(a, b) for the ray through v and the segment a→b (d = b − a), positive
    where the segment spans the ray, larger for a nearer segment. Between two segments both
    spanning less than half a turn, the difference is a sinusoid of the ray's angle, so it
    changes sign at most once over a range narrower than half a turn: comparing them at the
    range's two rays tells whether they cross inside it."""

    def __init__(self, dirs: np.ndarray, mid: np.ndarray, d: np.ndarray, num: np.ndarray,
                 rel: np.ndarray) -> None:
        self.dirs, self.mid, self.d, self.num, self.rel = dirs, mid, d, num, rel

    def far(self, win: np.ndarray) -> np.ndarray:
        """How far the view reaches over each interval (true distance, at its two rays) when
        `win` is the nearest segment over each."""
        k = len(win)
        nxt = (np.arange(k) + 1) % k
        lo = np.hypot(self.dirs[:, 0], self.dirs[:, 1]) / self.at(self.dirs, np.arange(k), win)
        hi = np.hypot(self.dirs[nxt, 0], self.dirs[nxt, 1]) / self.at(self.dirs, nxt, win)
        return np.asarray(np.maximum(lo, hi))

    def at(self, rays: np.ndarray, ray: np.ndarray, seg: np.ndarray) -> np.ndarray:
        """Closeness of segment seg[i] along the ray rays[ray[i]]."""
        v, d = rays.take(ray, axis=0), self.d.take(seg, axis=0)
        return np.asarray((v[:, 0] * d[:, 1] - v[:, 1] * d[:, 0]) / self.num.take(seg))


def _nearest_per_interval(start: np.ndarray, count: np.ndarray, k: int, near: _Closeness,
                          crossings: bool) -> tuple[np.ndarray, np.ndarray]:
    """The nearest segment over each of the k intervals (segment i spans `count[i]` of them
    from `start[i]`, round the turn), and the pairs (s, c) of segments found crossing where
    it matters ((0, 2) when none, or when `crossings` is False): pair by pair when the pairs
    (interval, segment spanning it) are few, else down a segment tree."""
    pairs = int(count.sum())
    if pairs <= PAIRS_PER_SEGMENT * len(count) or pairs <= FEW_PAIRS:
        return _nearest_by_pairs(start, count, k, near, crossings)
    return _nearest_by_tree(start, count, k, near, crossings)


def _nearest_by_pairs(start: np.ndarray, count: np.ndarray, k: int, near: _Closeness,
                      crossings: bool) -> tuple[np.ndarray, np.ndarray]:
    """`_nearest_per_interval` over every pair (interval, segment spanning it): the pair's
    closeness inside the interval picks the nearest, a pair nearer than the pick at one of
    the interval's rays crosses it there. Cheapest when segments span few intervals each."""
    m = len(count)
    seg = np.repeat(np.arange(m), count)
    first = np.repeat(count.cumsum() - count, count)
    iv = (np.repeat(start, count) + (np.arange(len(seg)) - first)) % k
    inside = near.at(near.mid, iv, seg)
    best = np.full(k, -np.inf)
    np.maximum.at(best, iv, inside)
    if not (best > 0).all():
        raise ValueError("an interval with no segment: the frame must close every direction")
    top = np.flatnonzero(inside == best.take(iv))
    win = np.empty(k, dtype=np.intp)
    win[iv.take(top)] = seg.take(top)  # of equally near ones (overlapping walls), any
    found = []
    if crossings:
        champ = win.take(iv)
        for ray in (iv, (iv + 1) % k):
            beat = near.at(near.dirs, ray, seg) > near.at(near.dirs, ray, champ) * (1 + CROSS_TOL)
            if beat.any():
                found.append(np.column_stack([champ[beat], seg[beat]]))
    return win, np.concatenate(found) if found else np.empty((0, 2), dtype=np.intp)


def _nearest_by_tree(start: np.ndarray, count: np.ndarray, k: int, near: _Closeness,
                     crossings: bool) -> tuple[np.ndarray, np.ndarray]:
    """`_nearest_per_interval` down a segment tree whose leaves are the intervals.

    Each segment's range is cut into the O(log k) nodes that tile it; each node picks the
    nearest of its segments (at a ray inside it) and hands down to its children the nearer
    of its pick and what its parent handed it. Segments that all span a node and do not
    cross keep one order over it, so one comparison inside a node ranks them over all of
    it. A crossing shows as a segment nearer than the node's pick at one of the node's two
    rays; it matters only where what the ancestors hand down does not hide both. The work
    is O(m log k), not segments × intervals spanned: a wall far behind many short ones
    costs a few nodes, not one pair per interval it spans."""
    size = 1 << max(0, (k - 1).bit_length())  # leaves
    node, pseg, plev = _tile(start, count, k, size)
    first = (node << plev) - size  # first interval of each node
    width = 1 << plev
    inside = near.at(near.mid, first + width // 2, pseg)
    best = np.full(2 * size, -np.inf)
    np.maximum.at(best, node, inside)
    pick = np.full(2 * size, -1, dtype=np.intp)
    top = inside == best.take(node)
    pick[node[top]] = pseg[top]  # of equally near ones (overlapping walls), any
    found: list[np.ndarray] = []
    # Down the tree, level by level: the nearer of a node's own pick and its parent's.
    down = pick.copy()
    levels = size.bit_length()
    for depth in range(1, levels):
        v = np.arange(1 << depth, 1 << (depth + 1))
        up, own = down.take(v >> 1), pick.take(v)
        down[v] = np.where(own >= 0, own, up)
        both = np.flatnonzero((up >= 0) & (own >= 0))
        if not len(both):
            continue
        vb, ub, ob = v[both], up[both], own[both]
        span = size >> depth
        first_b = (vb << (levels - 1 - depth)) - size
        in_ray = first_b + span // 2
        nearer_up = near.at(near.mid, in_ray, ub) > near.at(near.mid, in_ray, ob)
        down[vb[nearer_up]] = ub[nearer_up]
        if crossings:
            for ray in (first_b, (first_b + span) % k):
                cu, co = near.at(near.dirs, ray, ub), near.at(near.dirs, ray, ob)
                beat = np.where(nearer_up, co > cu * (1 + CROSS_TOL), cu > co * (1 + CROSS_TOL))
                if beat.any():
                    loser = np.where(nearer_up, ob, ub)[beat]
                    found.append(np.column_stack([vb[beat], loser, ub[beat], ob[beat]]))
    if crossings:
        found += _crossing_in_nodes(node, pseg, first, (first + width) % k, pick, down, near)
    win = down[size:size + k]
    if (win < 0).any():
        raise ValueError("an interval with no segment: the frame must close every direction")
    if not found:
        return win, np.empty((0, 2), dtype=np.intp)
    return win, _crossings_in_view(np.concatenate(found), win, size, near)


def _crossings_in_view(found: np.ndarray, win: np.ndarray, size: int, near: _Closeness
                       ) -> np.ndarray:
    """The crossing pairs of `found` (rows: node, the segment nearer than the node's pick over
    part of it, the pair) that can change the view: not those whose nearer segment lies
    wholly farther than the view reaches anywhere in the node. Such a segment is behind
    every interval's winner over the node, so the pick it beats wins no interval where it
    is beaten, and the winners are right as they are."""
    far = np.full(2 * size, -np.inf)
    far[size:size + len(win)] = near.far(win)
    for depth in range(size.bit_length() - 2, -1, -1):  # up the tree: the farthest below
        v = np.arange(1 << depth, 1 << (depth + 1))
        far[v] = np.maximum(far.take(2 * v), far.take(2 * v + 1))
    loser = found[:, 1]
    gap = point_segment_distance(near.rel.take(loser, axis=0))
    keep = gap <= far.take(found[:, 0]) * (1 + CROSS_TOL)
    return found[keep][:, 2:]


def _tile(start: np.ndarray, count: np.ndarray, k: int, size: int
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The nodes of a segment tree over `size` leaves (node 1 the root, leaf i node size + i)
    that tile each segment's range of intervals, a range round the turn cut in two: (node,
    segment, level above the leaves) per piece, the bottom-up walk of a range query run
    for every range at once."""
    end = start + count
    wrap = end > k
    some = count > 0
    seg = np.concatenate([np.flatnonzero(some), np.flatnonzero(wrap)])
    lo = np.concatenate([start[some], np.zeros(int(wrap.sum()), np.intp)]) + size
    hi = np.concatenate([np.minimum(end, k)[some], (end - k)[wrap]]) + size
    nodes, segs, levels = [], [], []
    level = 0
    while len(lo):
        left = (lo & 1).astype(bool)
        nodes.append(lo[left])
        segs.append(seg[left])
        levels.append(np.full(len(nodes[-1]), level))
        lo = lo + left
        right = (hi & 1).astype(bool) & (lo < hi)
        hi = hi - right
        nodes.append(hi[right])
        segs.append(seg[right])
        levels.append(np.full(len(nodes[-1]), level))
        lo, hi = lo >> 1, hi >> 1
        going = lo < hi
        lo, hi, seg = lo[going], hi[going], seg[going]
        level += 1
    return np.concatenate(nodes), np.concatenate(segs), np.concatenate(levels)


def _crossing_in_nodes(node: np.ndarray, seg: np.ndarray, ray_a: np.ndarray,
                       ray_b: np.ndarray, pick: np.ndarray, down: np.ndarray,
                       near: _Closeness) -> list[np.ndarray]:
    """The pairs (pick, segment) of one node that cross inside it (the segment nearer than
    the node's pick at one of its rays `ray_a`, `ray_b`), but for those the ancestors' nearest
    hides at both rays: both are behind it over the whole node, whatever order they take."""
    champ = pick.take(node)
    beat = np.zeros(len(node), dtype=bool)
    for ray in (ray_a, ray_b):
        beat |= near.at(near.dirs, ray, seg) > near.at(near.dirs, ray, champ) * (1 + CROSS_TOL)
    rows = np.flatnonzero(beat)
    if not len(rows):
        return []
    above = down.take(node.take(rows) >> 1)
    hidden = above >= 0
    for ray in (ray_a.take(rows), ray_b.take(rows)):
        cover = near.at(near.dirs, ray, np.maximum(above, 0)) * (1 - CROSS_TOL)
        hidden &= (cover > near.at(near.dirs, ray, seg.take(rows))) & (
            cover > near.at(near.dirs, ray, champ.take(rows)))
    rows = rows[~hidden]
    if not len(rows):
        return []
    return [np.column_stack([node.take(rows), seg.take(rows), champ.take(rows), seg.take(rows)])]


def noded(rel: np.ndarray) -> np.ndarray:
    """The segments `rel` ((m, 4)) cut wherever two cross (GEOS noding; ~70 ms for 20,000),
    the live pieces, the frame (last four) kept last: they cross nothing."""
    parts = shapely.get_parts(shapely.node(shapely.multilinestrings(
        shapely.linestrings(rel[:-4].reshape(-1, 2, 2)))))
    xy, owner = shapely.get_coordinates(parts, return_index=True)
    same = owner[1:] == owner[:-1]  # consecutive points of one piece: a segment
    segs = np.concatenate([xy[:-1][same], xy[1:][same]], axis=1)
    return np.concatenate([segs[live_segments(segs)], rel[-4:]])


def clip_to_box(rel: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The parts of the segments `rel` ((m, 4)) inside the box [lo, hi] (Liang–Barsky),
    those left with no length dropped."""
    x, y = rel[:, 0::2], rel[:, 1::2]
    within = ((x >= lo[0]) & (x <= hi[0]) & (y >= lo[1]) & (y <= hi[1])).all(axis=1)
    if within.all():
        return rel
    cut = rel[~within]
    a, d = cut[:, :2], cut[:, 2:] - cut[:, :2]
    t0, t1 = np.zeros(len(cut)), np.ones(len(cut))
    for ax in (0, 1):
        da, dd = a[:, ax], d[:, ax]
        flat = dd == 0
        safe = np.where(flat, 1.0, dd)
        ta, tb = (lo[ax] - da) / safe, (hi[ax] - da) / safe
        inside = (da >= lo[ax]) & (da <= hi[ax])
        t0 = np.maximum(t0, np.where(flat, np.where(inside, 0.0, 2.0), np.minimum(ta, tb)))
        t1 = np.minimum(t1, np.where(flat, np.where(inside, 1.0, -1.0), np.maximum(ta, tb)))
    keep = t1 > t0
    out = np.concatenate([a + t0[:, None] * d, a + t1[:, None] * d], axis=1)
    return np.concatenate([rel[within], out[keep]])


def visibility_polygon(p: np.ndarray, segs: np.ndarray, box: tuple[float, float, float, float]
                       ) -> object | None:
    """What point p sees of the box `box` among the segments `segs` (absolute, (m, 4)), as a
    polygon; None when crossings kept appearing (the caller falls back)."""
    seen = visibility(p, segs, box)
    return None if seen is None else seen[0]


def visibility(p: np.ndarray, segs: np.ndarray, box: tuple[float, float, float, float]
               ) -> tuple[object, Envelope] | None:
    """`visibility_polygon` and the view's envelope (relative to p)."""
    swept = swept_view(p, segs, box)
    if swept is None:
        return None
    ring, tight, inside, envelope = swept
    return ring_polygon(ring, tight, p, box, inside), envelope


def swept_view(p: np.ndarray, segs: np.ndarray, box: tuple[float, float, float, float]
               ) -> tuple[np.ndarray, bool, bool, Envelope] | None:
    """`visibility` before the polygon is built: the ring (relative to p), whether GEOS must
    check it, whether p stands well inside the box (else the polygon is cut to it), and the
    envelope; None as `visibility`. A caller sweeping again with more walls builds the
    polygon of the last sweep only (`ring_polygon`)."""
    rel, inside = framed(p, segs, box)
    try:
        swept = _sweep(rel)
        if swept is None:  # many crossings in view: cut every segment where it crosses
            swept = _sweep(noded(rel), crossings=False)
    except ValueError:  # a direction with no segment: never seen, the fallback answers
        return None
    if swept is None:
        return None
    ring, tight, envelope = swept
    return ring, tight, inside, envelope


def framed(p: np.ndarray, segs: np.ndarray, box: tuple[float, float, float, float]
           ) -> tuple[np.ndarray, bool]:
    """The live segments `segs` (absolute) relative to p with a frame closing every direction
    last, and whether p stands well inside the box. Then the box's sides are the frame and
    the segments are cut to it: the view is inside the box already. Otherwise the frame is
    a box around everything, and the view is cut to the box afterwards (`ring_polygon`)."""
    lo = np.array(box[:2]) - p
    hi = np.array(box[2:]) - p
    rel = segs - np.concatenate([p, p])
    inside = bool((lo < -INSIDE).all() and (hi > INSIDE).all())
    if inside:
        rel = clip_to_box(rel, lo, hi)
        frame = frame_segments(lo, hi)
    else:
        big_lo, big_hi = np.minimum(lo, 0.0), np.maximum(hi, 0.0)
        if len(rel):
            big_lo = np.minimum(big_lo, np.minimum(rel[:, :2], rel[:, 2:]).min(axis=0))
            big_hi = np.maximum(big_hi, np.maximum(rel[:, :2], rel[:, 2:]).max(axis=0))
        pad = 1.0 + 0.1 * float((big_hi - big_lo).max())
        frame = frame_segments(big_lo - pad, big_hi + pad)
    return np.concatenate([rel[live_segments(rel)], frame]), inside


def ring_polygon(ring: np.ndarray, tight: bool, p: np.ndarray,
                 box: tuple[float, float, float, float], inside: bool) -> object:
    """The view as a polygon (absolute) from the sweep's ring around p, cut to the box when
    the frame was not the box (`framed`)."""
    poly = shapely.polygons(ring + p)
    # Rays far apart in angle and no crossing: the ring turns one way round p and is simple;
    # GEOS's check (~1.5 µs a vertex) only where rounding could make it touch itself.
    if tight and not shapely.is_valid(poly):
        poly = shapely.make_valid(poly)
    return poly if inside else shapely.intersection(poly, shapely.box(*box))
