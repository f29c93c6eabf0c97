"""Line of effect of areas: the exact lattice test of degenerate ray/wall pairs (a wall end on
a ray, a ray along a wall) gives GEOS's `crosses` answer (DESIGN.md §4.7: a wall stops an area
only when the ray crosses it; grazing a wall's end does not)."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.lines.from_point import pairs_crossing
from battlemap.geometry.walls.index import WallIndex
from battlemap.model import Wall

# Small integer / half-integer coordinates: degenerate configurations are frequent.
half = st.integers(0, 12).map(lambda v: v / 2)
seg = st.tuples(half, half, half, half).filter(lambda s: (s[0], s[1]) != (s[2], s[3]))


@settings(max_examples=60, deadline=None)
@given(origin=st.tuples(half, half), ends=st.lists(st.tuples(half, half), min_size=1,
                                                   max_size=8),
       walls=st.lists(seg, min_size=1, max_size=6))
def test_lattice_pairs_match_geos_crosses(origin: tuple[float, float],
                                          ends: list[tuple[float, float]],
                                          walls: list[tuple[float, float, float, float]]) -> None:
    index = WallIndex([Wall(points=[(x0, y0), (x1, y1)]) for x0, y0, x1, y1 in walls])
    o = np.array(origin, dtype=float)
    e = np.array(ends, dtype=float)
    ray, sg = np.meshgrid(np.arange(len(e)), np.arange(len(index.coords)), indexing="ij")
    ray, sg = ray.ravel(), sg.ravel()
    keep = np.any(e[ray] != o, axis=1)  # a ray of zero length has no interior
    ray, sg = ray[keep], sg[keep]
    got = pairs_crossing(o, e, index, sg, ray)
    lines = shapely.linestrings(np.stack([np.broadcast_to(o, (len(ray), 2)), e[ray]], axis=1))
    want = shapely.crosses(lines, index.geoms[sg])
    assert got.tolist() == np.asarray(want).tolist()


def test_a_wall_end_on_the_ray_does_not_stop_it() -> None:
    # The ray (0,0)→(4,4) passes exactly through the wall's end (2,2): grazing, not crossing;
    # the second wall (1,3)→(3,1) cuts it at (2,2) through both interiors.
    index = WallIndex([Wall(points=[(2, 2), (4, 0)]), Wall(points=[(1, 3), (3, 1)])])
    got = pairs_crossing(np.array([0.0, 0.0]), np.array([[4.0, 4.0]]), index, np.array([0, 1]),
                    np.array([0, 0]))
    assert got.tolist() == [False, True]
