"""How much of a space is hidden from a point: the union of the shadows that walls and
creatures cast from it (AD&D 2bis cover by percentage, 001 "Modificateurs de Couverture")."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.results import Point

Box = tuple[float, float, float, float]


def _wall_shadows(p: np.ndarray, segs: np.ndarray, far: float) -> np.ndarray:
    a, b = segs[:, :2], segs[:, 2:]
    da, db = a - p, b - p
    # A wall seen edge-on casts no area: skip it (and its degenerate quad).
    cross = da[:, 0] * db[:, 1] - da[:, 1] * db[:, 0]
    keep = np.abs(cross) > 1e-12
    a, b, da, db = a[keep], b[keep], da[keep], db[keep]
    na = np.maximum(np.hypot(da[:, 0], da[:, 1]), 1e-9)[:, None]
    nb = np.maximum(np.hypot(db[:, 0], db[:, 1]), 1e-9)[:, None]
    quads = np.stack([a, b, b + db / nb * far, a + da / na * far], axis=1)
    return shapely.polygons(quads)


def _box_shadows(p: np.ndarray, boxes: np.ndarray, far: float) -> list[shapely.Geometry]:
    out = []
    for box in boxes:
        x0, y0, x1, y1 = shapely.bounds(box)
        pts = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        d = pts - p
        n = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)[:, None]
        out.append(shapely.convex_hull(shapely.multipoints(np.vstack([pts, pts + d / n * far]))))
    return out


def hidden_fraction(
    geo: MapGeometry, p: Point, target: Box, exclude: Iterable[str], blocks: str = "effect"
) -> float:
    """Share (0..1) of the target box that no straight line from `p` reaches."""
    tpoly = shapely.box(*target)
    pp = np.array(p, dtype=float)
    corners = np.array([(target[0], target[1]), (target[2], target[1]),
                        (target[2], target[3]), (target[0], target[3])])
    hull = shapely.convex_hull(shapely.multipoints(np.vstack([corners, pp[None, :]])))
    far = 2.0 * float(np.hypot(*(corners - pp).T).max()) + 2.0
    shadows: list[shapely.Geometry] = []
    seg_ids = geo.walls.near(hull, blocks)  # type: ignore[arg-type]
    if len(seg_ids):
        shadows.extend(_wall_shadows(pp, geo.walls.coords[seg_ids], far).tolist())
    ids, boxes, tree = geo.token_index()
    skip = set(exclude)
    if ids:
        hits = [t for t in tree.query(hull, predicate="intersects").tolist() if ids[t] not in skip]
        inner = [t for t in hits if shapely.relate_pattern(hull, boxes[t], "T********")]
        shadows.extend(_box_shadows(pp, boxes[inner], far))
    if not shadows:
        return 0.0
    hidden = shapely.intersection(shapely.union_all(shadows), tpoly)
    return min(1.0, float(shapely.area(hidden)) / float(shapely.area(tpoly)))


def hidden_fractions(
    geo: MapGeometry, points: np.ndarray, target: Box, exclude: Iterable[str],
    blocks: str = "effect",
) -> np.ndarray:
    """`hidden_fraction` from each of several points (n, 2) to one target box."""
    skip = tuple(exclude)
    return np.array([hidden_fraction(geo, (float(x), float(y)), target, skip, blocks)
                     for x, y in points.tolist()])
