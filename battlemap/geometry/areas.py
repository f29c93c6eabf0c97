"""Which squares an area of effect covers, and why (DESIGN.md §4.7, RULES.md §3).

Vectorised over the candidate squares of the shape's bounding box only: squares fully inside
or fully outside are classified by prepared predicates, only the boundary ones are clipped."""

from __future__ import annotations

import math

import numpy as np
import shapely

from battlemap.geometry.area_shapes import Placed, line_axis_35, place
from battlemap.geometry.effect_lines import effect_from
from battlemap.geometry.grid import far_corner_offsets, footprint_box, offset_squares_array
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import AreaResult, AreaSquare
from battlemap.model import SQUARE_M, AreaMethod, AreaShape, AreaTemplate

EPS_AREA = 1e-6


def candidate_squares(geo: MapGeometry, shape: shapely.Geometry) -> tuple[np.ndarray, np.ndarray]:
    x0, y0, x1, y1 = shapely.bounds(shape)
    cs = np.arange(max(0, int(np.floor(x0))), min(geo.cols, int(np.ceil(x1))))
    rs = np.arange(max(0, int(np.floor(y0))), min(geo.rows, int(np.ceil(y1))))
    cols, rows = np.meshgrid(cs, rs, indexing="ij")
    return cols.ravel(), rows.ravel()


