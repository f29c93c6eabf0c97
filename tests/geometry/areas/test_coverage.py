"""The numpy share-of-square computation of areas equals GEOS's clipped areas, and the lazy
AreaResult gives the same squares as one built from a list (issue 9; DESIGN.md §4.7)."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.areas._coverage import grid_coverage
from battlemap.geometry.results import AreaResult, AreaSquare

coord = st.floats(0.0, 12.0, allow_nan=False).map(lambda v: round(v, 3))


def _geos(shape: shapely.Geometry, cs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    c, r = np.meshgrid(cs, rs, indexing="ij")
    return np.asarray(shapely.area(shapely.intersection(shape, shapely.box(c, r, c + 1.0,
                                                                           r + 1.0))))


def _block(shape: shapely.Geometry) -> tuple[np.ndarray, np.ndarray]:
    x0, y0, x1, y1 = shapely.bounds(shape)
    return (np.arange(int(np.floor(x0)), int(np.ceil(x1))),
            np.arange(int(np.floor(y0)), int(np.ceil(y1))))


@settings(max_examples=40, deadline=None)
@given(cx=coord, cy=coord, r=st.floats(0.2, 6.0), square=st.booleans())
def test_circles_and_rounded_boxes_match_geos(cx: float, cy: float, r: float,
                                               square: bool) -> None:
    base = shapely.box(cx, cy, cx + 2, cy + 2) if square else shapely.Point(cx, cy)
    shape = shapely.normalize(shapely.buffer(base, r, quad_segs=64))
    cs, rs = _block(shape)
    got = grid_coverage(shape, cs, rs)
    assert got is not None
    np.testing.assert_allclose(got, _geos(shape, cs, rs), atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(pts=st.lists(st.tuples(coord, coord), min_size=3, max_size=6))
def test_any_convex_polygon_matches_geos(pts: list[tuple[float, float]]) -> None:
    hull = shapely.convex_hull(shapely.multipoints(pts))
    if shapely.get_type_id(hull) != 3 or shapely.area(hull) < 1e-6:
        return  # collinear points: no polygon to measure
    shape = shapely.normalize(hull)
    cs, rs = _block(shape)
    got = grid_coverage(shape, cs, rs)
    assert got is not None
    np.testing.assert_allclose(got, _geos(shape, cs, rs), atol=1e-9)


def test_axis_aligned_rectangle_shares_are_exact() -> None:
    # A 2.5 × 1.5 rectangle from (1.25, 0.5): corner squares a quarter or half covered.
    shape = shapely.normalize(shapely.box(1.25, 0.5, 3.75, 2.0))
    got = grid_coverage(shape, np.arange(1, 4), np.arange(0, 2))
    assert got is not None
    np.testing.assert_allclose(got, [[0.375, 0.75], [0.5, 1.0], [0.375, 0.75]], atol=1e-12)


def test_polygon_with_a_hole_is_left_to_geos() -> None:
    ring = shapely.difference(shapely.box(0, 0, 4, 4), shapely.box(1, 1, 3, 3))
    assert grid_coverage(ring, np.arange(0, 4), np.arange(0, 4)) is None


def test_lazy_result_builds_squares_on_first_read() -> None:
    built: list[int] = []
    cells = np.array([[2, 3], [4, 5]])

    def make() -> list[AreaSquare]:
        built.append(1)
        return [AreaSquare(square=(2, 3), why="a"), AreaSquare(square=(4, 5), why="b")]

    lazy = AreaResult.lazy(cells, make, tokens=["t1"], method="half")
    assert lazy.square_set() == {(2, 3), (4, 5)} and built == []
    plain = AreaResult(squares=make(), tokens=["t1"], method="half")
    assert lazy == plain and built == [1, 1]
    assert [s.why for s in lazy.squares] == ["a", "b"]
    assert lazy.model_dump()["squares"][1]["square"] == (4, 5)
    assert plain.cells().tolist() == [[2, 3], [4, 5]]
