"""Area shapes built as numpy rings and their remembered stencils (DESIGN.md §4.7): the rings
are GEOS's buffers, a template dragged elsewhere or asked again gives what a fresh
computation gives, the centre test equals GEOS's on every square, and tokens are hit when
one of their squares is in (RULES.md §3)."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import area_squares
from battlemap.geometry.areas import _stencil as area_stencil
from battlemap.geometry.areas import shapes as area_shapes
from battlemap.geometry.areas._stencil import stencil
from battlemap.geometry.areas.shapes import CIRCLE_SEGMENTS, place
from battlemap.model import AreaShape, AreaTemplate
from tests.geometry.conftest import build_scene, tok, wall

N = 24
shapes = st.sampled_from(list(AreaShape))
methods = st.sampled_from(["dnd35", "half", "touch", "center"])


def _template(shape: AreaShape, ox: float, oy: float, size: float, direction: float,
              method: str, token: str | None = None) -> AreaTemplate:
    if shape is AreaShape.EMANATION or token is not None:
        return AreaTemplate(shape=shape, token=token or "a", size_m=size,
                            direction_deg=direction, method=method)
    return AreaTemplate(shape=shape, origin=(ox, oy), size_m=size, direction_deg=direction,
                        method=method)


def _scene(system: str = "dnd2024"):  # type: ignore[no-untyped-def]
    return build_scene(system, [tok("a", 8, 9, "large"), tok("b", 12, 10), tok("c", 5, 14),
                                tok("d", 15, 4, "huge")],
                       [wall((10, 2), (10, 8)), wall((3, 12), (9, 12.5))], cols=N, rows=N)


@settings(max_examples=30, deadline=None)
@given(x=st.integers(0, 60), y=st.integers(0, 60), r=st.sampled_from([0.5, 2.0, 6.0, 12.0]))
def test_circle_ring_is_geos_buffer_of_the_point(x: int, y: int, r: float) -> None:
    s = build_scene("dnd2024", cols=80, rows=80)
    t = AreaTemplate(shape="sphere", origin=(float(x), float(y)), size_m=r * 1.5)
    placed = place(s.geo, t, s.policy)
    want = shapely.get_coordinates(shapely.buffer(shapely.Point(x, y), r,
                                                  quad_segs=CIRCLE_SEGMENTS))
    assert np.array_equal(shapely.get_coordinates(placed.shape), want)


@settings(max_examples=20, deadline=None)
@given(size=st.sampled_from(["medium", "large", "huge"]), r=st.sampled_from([1.5, 4.5, 9.0]))
def test_emanation_ring_is_geos_buffer_of_the_space(size: str, r: float) -> None:
    s = build_scene("dnd2024", [tok("a", 6, 7, size)], cols=30, rows=30)
    placed = place(s.geo, AreaTemplate(shape="emanation", token="a", size_m=r), s.policy)
    side = {"medium": 1, "large": 2, "huge": 3}[size]
    want = shapely.buffer(shapely.box(6, 7, 6 + side, 7 + side), r / 1.5,
                          quad_segs=CIRCLE_SEGMENTS)
    ring = shapely.get_coordinates(placed.shape)
    assert len(ring) == len(shapely.get_coordinates(want))
    assert float(shapely.area(shapely.symmetric_difference(placed.shape, want))) < 1e-9


@settings(max_examples=40, deadline=None)
@given(shape=shapes, ox=st.integers(2, N - 2), oy=st.integers(2, N - 2),
       dx=st.integers(-4, 4), dy=st.integers(-4, 4), size=st.sampled_from([1.5, 4.5, 9.0]),
       direction=st.sampled_from([0.0, 30.0, 45.0, 90.0, 200.0]), method=methods,
       system=st.sampled_from(["breche35", "dnd2024"]))
def test_a_reused_stencil_gives_a_fresh_answer(shape, ox, oy, dx, dy, size, direction, method,
                                               system):
    s = _scene(system)
    first = _template(shape, ox, oy, size, direction, method)
    moved = _template(shape, ox + dx, oy + dy, size, direction, method)
    area_stencil._STENCILS.clear()
    area_squares(s.geo, first, s.policy)  # leaves the shape's stencil behind
    reused = area_squares(s.geo, moved, s.policy)
    area_stencil._STENCILS.clear()
    s.geo.walls.effect_cache.clear()
    fresh = area_squares(s.geo, moved, s.policy)
    assert reused.squares == fresh.squares and reused.tokens == fresh.tokens


def test_dragging_by_whole_squares_shares_one_stencil() -> None:
    s = _scene()
    area_stencil._STENCILS.clear()
    seen = set()
    for x, y in [(5, 5), (6, 5), (9, 11), (17, 3)]:
        t = AreaTemplate(shape="sphere", origin=(float(x), float(y)), size_m=6.0)
        seen.add(id(stencil(t, s.policy, place(s.geo, t, s.policy))))
    assert len(seen) == 1
    # Half a square off the grid is another shape relative to its square: a new stencil.
    t = AreaTemplate(shape="sphere", origin=(5.5, 5.0), size_m=6.0)
    assert id(stencil(t, s.policy, place(s.geo, t, s.policy))) not in seen


@settings(max_examples=30, deadline=None)
@given(shape=shapes, ox=st.floats(1.0, N - 1.0).map(lambda v: round(v * 4) / 4),
       oy=st.floats(1.0, N - 1.0).map(lambda v: round(v * 4) / 4),
       size=st.sampled_from([1.5, 3.0, 6.0, 9.0]), direction=st.integers(0, 359))
def test_centre_method_equals_geos_on_every_square(shape, ox, oy, size, direction):
    # DESIGN.md §4.7 `center`: a square is in when its centre is inside (or on) the shape.
    s = _scene()
    t = _template(shape, ox, oy, size, float(direction), "center")
    placed = place(s.geo, t, s.policy)
    st_ = stencil(t, s.policy, placed)
    cols = np.repeat(np.arange(st_.c0, st_.c0 + st_.n_c), st_.n_r)
    rows = np.tile(np.arange(st_.r0, st_.r0 + st_.n_r), st_.n_c)
    want = shapely.dwithin(shapely.polygons(placed.ring),
                           shapely.points(cols + 0.5, rows + 0.5), 1e-9)
    assert st_.centre_inside().ravel().tolist() == np.asarray(want).tolist()


@settings(max_examples=30, deadline=None)
@given(shape=shapes, ox=st.integers(0, N), oy=st.integers(0, N),
       size=st.sampled_from([1.5, 4.5, 9.0]), direction=st.integers(0, 359), method=methods)
def test_tokens_hit_are_those_with_a_square_in(shape, ox, oy, size, direction, method):
    # RULES.md §3: a creature is in the area when any square of its space is.
    s = _scene()
    t = _template(shape, float(ox), float(oy), size, float(direction), method)
    res = area_squares(s.geo, t, s.policy)
    inside = res.square_set()
    want = []
    for tk in s.encounter.tokens:
        side = int(tk.size.squares)
        own = {(int(tk.col) + i, int(tk.row) + j) for i in range(side) for j in range(side)}
        if own & inside and not (tk.id == t.token and not t.include_origin_token):
            want.append(tk.id)
    assert sorted(res.tokens) == sorted(want)


def test_the_outline_module_keeps_local_coordinates_small() -> None:
    # A template far out on a big map: its ring is stored relative to its origin's square.
    s = build_scene("dnd2024", cols=1000, rows=1000)
    t = AreaTemplate(shape="sphere", origin=(750.0, 870.0), size_m=3.0)
    placed = area_shapes.place(s.geo, t, s.policy)
    assert placed.offset == (750, 870)
    assert np.abs(placed.ring).max() <= 2.0
    assert shapely.bounds(placed.shape).tolist() == [748.0, 868.0, 752.0, 872.0]
