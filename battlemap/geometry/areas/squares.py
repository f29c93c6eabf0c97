"""Which squares an area of effect covers, and why (docs/architecture.md#areas-of-effect, docs/rules/README.md#areas-of-effect).

The shape's own squares come from its stencil (`areas._stencil`: exact numpy coverage over the
shape's bounding box, remembered per shape), cut to the map where the template sits; then
line of effect from the origin (`lines.from_point`) and the tokens hit, per call. The square
models are built when first read (`AreaResult.lazy`): a preview mostly needs the cells."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np

from battlemap.geometry.areas._stencil import EPS_AREA, Stencil, stencil
from battlemap.geometry.areas.shapes import Placed, place
from battlemap.geometry.areas.tokens import owners
from battlemap.geometry.grid import footprint_box
from battlemap.geometry.lines import RayFan
from battlemap.geometry.lines.from_point import Span, effect_from
from battlemap.geometry.lines.why_blocked import cut_off_text
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
    if method is AreaMethod.CENTER:
        return st.centre_inside()[sl], st.coverage()[sl], None
    cov = st.coverage()[sl]
    return (cov >= 0.5 - 1e-9) if method is AreaMethod.HALF else (cov > EPS_AREA), cov, None


def _kept(st: Stencil, method: AreaMethod, shape: AreaShape, radius: float,
          hole: tuple[int, int, int, int] | None) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                           Span | None]:
    """(block columns, block rows, flat block index) of the squares the shape keeps by this
    method, column after column, minus the block columns hole[0]…hole[2]−1 × rows
    hole[1]…hole[3]−1 (the origin creature's own squares), and their bounds. The same wherever
    the stencil is placed, so worked out once (the radius and the shape's kind are in the
    stencil's key)."""
    found = st.extra.get(("kept", method, hole))
    if found is None:
        # The centre method's squares need no coverage (it is worked out when they are read).
        keep = (st.centre_inside() if method is AreaMethod.CENTER
                else _keep(st, method, shape, radius, (slice(None), slice(None)))[0])
        if hole is not None:
            keep = keep.copy()
            keep[max(hole[0], 0):max(hole[2], 0), max(hole[1], 0):max(hole[3], 0)] = False
        flat = np.flatnonzero(keep)
        i, j = np.divmod(flat, st.n_r)
        span = (int(i.min()), int(i.max()), int(j.min()), int(j.max())) if len(flat) else None
        found = st.extra[("kept", method, hole)] = (i, j, flat, span)
    i, j, flat, span = found
    return i, j, flat, span


def _fan(st: Stencil, method: AreaMethod, hole: tuple[int, int, int, int] | None,
         placed: Placed) -> RayFan:
    """The kept squares' rays seen from the origin (`lines._rays.RayFan`), once per stencil:
    the centre (i + c₀ + 0.5, j + r₀ + 0.5) minus the origin, in local coordinates."""
    found = st.extra.get(("fan", method, hole))
    if found is None:
        i, j = st.extra[("kept", method, hole)][:2]
        ox, oy = placed.local_origin
        rel = np.empty((2, len(i)))
        np.add(i, st.c0 + 0.5, out=rel[0])
        np.add(j, st.r0 + 0.5, out=rel[1])
        rel -= np.array([[ox], [oy]])
        found = st.extra[("fan", method, hole)] = RayFan(rel)
    assert isinstance(found, RayFan)
    return found


def area_squares(geo: MapGeometry, template: AreaTemplate, policy: GeometryPolicy) -> AreaResult:
    method = AreaMethod(template.method or policy.aoe_method)
    placed = place(geo, template, policy)
    st = stencil(template, policy, placed)
    ix, iy = placed.offset
    # The stencil's block on the map: columns bc…bc+n_c−1, rows br…br+n_r−1.
    bc, br = st.c0 + ix, st.r0 + iy
    hole = None
    if template.token is not None and not template.include_origin_token:
        # 003 "Émanation": the origin creature is not in its own area.
        x0, y0, x1, y1 = footprint_box(geo.token(template.token))
        hole = (math.floor(x0) - bc, math.floor(y0) - br, math.ceil(x1) - bc,
                math.ceil(y1) - br)
    i, j, flat, span = _kept(st, method, template.shape, placed.radius, hole)
    if span is not None:  # in map squares, and on the map (a superset of those asked)
        span = (max(span[0] + bc, 0), min(span[1] + bc, geo.cols - 1), max(span[2] + br, 0),
                min(span[3] + br, geo.rows - 1))
    fan: Callable[[], RayFan] | None = partial(_fan, st, method, hole, placed)
    if bc < 0 or br < 0 or bc + st.n_c > geo.cols or br + st.n_r > geo.rows:
        # Partly off the map: only the squares on it (the stencil's fan is of them all).
        on = (i >= -bc) & (i < geo.cols - bc) & (j >= -br) & (j < geo.rows - br)
        i, j, flat = i[on], j[on], flat[on]
        fan = None
    # An area stops at walls: drop squares whose centre no line from the origin reaches
    # (`lines.from_point`: crossing a wall, or passing between pieces where they meet; grazing
    # a wall's end does not stop it). Only the squares the shape keeps are asked (a ray's
    # answer does not depend on the others asked).
    kc, kr = i + bc, j + br
    clear = effect_from(geo.walls, placed.origin, kc, kr, (geo.cols, geo.rows), span, fan)
    cut: Callable[[], np.ndarray] | None = None
    if not clear.all():
        cut = partial(_cut_cells, kc, kr, clear)  # worked out only if shown or listed
        kc, kr, flat = kc[clear], kr[clear], flat[clear]

    def make(some: np.ndarray | None = None) -> list[AreaSquare]:
        # Coverage and 3.5 count only when the squares are read (the stencil remembers them);
        # `some`: indices of the only squares wanted (a tooltip asks for one).
        _, cov, count = _keep(st, method, template.shape, placed.radius,
                              (slice(None), slice(None)))
        f, cs, rs = (flat, kc, kr) if some is None else (flat[some], kc[some], kr[some])
        n = len(cs)
        covs = [None] * n if cov is None else cov.ravel().take(f).tolist()
        dists = [None] * n if count is None else (count.ravel().take(f) * SQUARE_M).tolist()
        return [_explain((c, r), method, cv, d)
                for c, r, cv, d in zip(cs.tolist(), rs.tolist(), covs, dists, strict=True)]

    cells = np.empty((len(kc), 2), dtype=np.int64)  # not np.stack: its Python costs more here
    cells[:, 0], cells[:, 1] = kc, kr
    out = AreaResult.lazy(cells, make, tokens=_tokens_hit(geo, template, kc, kr),
                          method=method.value,
                          shape=lambda: placed.shape)  # the polygon only if drawn
    if cut is not None:
        out.with_cut_off(cut, partial(cut_off_text, geo.walls, placed.origin))
    return out


def _cut_cells(kc: np.ndarray, kr: np.ndarray, clear: np.ndarray) -> np.ndarray:
    """(n, 2) the squares asked whose line of effect is stopped."""
    gone = ~clear
    cells = np.empty((int(gone.sum()), 2), dtype=np.int64)
    cells[:, 0], cells[:, 1] = kc[gone], kr[gone]
    return cells


def _explain(sq: tuple[int, int], method: AreaMethod, cov: float | None,
             dist: float | None) -> AreaSquare:
    why = area_why(cov, dist if method is AreaMethod.DND35 else None,
                   method is AreaMethod.CENTER)
    return AreaSquare(square=sq, why=why, coverage=cov, distance_m=dist)


def _tokens_hit(geo: MapGeometry, t: AreaTemplate, kc: np.ndarray, kr: np.ndarray) -> list[str]:
    """A token is hit if any of its squares is in (docs/rules/README.md#areas-of-effect); cylinders respect height.
    `kc`, `kr`: the squares in (on the map)."""
    ids = geo.token_index()[0]
    if not ids or len(kc) == 0:
        return []
    hit = [ids[k] for k in owners(geo).on(kc, kr, len(ids))]
    if t.token is not None and not t.include_origin_token and t.token in hit:
        hit.remove(t.token)  # 003 "Émanation": not in its own area
    if t.shape is AreaShape.CYLINDER and t.height_m is not None:
        hit = [h for h in hit if 0 <= geo.tokens[h].elevation_m <= t.height_m]
    return hit
