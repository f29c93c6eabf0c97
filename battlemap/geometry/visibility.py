"""What a group of viewers can see of the map: the grid minus the shadows that sight-blocking
walls cast from each viewpoint, united over the viewpoints (fog of war for the players' window).

Only walls that block sight cast shadows: windows and open doors let sight through
(DESIGN.md §4.3). Creatures never hide the map. Everything is in grid units; no Qt here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.model import Token

EDGE_ON = 1e-12  # |cross product| below this: the viewer is on the wall's line, no shadow
BATCH = 64  # nearest walls first: farther ones already in shadow are dropped unread


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


def _hidden_from(p: np.ndarray, segs: np.ndarray, lines: np.ndarray, radius: float) -> object:
    """Union of the shadows cast from p, nearest walls first; a wall already inside the
    shadow so far adds nothing (what lies behind a hidden point is hidden too)."""
    mids = (segs[:, :2] + segs[:, 2:]) / 2 - p
    order = np.argsort(np.hypot(mids[:, 0], mids[:, 1]), kind="stable")
    hidden: object = None
    for start in range(0, len(order), BATCH):
        ids = order[start:start + BATCH]
        if hidden is not None:
            shapely.prepare(hidden)
            ids = ids[~shapely.covers(hidden, lines[ids])]
            if len(ids) == 0:
                continue
        shadows = shadow_polygons(p, segs[ids], radius)
        parts = [s for s in shadows if s is not None]
        if hidden is not None:
            parts.append(hidden)
        if parts:
            hidden = shapely.union_all(parts)
    return hidden


def visible_region(geo: MapGeometry, viewpoints: Sequence[tuple[float, float]],
                   margin: float = 0.0) -> object:
    """The part of the grid [0, cols] × [0, rows] that at least one viewpoint sees (a shapely
    geometry in grid units; empty when there is no viewpoint). `margin` grows it (square
    corners kept) so that a map drawn with thick walls still shows the walls bounding the view."""
    grid = shapely.box(0, 0, geo.cols, geo.rows)
    pts = np.asarray(viewpoints, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return shapely.Polygon()
    walls = geo.walls
    ids = walls.near(grid, "sight")
    segs = walls.coords[ids]
    lines = walls.geoms[ids] if len(ids) else np.empty(0, dtype=object)
    corners = np.array([(0, 0), (geo.cols, 0), (0, geo.rows), (geo.cols, geo.rows)], float)
    seen = []
    for p in pts:
        if len(segs) == 0:
            seen.append(grid)
            continue
        # Far enough that every grid corner and wall end is well inside (see shadow_polygons).
        reach = max(float(np.hypot(*(corners - p).T).max()),
                    float(np.abs(segs - np.tile(p, 2)).max()) * 1.5)
        hidden = _hidden_from(p, segs, lines, 1.5 * reach + 1.0)
        seen.append(grid if hidden is None else shapely.difference(grid, hidden))
    region = shapely.union_all(seen)
    if margin > 0:
        region = shapely.intersection(shapely.buffer(region, margin, join_style="mitre"), grid)
    return region