def coverage(shape: shapely.Geometry, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Share of each unit square inside the shape."""
    out = np.zeros(len(cols))
    if len(cols) == 0:
        return out
    shapely.prepare(shape)
    boxes = shapely.box(cols, rows, cols + 1.0, rows + 1.0)
    inside = shapely.contains(shape, boxes)
    out[inside] = 1.0
    edge = np.flatnonzero(~inside & shapely.intersects(shape, boxes))
    # Rectangle clipping of the (convex) shape is several times cheaper than a general
    # overlay per boundary square, and gives the same areas.
    out[edge] = [shapely.area(shapely.clip_by_rect(shape, c, r, c + 1.0, r + 1.0))
                 for c, r in zip(cols[edge].tolist(), rows[edge].tolist(), strict=True)]
    return out


def crossed_by_axis(axis: shapely.Geometry, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Squares a 3.5 line passes through: a real stretch of the axis inside, not a graze
    through a corner (a tolerance, so float noise on diagonals does not add squares)."""
    boxes = shapely.box(cols, rows, cols + 1.0, rows + 1.0)
    part = shapely.intersection(boxes, axis)
    size = shapely.area(part) if shapely.get_type_id(axis) == 3 else shapely.length(part)
    return np.asarray(size > EPS_AREA)


def _d35_count(placed: Placed, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    box = placed.token_box if placed.token_box is not None else (*placed.origin, *placed.origin)
    fx, fy = far_corner_offsets(box, cols.astype(float), rows.astype(float))
    return offset_squares_array(fx, fy, "d35")


def area_squares(geo: MapGeometry, template: AreaTemplate, policy: GeometryPolicy) -> AreaResult:
    method = AreaMethod(template.method or policy.aoe_method)
    placed = place(geo, template, policy)
    shape = placed.shape
    cols, rows = candidate_squares(geo, shape)
    count: np.ndarray | None = None
    cov: np.ndarray | None = None
    if method is AreaMethod.DND35:
        # 000 "Cible, effet, zone": the square is in when its far corner is within range by
        # the 1-2-1-2 count from the origin intersection (or from the creature's space).
        if template.shape is not AreaShape.EMANATION:
            placed.token_box = None  # only an emanation counts from the creature's space
        count = _d35_count(placed, cols, rows)
        keep = count <= placed.radius + 1e-9
        if template.shape is AreaShape.CONE:
            cov = coverage(shape, cols, rows)
            keep &= cov > EPS_AREA  # cells cut by the 45° edges are kept
        elif template.shape is AreaShape.LINE:
            keep &= crossed_by_axis(line_axis_35(template, placed), cols, rows)
        elif template.shape is AreaShape.CUBE:
            cov = coverage(shape, cols, rows)
            keep = cov >= 0.5 - 1e-9
    else:
        cov = coverage(shape, cols, rows)
        if method is AreaMethod.HALF:
            keep = cov >= 0.5 - 1e-9
        elif method is AreaMethod.TOUCH:
            keep = cov > EPS_AREA
        else:
            # A centre on the edge counts; the tolerance absorbs float noise on diagonals.
            keep = shapely.dwithin(shape, shapely.points(cols + 0.5, rows + 0.5), 1e-9)
    keep &= _line_of_effect(geo, placed, cols, rows)
    if template.token is not None and not template.include_origin_token:
        # 003 "Émanation": the origin creature is not in its own area.
        x0, y0, x1, y1 = footprint_box(geo.token(template.token))
        keep &= ~((cols >= np.floor(x0)) & (cols < np.ceil(x1))
                  & (rows >= np.floor(y0)) & (rows < np.ceil(y1)))
    idx = np.flatnonzero(keep)
    kc, kr = cols[idx].tolist(), rows[idx].tolist()
    covs = [None] * len(idx) if cov is None else cov[idx].tolist()
    dists = [None] * len(idx) if count is None else (count[idx] * SQUARE_M).tolist()
    squares = [_explain((c, r), method, cv, d)
               for c, r, cv, d in zip(kc, kr, covs, dists, strict=True)]
    return AreaResult(squares=squares, tokens=_tokens_hit(geo, template, cols[idx], rows[idx]),
                      method=method.value, shape=shape)


def _explain(sq: tuple[int, int], method: AreaMethod, cov: float | None,
             dist: float | None) -> AreaSquare:
    if method is AreaMethod.DND35 and dist is not None:
        why = f"far corner {dist:g} m from the origin"
    elif method is AreaMethod.CENTER:
        why = "square centre inside"
    else:
        why = f"{round((cov or 0.0) * 100)}% of the square covered"
    return AreaSquare(square=sq, why=why, coverage=cov, distance_m=dist)


def _line_of_effect(geo: MapGeometry, placed: Placed, cols: np.ndarray,
                    rows: np.ndarray) -> np.ndarray:
    """An area stops at walls: drop squares whose centre no line from the origin reaches
    without crossing a wall (grazing a wall's end does not stop it)."""
    return effect_from(geo.walls, placed.origin, cols, rows, (geo.cols, geo.rows))


def _tokens_hit(geo: MapGeometry, t: AreaTemplate, cols: np.ndarray,
                rows: np.ndarray) -> list[str]:
    """A token is hit if any of its squares is in (RULES.md §3); cylinders respect height.
    A token only touching a square's edge is not in it: its squares are those its space
    overlaps."""
    ids, _, tree = geo.token_index()
    if len(cols) == 0 or not ids:
        return []
    c0, r0 = int(cols.min()), int(rows.min())
    inside = np.zeros((int(cols.max()) - c0 + 1, int(rows.max()) - r0 + 1), dtype=bool)
    inside[cols - c0, rows - r0] = True
    near = tree.query(shapely.box(c0, r0, c0 + inside.shape[0], r0 + inside.shape[1]))
    bounds = geo.token_bounds()
    hit: list[str] = []
    for i in sorted(near.tolist()):
        tok = geo.tokens[ids[i]]
        if tok.id == t.token and not t.include_origin_token:
            continue
        if t.shape is AreaShape.CYLINDER and t.height_m is not None and not (
            0 <= tok.elevation_m <= t.height_m
        ):
            continue
        x0, y0, x1, y1 = bounds[i]
        cs = slice(max(0, math.floor(x0) - c0), max(0, math.ceil(x1) - c0))
        rs = slice(max(0, math.floor(y0) - r0), max(0, math.ceil(y1) - r0))
        if inside[cs, rs].any():
            hit.append(tok.id)
    return hit
