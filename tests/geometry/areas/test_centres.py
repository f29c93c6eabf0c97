"""The centre test of `areas._centres` (docs/architecture.md#areas-of-effect `center`): every
centre it decides is decided the same by GEOS (`dwithin` 1e-9), it leaves GEOS only the
centres on or next to the outline, and a centre-method preview needs no coverage."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import area_squares
from battlemap.geometry.areas._centres import centres_inside_convex
from battlemap.geometry.areas._stencil import stencil
from battlemap.geometry.areas.shapes import place
from battlemap.model import AreaTemplate
from tests.helpers.geometry import build_scene


def _geos(ring: np.ndarray, c0: int, r0: int, n_c: int, n_r: int) -> np.ndarray:
    cols = np.repeat(np.arange(c0, c0 + n_c), n_r)
    rows = np.tile(np.arange(r0, r0 + n_r), n_c)
    got = shapely.dwithin(shapely.polygons(ring), shapely.points(cols + 0.5, rows + 0.5), 1e-9)
    return np.asarray(got).reshape(n_c, n_r)


def _hull_ring(points: list[tuple[float, float]]) -> np.ndarray | None:
    hull = shapely.convex_hull(shapely.multipoints(points))
    if shapely.get_type_id(hull) != 3:
        return None
    return shapely.get_coordinates(shapely.get_exterior_ring(hull))


@settings(max_examples=60, deadline=None)
@given(points=st.lists(st.tuples(st.integers(-16, 16), st.integers(-16, 16)), min_size=3,
                       max_size=8),
       half=st.booleans())
def test_decided_centres_are_those_of_geos(points: list[tuple[int, int]], half: bool) -> None:
    # Hull vertices on whole or half squares: edges run through centres and along their rows
    # and columns, the cases a tolerance decides.
    ring = _hull_ring([(x / 2, y / 2) if half else (float(x), float(y)) for x, y in points])
    if ring is None:
        return
    c0, r0 = int(np.floor(ring[:, 0].min())) - 2, int(np.floor(ring[:, 1].min())) - 2
    n_c = int(np.ceil(ring[:, 0].max())) - c0 + 2
    n_r = int(np.ceil(ring[:, 1].max())) - r0 + 2
    found = centres_inside_convex(ring, c0, r0, n_c, n_r)
    assert found is not None
    inside, unsure = found
    want = _geos(ring, c0, r0, n_c, n_r)
    decided = ~unsure
    assert (inside[decided] == want[decided]).all()
    assert not (inside & unsure).any()


def test_only_centres_near_the_outline_are_left_to_geos() -> None:
    # The square [0, 4]²: the 16 centres inside are in, those of the ring of squares around
    # it are out, and none is left (no centre lies within 1e-7 of the outline).
    ring = np.array([(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (0.0, 0.0)])
    inside, unsure = centres_inside_convex(ring, -1, -1, 6, 6) or (None, None)
    assert inside is not None and unsure is not None
    assert int(inside.sum()) == 16 and not unsure.any()
    # Its outline through the centres of column 2: that column's 6 centres are GEOS's.
    ring = np.array([(0.0, 0.0), (2.5, 0.0), (2.5, 4.0), (0.0, 4.0), (0.0, 0.0)])
    inside, unsure = centres_inside_convex(ring, -1, -1, 6, 6) or (None, None)
    assert inside is not None and unsure is not None
    assert int(unsure.sum()) == 6 and unsure[3].all() and int(inside.sum()) == 8


def test_a_ring_that_is_not_convex_is_left_to_the_coverage() -> None:
    ring = np.array([(0.0, 0.0), (4.0, 0.0), (2.0, 1.0), (4.0, 4.0), (0.0, 4.0), (0.0, 0.0)])
    assert centres_inside_convex(ring, 0, 0, 4, 4) is None


def test_a_centre_method_preview_needs_no_coverage() -> None:
    # An 18 m sphere at an origin off the grid: a new stencil, whose centre test needs neither
    # the coverage of its 625 squares nor a GEOS call (no centre near the outline).
    s = build_scene("dnd2024", cols=60, rows=60)
    t = AreaTemplate(shape="sphere", origin=(30.3137, 29.7071), size_m=18.0, method="center")
    placed = place(s.geo, t, s.policy)
    st_ = stencil(t, s.policy, placed)
    res = area_squares(s.geo, t, s.policy)
    assert "cov" not in st_._memo
    found = centres_inside_convex(placed.ring, st_.c0, st_.r0, st_.n_c, st_.n_r)
    assert found is not None and not found[1].any()
    assert len(res.square_set()) == int(_geos(placed.ring, st_.c0, st_.r0, st_.n_c, st_.n_r).sum())
