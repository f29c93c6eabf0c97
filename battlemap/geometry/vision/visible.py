"""What a group of viewers can see of the map: the grid minus the shadows that sight-blocking
walls cast from each viewpoint, united over the viewpoints (fog of war for the players' window).

Only walls that block sight cast shadows: windows and open doors let sight through
(docs/architecture.md#sight-lines). Creatures never hide the map. Everything is in grid units; no Qt here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.vision._sweep import point_segment_distance, ring_polygon, swept_view
from battlemap.model import Token

EDGE_ON = 1e-12  # |cross product| below this: the viewer is on the wall's line, no shadow
BATCH = 16  # walls per round, nearest first: what they hide, farther walls need not cast
SEED = 64  # walls of the first sweep, nearest first; each next round adds twice as many
GROWTH = 4  # how many times more walls each round may add than the one before
NEAR = 2.0  # half the side of the first box around the eye whose walls the first sweep picks


def party_viewpoints(tokens: Iterable[Token], side: str = "party") -> list[tuple[float, float]]:
    """Centres of the tokens of one side that stand on the map for the players to see."""
    out = []
    for t in tokens:
        if t.side == side and not t.hidden:
            half = t.size.squares / 2
            out.append((t.col + half, t.row + half))
    return out


def shadow_polygons(p: np.ndarray, segs: np.ndarray, radius: float) -> np.ndarray:
    """One polygon per wall segment (x0, y0, x1, y1): the part of the disc of `radius` around
    `p` that the segment hides. Segments seen edge-on get None (they hide no area)."""
    a, b = segs[:, :2], segs[:, 2:]
    da, db = a - p, b - p
    cross = da[:, 0] * db[:, 1] - da[:, 1] * db[:, 0]
    keep = np.abs(cross) > EDGE_ON
    out = np.full(len(segs), None, dtype=object)
    if not keep.any():
        return out
    a, b, da, db = a[keep], b[keep], da[keep], db[keep]
    ua = da / np.hypot(da[:, 0], da[:, 1])[:, None]
    ub = db / np.hypot(db[:, 0], db[:, 1])[:, None]
    mid = ua + ub  # never zero: the viewer is not on the segment (cross != 0)
    um = mid / np.hypot(mid[:, 0], mid[:, 1])[:, None]
    # The far side is two chords (a→bisector→b), each spanning at most 90°, so their
    # nearest point to p is at least radius·cos 45°: beyond the grid when radius is big enough.
    ring = np.stack([a, b, p + ub * radius, p + um * radius, p + ua * radius], axis=1)
    out[keep] = shapely.polygons(ring)
    return out




def visible_region(geo: MapGeometry, viewpoints: Sequence[tuple[float, float]],
                   margin: float = 0.0) -> object:
    """The part of the grid [0, cols] × [0, rows] that at least one viewpoint sees (a shapely
    geometry in grid units; empty when there is no viewpoint). `margin` grows it (square
    corners kept) so that a map drawn with thick walls still shows the walls bounding the view.

    The exact region, for what needs it as one geometry (the benchmarks, the tests). The
    players' window does not ask for it: it paints each view of `seen_regions` and grows the
    picture by the margin itself (uniting five views of a big cave and buffering the union
    costs GEOS ~0.5–1 s, painting them a few milliseconds)."""
    seen = seen_regions(geo, viewpoints)
    if not seen:
        return shapely.Polygon()
    region = shapely.union_all(seen)
    if margin > 0:
        grid = shapely.box(0, 0, geo.cols, geo.rows)
        region = shapely.intersection(shapely.buffer(region, margin, join_style="mitre"), grid)
    return region


def seen_regions(geo: MapGeometry, viewpoints: Sequence[tuple[float, float]]) -> list[object]:
    """What each viewpoint sees of the grid [0, cols] × [0, rows] (one shapely geometry per
    viewpoint, in their order, not united): `visible_region` without the union and the margin.
    What each viewpoint sees is remembered per wall layout: when one of the party moves, the
    others' views are not worked out again (each costs ~1–2 ms on the 4,000-wall stress map, ~15
    ms in a cave of 20,000 points), and the same view comes back as the same object."""
    pts = np.asarray(viewpoints, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return []
    grid = shapely.box(0, 0, geo.cols, geo.rows)
    cache = geo.walls.seen_cache
    # Room for twice the party: a party bigger than the memo's bound would empty it on
    # every move and every view would be worked out again.
    limit = max(cache.limit, 2 * len(pts))
    seen = []
    for x, y in pts.tolist():
        key = _seen_key(geo, x, y)
        found = cache.get(key)
        if found is None:
            found = cache.keep(key, seen_from(geo, np.array([x, y]), grid), limit)
        seen.append(found)
    return seen


def known_regions(geo: MapGeometry,
                  viewpoints: Sequence[tuple[float, float]]) -> list[object | None]:
    """What each viewpoint sees, where it is remembered (`seen_regions`' memo), else None:
    nothing is worked out. The players' window shows these while the others are worked out
    away from the GUI thread (`missing_regions`)."""
    cache = geo.walls.seen_cache
    return [cache.get(_seen_key(geo, x, y)) for x, y in viewpoints]


def missing_regions(geo: MapGeometry, viewpoints: Sequence[tuple[float, float]]
                    ) -> dict[tuple[float, ...], object]:
    """The views of `seen_regions` that are not remembered, worked out, by memo key: written
    nowhere, so that another thread can run it while the GUI thread reads the memo
    (`keep_regions` stores them)."""
    cache = geo.walls.seen_cache
    grid = shapely.box(0, 0, geo.cols, geo.rows)
    out: dict[tuple[float, ...], object] = {}
    for x, y in viewpoints:
        key = _seen_key(geo, x, y)
        if key not in cache and key not in out:
            out[key] = seen_from(geo, np.array([x, y], dtype=float), grid)
    return out


def keep_regions(geo: MapGeometry, found: dict[tuple[float, ...], object], party: int) -> None:
    """Remember views `missing_regions` worked out, with room for them all and twice the
    party (a memo emptying itself halfway would lose the first ones)."""
    cache = geo.walls.seen_cache
    limit = max(cache.limit, 2 * party, len(found))
    if len(cache) + len(found) > limit:
        cache.clear()
    for key, view in found.items():
        if key not in cache:
            cache.keep(key, view, limit)


def _seen_key(geo: MapGeometry, x: float, y: float) -> tuple[float, ...]:
    return (float(x), float(y), geo.cols, geo.rows)


def seen_from(geo: MapGeometry, p: np.ndarray, grid: object) -> object:
    """What one viewpoint sees of the grid box `grid`: the grid minus the walls' shadows,
    as the visibility polygon of an angular sweep (`vision._sweep`) clipped to the grid.

    Only walls that reach what is seen can hide anything (a wall inside the shadows casts
    its shadow inside them too, and a sight line to a seen point lies in the seen region),
    so the sweep runs over a few walls near the eye first, then again with the walls that
    meet what those leave seen, nearest first and at most GROWTH times as many as the
    round before, until no other wall meets the view: that is every wall's view. A view leaking
    far through a doorway never sweeps the thousands of walls it meets at once, only the
    nearest of them, which close it. The walls are the merged runs (`walls.runs`): a room
    side drawn in ten pieces is one segment."""
    runs = geo.walls.runs("sight")
    coords, tree = runs.coords, runs.tree
    if len(coords) == 0:
        return grid
    clip, whole = seen_box(grid, p)
    used = np.zeros(len(coords), dtype=bool)
    settled = np.zeros(len(coords), dtype=bool)  # used, or out of a view already
    new, half = _walls_near(tree, p)
    budget = SEED
    x, y = p.tolist()
    shift = np.concatenate([p, p])
    swept = np.empty((0, 4))  # what the last sweep swept (cut where walls cross), absolute
    while True:
        if len(new) > budget:
            new = _nearest(coords, p, new, budget)
        used[new] = settled[new] = True
        seen = swept_view(p, np.concatenate([swept, coords.take(new, axis=0)]), clip)
        if seen is None:
            return _seen_by_shadows(geo, p, grid)
        ring, tight, inside, envelope = seen
        swept = envelope.walls + shift
        budget *= GROWTH
        # The walls that reach into the view, within a box around the eye grown until it
        # holds the view (a view leaking far through a doorway is closed by walls near the
        # eye first; the far ones are then asked about a narrow view). The views only shrink
        # from sweep to sweep: a wall out of one is out of the next for good.
        # The view's box: the ring's, within the frame's (the polygon is built once, last).
        (vx0, vy0), (vx1, vy1) = np.maximum(ring.min(axis=0) + p, clip[:2]).tolist(), \
            np.minimum(ring.max(axis=0) + p, clip[2:]).tolist()
        while True:
            near = tree.query(shapely.box(max(vx0, x - half), max(vy0, y - half),
                                          min(vx1, x + half), min(vy1, y + half)))
            near = near[~settled.take(near)]
            meets = envelope.meets(coords.take(near, axis=0) - shift)
            settled[near[~meets]] = True
            new = near[meets]
            if len(new) or half >= max(x - vx0, vx1 - x, y - vy0, vy1 - y):
                break
            half *= 2
        if not len(new):
            break
    view = ring_polygon(ring, tight, p, clip, inside)
    return view if whole else shapely.intersection(view, grid)


def seen_box(grid: object, p: np.ndarray) -> tuple[tuple[float, float, float, float], bool]:
    """The box the sweep frames: the grid's, grown to hold the eye (walls outside a convex
    box holding the eye and the grid cannot hide any of the grid), and whether it is the
    grid's own."""
    x0, y0, x1, y1 = shapely.bounds(grid).tolist()
    clip = (min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1]))
    return clip, clip == (x0, y0, x1, y1)


