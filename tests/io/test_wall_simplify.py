"""Simplifying walls merges what is straight and never opens a gap."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
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


def test_isolated_polylines_keep_their_direction() -> None:
    # Neither line touches another end: nothing to merge, nothing reversed.
    lines: list[list[tuple[float, float]]] = [[(5, 5), (4, 4), (3, 5.5)], [(9, 0), (8, 0)]]
    assert simplify_polylines(lines, TOL).polylines == lines


def shapely_reference(polylines: list[list[tuple[float, float]]], tol: float) -> set[tuple[tuple[float, float], ...]]:
    """What one shapely call per merged line gives (the simple, slow way), without junction
    checks: comparable when no vertex of one line touches another."""
    from shapely.ops import linemerge

    merged = linemerge([LineString(p) for p in polylines])
    parts = list(getattr(merged, "geoms", [merged]))
    return {_unoriented(part.simplify(tol, preserve_topology=True).coords) for part in parts}


def _unoriented(points: Any) -> tuple[tuple[float, float], ...]:
    forward = tuple(map(tuple, points))
    return min(forward, forward[::-1])


@settings(max_examples=40, deadline=None)
@given(
    seed_lines=st.lists(
        st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=2, max_size=12),
        min_size=1, max_size=12,
    ),
    jitter=st.floats(min_value=0, max_value=0.02),
    chain=st.booleans(),
)
# Subnormal jitter: lines a few units of 1e-168 long, where GEOS divides by zero.
@example(seed_lines=[[(0, 0), (0, 0), (0, 0), (0, 0)]], jitter=1.0514688639279413e-168, chain=False)
@example(seed_lines=[[(0, 0), (0, 0), (0, 1)]], jitter=1.0514688639279413e-168, chain=False)
@example(seed_lines=[[(0, 0), (0, 0), (0, 0)]], jitter=1.0514688639279413e-168, chain=False)
def test_vectorised_simplification_matches_one_call_per_line(
    seed_lines: list[list[tuple[int, int]]], jitter: float, chain: bool
) -> None:
    # Integer points nudged off the grid: some vertices within the tolerance of a straight
    # run, some not; `chain` makes each line start where the previous one ended.
    lines: list[list[tuple[float, float]]] = []
    for k, pts in enumerate(seed_lines):
        line = [(x / 4 + jitter * ((i * 7 + k) % 3 - 1), y / 4) for i, (x, y) in enumerate(pts)]
        if chain and lines:
            line[0] = lines[-1][-1]
        lines.append(line)
    result = simplify_polylines(lines, TOL)
    if result.kept_for_junctions == 0 and not _vertex_touches_other_line(lines):
        expected = shapely_reference([_dedupe(p) for p in lines if len(set(p)) > 1], TOL)
        assert {_unoriented(p) for p in result.polylines} == expected
    # Whatever the case, every original vertex stays within the tolerance of the walls.
    # A line shorter than the 1e-9 coordinate rounding is a point, not a wall: it vanishes.
    walls = [LineString(p) for p in result.polylines]
    real = [line for line in lines if LineString(line).length > 1e-6]
    for p in (pt for line in real for pt in line):
        assert min(w.distance(Point(p)) for w in walls) <= TOL + 1e-12


def _dedupe(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]


def _vertex_touches_other_line(lines: list[list[tuple[float, float]]]) -> bool:
    """A vertex on another line, other than two lines' ends meeting (which the merge and the
    reference handle alike)."""
    for i, line in enumerate(lines):
        for j, other in enumerate(lines):
            if j == i or len(set(other)) < 2:
                continue
            wall, ends = LineString(_dedupe(other)), (other[0], other[-1])
            for k, p in enumerate(line):
                is_end = k in (0, len(line) - 1)
                if wall.distance(Point(p)) <= 1e-9 and not (is_end and p in ends):
                    return True
    return False


def test_dense_maps_find_junctions_through_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    import battlemap.io.wall_simplify as ws

    bent = [(0, 0), (1, 0.005), (2, 0)]
    stub = [(1, 0.005), (1, 1)]
    straight_run = [(5, 5), (6, 5.001), (7, 5)]
    by_strips = ws.simplify_polylines([bent, stub, straight_run], TOL)
    monkeypatch.setattr(ws, "MAX_STRIP_PAIRS", 0)  # every query through the STRtree
    by_tree = ws.simplify_polylines([bent, stub, straight_run], TOL)
    assert by_strips.polylines == by_tree.polylines
    assert bent in by_tree.polylines and [(5, 5), (7, 5)] in by_tree.polylines
    assert by_tree.kept_for_junctions == 1


def test_a_long_zig_zag_imports_with_bounded_douglas_peucker_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_uvtt: Callable[..., dict[str, Any]],
    write_uvtt: Callable[..., Path],
) -> None:
    """100k points in one polyline: GEOS is quadratic on it (20 s), so it sees pieces."""
    import shapely

    import battlemap.io.wall_simplify as ws
    from battlemap.cli import main
    from battlemap.io import load_encounter

    n = 100_000
    zig = [{"x": 100 * i / n, "y": 1 + 0.05 * (i % 2)} for i in range(n)]
    calls: list[int] = []
    real = shapely.simplify

    def counted(geoms: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(int(np.max(shapely.get_num_coordinates(geoms), initial=0)))
        return real(geoms, *args, **kwargs)

    monkeypatch.setattr(shapely, "simplify", counted)
    out = tmp_path / "zig.json"
    assert main(["import", str(write_uvtt(make_uvtt(cols=100, line_of_sight=[zig]))), "-o", str(out)]) == 0
    assert calls and max(calls) <= ws.MAX_PIECE and len(calls) <= 4
    wall = max(load_encounter(out).walls, key=lambda w: len(w.points))
    assert (wall.points[0][0], wall.points[-1][0]) == (0, 100 * (n - 1) / n)  # one wall, ends kept


@pytest.mark.parametrize("n", [2, 3, 2_047, 2_048, 2_049, 4_095, 4_096, 5_000])
def test_long_polylines_are_simplified_in_pieces_joined_at_their_cut_points(n: int) -> None:
    from battlemap.io.polylines import Polylines
    from battlemap.io.wall_simplify import MAX_PIECE, _cut, _join

    rng = np.random.default_rng(n)
    lines = Polylines.from_lists([[(float(i), float(rng.random())) for i in range(m)] for m in (n, 2, n + 1)])
    pieces, owner = _cut(lines, MAX_PIECE)
    assert pieces.lengths.max() <= MAX_PIECE
    assert _join(pieces, owner).to_lists() == lines.to_lists()
