"""The array pre-check of Douglas–Peucker (`dp_keep`) is only ever sure when GEOS agrees,
and the simplification gives the same walls with it as without it."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from battlemap.io import wall_simplify
from battlemap.io.dp_keep import keeps_every_vertex
from battlemap.io.polylines import Polylines
from battlemap.io.wall_simplify import simplify_polylines

TOL = 0.01


def tricky_lines(seed: int, count: int) -> Polylines:
    """Short lines of four kinds: random, straight runs with a vertex at the tolerance
    (give or take 1e-12), points on a 0.01 lattice (exact ties), tiny wiggles; 3 to 5
    points, far from the origin or near it."""
    rng = np.random.default_rng(seed)
    lines: list[list[tuple[float, float]]] = []
    for i in range(count):
        n = int(rng.integers(3, 6))
        kind = i % 4
        pts: np.ndarray
        if kind == 0:
            pts = rng.uniform(0, 100, (n, 2))
        elif kind == 1:
            x = np.sort(rng.uniform(0, 3, n))
            y = rng.choice([-1.0, 1.0], n) * (TOL + rng.normal(0, 1e-12, n)) * rng.integers(0, 2, n)
            y[0] = y[-1] = 0.0
            pts = np.column_stack([x, y]) + rng.uniform(-500, 500, 2)
        elif kind == 2:
            pts = rng.integers(0, 4, (n, 2)) * TOL
        else:
            pts = rng.uniform(0, 1, (n, 2)) * rng.choice([0.01, 0.02, 0.05])
        pts = pts[np.r_[True, (np.diff(pts, axis=0) != 0).any(axis=1)]]
        if len(pts) >= 3:
            lines.append([(float(x), float(y)) for x, y in pts])
    return Polylines.from_lists(lines)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sure_lines_keep_every_vertex_in_geos(seed: int) -> None:
    lines = tricky_lines(seed, 6000)
    sure = keeps_every_vertex(lines, TOL)
    geoms = shapely.linestrings(lines.xy, indices=lines.line_index)
    kept = shapely.get_num_coordinates(shapely.simplify(geoms, TOL, preserve_topology=False))
    assert np.array_equal(kept[sure], lines.lengths[sure])
    # Not vacuous: it is sure about the clearly bent short lines, never about long ones.
    assert sure.sum() > len(lines) // 5
    assert not sure[lines.lengths > 4].any()


def test_clear_cases_by_hand() -> None:
    lines = Polylines.from_lists([
        [(0, 0), (1, 0.5), (2, 0)],  # bent far beyond the tolerance: sure
        [(0, 0), (1, 0.005), (2, 0)],  # within it: the vertex goes, so not sure
        [(0, 0), (1, 0.01), (2, 0)],  # exactly at it: left to GEOS
        [(0, 0), (1, 1), (0, 0)],  # closed: left to GEOS
        [(0, 0), (1, 1), (2, 1.5), (3, 0)],  # 4 points, split at p2, p1 far from p0-p2: sure
        [(0, 0), (1, 1), (2, 1), (3, 0)],  # p1 and p2 tie as the farthest: left to GEOS
        [(0, 0), (1, 1), (2, 1.004), (3, 1)],  # split at p1, then p2 within tolerance of p1-p3
        [(0, 0), (1e200, 1e200), (2e200, 0)],  # squares would overflow: left to GEOS
    ])
    assert keeps_every_vertex(lines, TOL).tolist() == [True, False, False, False, True, False, False, False]
    normal = lines.select(np.arange(len(lines)) < 7)  # GEOS itself overflows on the last one
    kept = shapely.get_num_coordinates(
        shapely.simplify(shapely.linestrings(normal.xy, indices=normal.line_index), TOL, preserve_topology=False)
    )
    assert kept.tolist() == [3, 2, 2, 3, 4, 4, 3]  # GEOS on the same lines (at the tolerance: dropped)


@pytest.mark.parametrize("seed", [4, 5])
def test_simplification_is_the_same_without_the_pre_check(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = tricky_lines(seed, 800)
    anchors = [tuple(p) for p in lines.xy[::41].tolist()]
    fast = simplify_polylines(lines, TOL, anchors=anchors)
    monkeypatch.setattr(wall_simplify, "keeps_every_vertex", lambda ls, tol: np.zeros(len(ls), dtype=bool))
    plain = simplify_polylines(lines, TOL, anchors=anchors)
    assert fast.polylines == plain.polylines
    assert (fast.segments_after, fast.kept_for_junctions) == (plain.segments_after, plain.kept_for_junctions)
    assert fast.segments_after < fast.segments_before  # some vertices did go
