"""Which squares an area of effect covers, and why (DESIGN.md §4.7, RULES.md §3).

Vectorised over the candidate squares of the shape's bounding box only: the share of each
square inside the shape is computed exactly in numpy (`cell_cover`), GEOS clips only shapes
it cannot take; the square models are built when first read (`AreaResult.lazy`)."""

from __future__ import annotations

import numpy as np
import shapely

from battlemap.geometry.area_shapes import Placed, line_axis_35, place
from battlemap.geometry.cell_cover import grid_coverage
from battlemap.geometry.effect_lines import effect_from
from battlemap.geometry.grid import far_corner_offsets, footprint_box, offset_squares_array
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import AreaResult, AreaSquare
from battlemap.geometry.segments import box_span
from battlemap.geometry.words import area_why
from battlemap.model import SQUARE_M, AreaMethod, AreaShape, AreaTemplate

EPS_AREA = 1e-6


def candidate_squares(geo: MapGeometry, shape: shapely.Geometry) -> tuple[np.ndarray, np.ndarray]:
    x0, y0, x1, y1 = shapely.bounds(shape)
    cs = np.arange(max(0, int(np.floor(x0))), min(geo.cols, int(np.ceil(x1))))
    rs = np.arange(max(0, int(np.floor(y0))), min(geo.rows, int(np.ceil(y1))))
    # Column after column (the order `coverage` expects); repeat/tile beat meshgrid here.
    return np.repeat(cs, len(rs)), np.tile(rs, len(cs))


def coverage(shape: shapely.Geometry, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Share of each unit square inside the shape."""
    out = np.zeros(len(cols))
    if len(cols) == 0:
        return out
    c0, r0 = int(cols[0]), int(rows[0])
    n_c, n_r = int(cols[-1]) - c0 + 1, int(rows[-1]) - r0 + 1
    if n_c * n_r == len(cols) and n_c > 0 and n_r > 0:
        cs, rs = np.arange(c0, c0 + n_c), np.arange(r0, r0 + n_r)
        if np.array_equal(cols, np.repeat(cs, n_r)) and np.array_equal(rows, np.tile(rs, n_c)):
            # A whole block of squares (the shape's bounding box): exact numpy areas.
            grid = grid_coverage(shape, cs, rs)
            if grid is not None:
                return grid.ravel()
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
    if shapely.get_type_id(axis) == 3:  # a wider line: the share of each square inside
        return np.asarray(coverage(axis, cols, rows) > EPS_AREA)
    # The length of the axis inside each closed square, clipped in numpy (Liang–Barsky).
    (x0, y0), (x1, y1) = shapely.get_coordinates(axis)[[0, -1]]
    p = np.broadcast_to(np.array([x0, y0]), (len(cols), 2))
    q = np.broadcast_to(np.array([x1, y1]), (len(cols), 2))
    cells = np.stack([cols, rows, cols + 1.0, rows + 1.0], axis=1).astype(float)
    t0, t1 = box_span(p, q, cells, strict=False)
    return np.asarray((t1 - t0) * float(np.hypot(x1 - x0, y1 - y0)) > EPS_AREA)


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
            shapely.prepare(shape)
            keep = shapely.dwithin(shape, shapely.points(cols + 0.5, rows + 0.5), 1e-9)
    keep &= _line_of_effect(geo, placed, cols, rows)
    if template.token is not None and not template.include_origin_token:
        # 003 "Émanation": the origin creature is not in its own area.
        x0, y0, x1, y1 = footprint_box(geo.token(template.token))
        keep &= ~((cols >= np.floor(x0)) & (cols < np.ceil(x1))
                  & (rows >= np.floor(y0)) & (rows < np.ceil(y1)))
    idx = np.flatnonzero(keep)
    kc, kr = cols[idx], rows[idx]
    kcov = None if cov is None else cov[idx]
    kdist = None if count is None else count[idx] * SQUARE_M

    def make() -> list[AreaSquare]:
        covs = [None] * len(idx) if kcov is None else kcov.tolist()
        dists = [None] * len(idx) if kdist is None else kdist.tolist()
        return [_explain((c, r), method, cv, d)
                for c, r, cv, d in zip(kc.tolist(), kr.tolist(), covs, dists, strict=True)]

    return AreaResult.lazy(np.stack([kc, kr], axis=1), make,
                           tokens=_tokens_hit(geo, template, kc, kr), method=method.value,
                           shape=shape)


def _explain(sq: tuple[int, int], method: AreaMethod, cov: float | None,
             dist: float | None) -> AreaSquare:
    # English only here; AreaSquare.why_fr renders the French when the UI asks.
    why = area_why("en", cov, dist if method is AreaMethod.DND35 else None,
                   method is AreaMethod.CENTER)
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
    near = np.sort(tree.query(shapely.box(c0, r0, c0 + inside.shape[0],
                                          r0 + inside.shape[1])))
    if len(near) == 0:
        return []
    # Squares in, counted over any block by a summed-area table: one lookup per token.
    table = np.zeros((inside.shape[0] + 1, inside.shape[1] + 1), dtype=np.int64)
    table[1:, 1:] = inside.cumsum(axis=0).cumsum(axis=1)
    b = geo.token_bounds()[near]
    lo_c = np.clip(np.floor(b[:, 0]).astype(np.int64) - c0, 0, inside.shape[0])
    hi_c = np.clip(np.ceil(b[:, 2]).astype(np.int64) - c0, 0, inside.shape[0])
    lo_r = np.clip(np.floor(b[:, 1]).astype(np.int64) - r0, 0, inside.shape[1])
    hi_r = np.clip(np.ceil(b[:, 3]).astype(np.int64) - r0, 0, inside.shape[1])
    hi_c, hi_r = np.maximum(hi_c, lo_c), np.maximum(hi_r, lo_r)
    count = (table[hi_c, hi_r] - table[lo_c, hi_r] - table[hi_c, lo_r] + table[lo_c, lo_r])
    hit: list[str] = []
    for i in near[count > 0].tolist():
        tok = geo.tokens[ids[i]]
        if tok.id == t.token and not t.include_origin_token:
            continue
        if t.shape is AreaShape.CYLINDER and t.height_m is not None and not (
            0 <= tok.elevation_m <= t.height_m
        ):
            continue
        hit.append(tok.id)
    return hit