def _walls_near(tree: shapely.STRtree, p: np.ndarray) -> tuple[np.ndarray, float]:
    """At least SEED walls around the eye to start from (all of them on a smaller map): those
    in a box around it, grown until it holds as many; and the box's half side."""
    x, y = p.tolist()
    half = NEAR
    while True:
        ids = tree.query(shapely.box(x - half, y - half, x + half, y + half))
        if len(ids) >= min(SEED, len(tree)):
            return ids, half
        half *= 2


def _nearest(coords: np.ndarray, p: np.ndarray, ids: np.ndarray, n: int) -> np.ndarray:
    """The n walls of `ids` nearest the eye p."""
    rel = coords.take(ids, axis=0) - np.concatenate([p, p])
    return ids[np.argpartition(point_segment_distance(rel), n)[:n]]


def _seen_by_shadows(geo: MapGeometry, p: np.ndarray, grid: object) -> object:
    """`seen_from` by polygon set operations: the grid cut down by the shadows of the runs
    that meet what is still seen, nearest first, BATCH at a time: the sweep's last resort,
    never met in the tests but by force (a direction no segment closes). Slow when many
    walls are in view (a 20,000-point cave: ~30 s), exact."""
    runs = geo.walls.runs("sight")
    coords, tree = runs.coords, runs.tree
    if len(coords) == 0:
        return grid
    corners = np.array([(0, 0), (geo.cols, 0), (0, geo.rows), (geo.cols, geo.rows)], float)
    # Far enough that every grid corner and wall end is well inside (see shadow_polygons).
    reach = max(float(np.hypot(*(corners - p).T).max()),
                float(np.abs(coords - np.tile(p, 2)).max()) * 1.5)
    radius = 1.5 * reach + 1.0
    lines, eye = tree.geometries, shapely.points(p)
    used = np.zeros(len(coords), dtype=bool)
    seen = grid
    ids = np.arange(len(coords))  # first round: every wall (the whole grid is still seen)
    while len(ids):
        if len(ids) > BATCH:
            # Distance to the segment, not its middle: a long wall beside the eye is near.
            ids = ids[np.argpartition(shapely.distance(eye, lines.take(ids)), BATCH)[:BATCH]]
        used[ids] = True
        shadows = shadow_polygons(p, coords[ids], radius)
        shadows = shadows[shadows != None]  # noqa: E711 (elementwise)
        if len(shadows):
            seen = shapely.difference(seen, shapely.union_all(shadows))
            if shapely.is_empty(seen):
                break
        ids = tree.query(seen, predicate="intersects")
        ids = ids[~used[ids]]
    return seen

