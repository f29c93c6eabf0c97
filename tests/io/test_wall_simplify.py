"""Simplifying walls merges what is straight and never opens a gap."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from battlemap.io.wall_simplify import simplify_polylines

TOL = 0.01


def test_collinear_and_repeated_points_merge() -> None:
    line = [(0, 0), (1, 0), (1, 0), (2, 0.004), (3, 0), (3, 2)]
    result = simplify_polylines([line], TOL)
    assert result.polylines == [[(0, 0), (3, 0), (3, 2)]]
    assert (result.segments_before, result.segments_after) == (5, 2)


def test_polylines_meeting_end_to_end_become_one() -> None:
    result = simplify_polylines([[(0, 0), (1, 0)], [(1, 0), (2, 0)], [(2, 0), (2, 1)]], TOL)
    assert result.polylines == [[(0, 0), (2, 0), (2, 1)]]


def test_junction_of_three_walls_keeps_its_point() -> None:
    # Three walls meet at (1, 0): none may be joined through it.
    result = simplify_polylines([[(0, 0), (1, 0)], [(1, 0), (2, 0)], [(1, 0), (1, 1)]], TOL)
    assert sorted(map(tuple, result.polylines)) == [
        ((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 0), (2, 0))
    ]


def test_t_junction_vertex_is_not_moved() -> None:
    # (1, 0.005) would be dropped as within tolerance, but another wall ends on it:
    # dropping it would leave a 0.005-square gap there.
    bent = [(0, 0), (1, 0.005), (2, 0)]
    stub = [(1, 0.005), (1, 1)]
    result = simplify_polylines([bent, stub], TOL)
    assert bent in result.polylines and result.kept_for_junctions == 1


def test_anchor_from_a_door_end_is_kept() -> None:
    bent = [(0, 0), (1, 0.005), (2, 0)]
    result = simplify_polylines([bent], TOL, anchors=[(1, 0.005)])
    assert result.polylines == [bent]


def noisy_cave(n: int, seed_radii: list[float]) -> list[tuple[float, float]]:
    """A closed outline of n points around (10, 10): jagged radius, plus straight runs."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        r = 5 + seed_radii[i % len(seed_radii)]
        pts.append((round(10 + r * math.cos(a), 6), round(10 + r * math.sin(a), 6)))
    return [*pts, pts[0]]


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=8, max_value=300),
    radii=st.lists(st.floats(min_value=-0.5, max_value=0.5, allow_nan=False), min_size=1, max_size=20),
)
def test_cave_simplified_stays_within_tolerance_and_closed(n: int, radii: list[float]) -> None:
    cave = noisy_cave(n, radii)
    result = simplify_polylines([cave], TOL)
    (simple,) = result.polylines
    line = LineString(simple)
    # Every original vertex lies within the tolerance of the simplified outline.
    assert max(line.distance(Point(p)) for p in cave) <= TOL + 1e-12
    # Still closed, and a point inside stays inside.
    assert simple[0] == simple[-1]
    assert Polygon(simple).contains(Point(10, 10))
    assert result.segments_after <= result.segments_before
