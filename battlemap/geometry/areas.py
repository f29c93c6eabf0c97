"""Which squares an area of effect covers, and why (DESIGN.md §4.7, RULES.md §3).

The shape's own squares come from its stencil (`area_stencil`: exact numpy coverage over the
shape's bounding box, remembered per shape), cut to the map where the template sits; then
line of effect from the origin (`effect_lines`) and the tokens hit, per call. The square
models are built when first read (`AreaResult.lazy`): a preview mostly needs the cells."""

from __future__ import annotations

import numpy as np

from battlemap.geometry.area_shapes import place
from battlemap.geometry.area_stencil import EPS_AREA, Stencil, stencil
from battlemap.geometry.effect_lines import effect_from
from battlemap.geometry.grid import footprint_box
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.results import AreaResult, AreaSquare
from battlemap.geometry.words import area_why
from battlemap.model import SQUARE_M, AreaMethod, AreaShape, AreaTemplate


def _keep(st: Stencil, method: AreaMethod, shape: AreaShape, radius: float,
          sl: tuple[slice, slice]) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """(squares in, coverage, 3.5 count) over the block part `sl` that lies on the map."""
    if method is AreaMethod.DND35:
        # 000 "Cible, effet, zone": the square is in when its far corner is within range by
        # the 1-2-1-2 count from the origin intersection (or from the creature's space).
        count = st.d35_count()[sl]
        if shape is AreaShape.CUBE:
            cov = st.coverage()[sl]
            return cov >= 0.5 - 1e-9, cov, count
        keep = count <= radius + 1e-9
        if shape is AreaShape.CONE:
            cov = st.coverage()[sl]
            return keep & (cov > EPS_AREA), cov, count  # cells cut by the 45° edges are kept
        if shape is AreaShape.LINE:
            return keep & st.axis_crossed()[sl], None, count
        return keep, None, count
    cov = st.coverage()[sl]
    if method is AreaMethod.CENTER:
        return st.centre_inside()[sl], cov, None
    return (cov >= 0.5 - 1e-9) if method is AreaMethod.HALF else (cov > EPS_AREA), cov, None


def area_squares(geo: MapGeometry, template: AreaTemplate, policy: GeometryPolicy) -> AreaResult:
    method = AreaMethod(template.method or policy.aoe_method)
    placed = place(geo, template, policy)
    st = stencil(template, policy, placed)
    ix, iy = placed.offset
    # The stencil's block, cut to the map (map columns c0…c1−1, rows r0…r1−1).
    c0, c1 = max(st.c0 + ix, 0), min(st.c0 + st.n_c + ix, geo.cols)
    r0, r1 = max(st.r0 + iy, 0), min(st.r0 + st.n_r + iy, geo.rows)
    if c1 <= c0 or r1 <= r0:
        return AreaResult.lazy(np.empty((0, 2), dtype=np.int64), list, tokens=[],
                               method=method.value, shape=lambda: placed.shape)
    sl = (slice(c0 - ix - st.c0, c1 - ix - st.c0), slice(r0 - iy - st.r0, r1 - iy - st.r0))
    keep, cov, count = _keep(st, method, template.shape, placed.radius, sl)
    keep = keep.copy()
    if template.token is not None and not template.include_origin_token:
        # 003 "Émanation": the origin creature is not in its own area.
        x0, y0, x1, y1 = footprint_box(geo.token(template.token))
        keep[max(int(np.floor(x0)) - c0, 0):max(int(np.ceil(x1)) - c0, 0),
             max(int(np.floor(y0)) - r0, 0):max(int(np.ceil(y1)) - r0, 0)] = False
    # An area stops at walls: drop squares whose centre no line from the origin reaches
    # without crossing a wall (grazing a wall's end does not stop it). Only the squares the
    # shape keeps are asked (a ray's answer does not depend on the others asked): a circle
    # or cone keeps 50–80 % of its block, a diagonal line far less.
    i, j = np.nonzero(keep)  # column after column, as the squares are listed
    clear = effect_from(geo.walls, placed.origin, i + c0, j + r0, (geo.cols, geo.rows))
    if not clear.all():
        keep[i[~clear], j[~clear]] = False
        i, j = i[clear], j[clear]
    kc, kr = i + c0, j + r0
    kcov = None if cov is None else cov[i, j]
    kdist = None if count is None else count[i, j] * SQUARE_M

    def make() -> list[AreaSquare]:
        covs = [None] * len(kc) if kcov is None else kcov.tolist()
        dists = [None] * len(kc) if kdist is None else kdist.tolist()
        return [_explain((c, r), method, cv, d)
                for c, r, cv, d in zip(kc.tolist(), kr.tolist(), covs, dists, strict=True)]

    cells = np.empty((len(kc), 2), dtype=np.int64)  # not np.stack: its Python costs more here
    cells[:, 0], cells[:, 1] = kc, kr
    return AreaResult.lazy(cells, make,
                           tokens=_tokens_hit(geo, template, keep, c0, r0), method=method.value,
                           shape=lambda: placed.shape)  # the polygon only if drawn


def _explain(sq: tuple[int, int], method: AreaMethod, cov: float | None,
             dist: float | None) -> AreaSquare:
    # English only here; AreaSquare.why_fr renders the French when the UI asks.
    why = area_why("en", cov, dist if method is AreaMethod.DND35 else None,
                   method is AreaMethod.CENTER)
    return AreaSquare(square=sq, why=why, coverage=cov, distance_m=dist)


def _token_spans(geo: MapGeometry) -> np.ndarray:
    """(n, 4) squares each token's space overlaps: columns lo…hi−1, rows lo…hi−1, in the
    order of `token_index()` (remembered until a token moves)."""
    spans = geo.token_cache.get(("area-token-spans",))
    if spans is None:
        b = geo.token_bounds()
        spans = np.concatenate([np.floor(b[:, :2]), np.ceil(b[:, 2:])], axis=1).astype(np.intp)
        geo.token_cache[("area-token-spans",)] = spans
    return np.asarray(spans)


def _tokens_hit(geo: MapGeometry, t: AreaTemplate, inside: np.ndarray, c0: int,
                r0: int) -> list[str]:
    """A token is hit if any of its squares is in (RULES.md §3); cylinders respect height.
    A token only touching a square's edge is not in it: its squares are those its space
    overlaps. `inside`: the squares in, over the block from map square (c0, r0)."""
    ids = geo.token_index()[0]
    if not ids or not inside.any():
        return []
    n_c, n_r = inside.shape
    s = _token_spans(geo)
    # Tokens overlapping the block, then a look at their own squares (few per template).
    near = np.flatnonzero((s[:, 0] < c0 + n_c) & (s[:, 2] > c0) & (s[:, 1] < r0 + n_r)
                          & (s[:, 3] > r0))
    hit: list[str] = []
    for k, (a, b, c, d) in zip(near.tolist(), (s[near] - (c0, r0, c0, r0)).tolist(),
                               strict=True):
        if not inside[max(a, 0):max(c, 0), max(b, 0):max(d, 0)].any():
            continue
        tok = geo.tokens[ids[k]]
        if tok.id == t.token and not t.include_origin_token:
            continue
        if t.shape is AreaShape.CYLINDER and t.height_m is not None and not (
            0 <= tok.elevation_m <= t.height_m
        ):
            continue
        hit.append(tok.id)
    return hit
