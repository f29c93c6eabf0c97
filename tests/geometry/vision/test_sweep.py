"""Fog of war by the angular sweep (`sight_sweep`): the same region as the definition, the
grid minus the shadow of every sight-blocking wall (`naive.naive_visible_region`), on random
maps with crossing walls, on the shared Universal VTT samples, and in a cave of 20,000 points
(issue: a cave export froze the GUI ~33 s), where points are checked one by one against the
sight-line test of DESIGN.md §4.3."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import shapely

from battlemap.geometry.vision import _sweep as sight_sweep
from battlemap.geometry.vision.visible import visible_region
from benchmarks.baselines.geometry import naive_visible_region
from tests.geometry.conftest import build_scene, wall

SAME = 1e-9  # area where two regions may differ (rounding of the shadow edges)
SAMPLES = Path(__file__).resolve().parents[3] / ".." / "shared" / "uvtt-samples"


def _differ(a: object, b: object) -> float:
    return float(shapely.area(shapely.symmetric_difference(a, b)))


def _random_walls(seed: int, size: int) -> list[dict]:
    """Stray segments crossing each other, rooms drawn in 1-square pieces with a doorway, a
    window and an open door, and a jagged polyline crossing itself."""
    rng = np.random.default_rng(seed)
    walls = [wall(tuple(a), tuple(b)) for a, b in np.round(rng.uniform(0, size, (30, 2, 2)), 2)]
    for x0, y0 in rng.integers(1, size - 7, (3, 2)).tolist():
        for k in range(6):
            if k != 2:
                walls.append(wall((x0 + k, y0), (x0 + k + 1, y0)))
            walls.append(wall((x0, y0 + k), (x0, y0 + k + 1)))
            walls.append(wall((x0 + k, y0 + 6), (x0 + k + 1, y0 + 6)))
        walls.append(wall((x0 + 6, y0), (x0 + 6, y0 + 3), kind="window"))
        walls.append(wall((x0 + 6, y0 + 3), (x0 + 6, y0 + 6), kind="door", open=True))
    walls.append(wall(*map(tuple, np.round(rng.uniform(0, size, (25, 2)), 3))))
    return walls


@pytest.mark.parametrize("seed", range(6))
def test_the_sweep_sees_what_every_walls_shadow_leaves(seed: int) -> None:
    size = 30
    sc = build_scene(walls=_random_walls(seed, size), cols=size, rows=size)
    rng = np.random.default_rng(50 + seed)
    eyes = [tuple(e) for e in rng.uniform(0.2, size - 0.2, (6, 2)).tolist()]
    # Also an eye on a wall's end (that wall and its neighbour are seen edge-on).
    eyes.append(tuple(sc.geo.walls.coords[0, :2].tolist()))
    for eye in eyes:
        got = visible_region(sc.geo, [eye])
        want = naive_visible_region(sc.geo, [eye])
        assert _differ(got, want) < SAME, eye
        assert shapely.is_valid(got)
    together = visible_region(sc.geo, eyes)
    assert _differ(together, naive_visible_region(sc.geo, eyes)) < SAME


def test_walls_crossing_in_view_are_cut_where_they_cross() -> None:
    # An X and a star of walls in front of the eye: which wall is nearer changes at each
    # crossing, inside the angle between two wall ends.
    walls = [wall((4, 2), (8, 8)), wall((4, 8), (8, 2)), wall((10, 1), (12, 9)),
             wall((9, 5), (14, 5)), wall((9, 3), (14, 7)), wall((9, 7), (14, 3))]
    sc = build_scene(walls=walls, cols=16, rows=10)
    for eye in [(1.5, 5.2), (6.0, 5.0), (15.5, 0.5), (11.1, 5.3)]:
        got = visible_region(sc.geo, [eye])
        assert _differ(got, naive_visible_region(sc.geo, [eye])) < SAME, eye


@pytest.mark.parametrize("eye", [(0.0, 4.5), (12.0, 12.0), (5.5, 0.0), (13.5, -1.0)])
def test_an_eye_on_the_grid_edge_or_beyond_it(eye: tuple[float, float]) -> None:
    # The grid's sides cannot be the sweep's frame there: a frame around all, then the grid.
    sc = build_scene(walls=_random_walls(3, 12)[:20], cols=12, rows=12)
    got = visible_region(sc.geo, [eye])
    assert _differ(got, naive_visible_region(sc.geo, [eye])) < SAME


def test_too_many_crossings_node_the_walls_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past MAX_ROUNDS sweeps that each found new crossings, the walls are cut where they
    # cross (GEOS noding) and swept once more; the view is the same.
    sc = build_scene(walls=_random_walls(1, 30), cols=30, rows=30)
    eye = (14.3, 15.1)
    want = naive_visible_region(sc.geo, [eye])
    monkeypatch.setattr(sight_sweep, "MAX_ROUNDS", 1)  # a crossing in view: give up at once
    rel = np.concatenate([sc.geo.walls.coords - np.tile(eye, 2),
                          sight_sweep.frame_segments(np.array([-99.0, -99]),
                                                     np.array([99.0, 99]))])
    rel = rel[sight_sweep.live_segments(rel)]
    assert sight_sweep.sweep_ring(rel) is None
    cut = sight_sweep.noded(rel)
    assert len(cut) > len(rel)
    assert sight_sweep.sweep_ring(cut, crossings=False) is not None
    assert _differ(visible_region(sc.geo, [eye]), want) < SAME


def test_a_sweep_that_cannot_close_falls_back_to_the_shadow_union(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sc = build_scene(walls=_random_walls(2, 30), cols=30, rows=30)
    eye = (9.7, 20.2)
    want = naive_visible_region(sc.geo, [eye])

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("an interval with no segment")

    monkeypatch.setattr(sight_sweep, "sweep_ring", broken)
    assert _differ(visible_region(sc.geo, [eye]), want) < SAME


@pytest.mark.skipif(not sorted(SAMPLES.glob("*.dd2vtt")),
                    reason=f"no Universal VTT sample in {SAMPLES}")
@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.dd2vtt")))
def test_the_sweep_sees_what_the_naive_view_sees_on_the_uvtt_samples(name: str) -> None:
    from battlemap.geometry import MapGeometry
    from battlemap.io.uvtt import parse_uvtt

    enc = parse_uvtt(SAMPLES / name, decode_image=False, system="dnd2024").encounter
    geo = MapGeometry(enc)
    assert len(geo.walls) > 0
    cols, rows = enc.grid.cols, enc.grid.rows
    rng = np.random.default_rng(7)
    eyes = [(c + 0.5, r + 0.5) for c, r in zip(rng.integers(0, cols, 8).tolist(),
                                               rng.integers(0, rows, 8).tolist(), strict=True)]
    for eye in eyes:
        got = visible_region(geo, [eye])
        assert _differ(got, naive_visible_region(geo, [eye])) < SAME, eye


# The cave: a closed outline of 20,000 points around (50, 50), radius ~40, pillars inside.
CAVE_POINTS = 20_000
PILLARS = [(55.0, 49.5), (40.0, 42.0), (47.0, 60.0)]  # lower-left corners of 1×1 pillars
EYE = (50.5, 50.3)


def _cave_scene() -> object:
    rng = np.random.default_rng(11)
    a = np.linspace(0.0, 2 * np.pi, CAVE_POINTS, endpoint=False)
    r = 40 * (1 + 0.05 * np.sin(5 * a)) + rng.uniform(-0.05, 0.05, CAVE_POINTS)
    pts = np.round(np.column_stack([50 + r * np.cos(a), 50 + r * np.sin(a)]), 4).tolist()
    walls = [wall(*map(tuple, pts + pts[:1]))]
    walls += [wall((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1), (x, y)) for x, y in PILLARS]
    return build_scene(walls=walls, cols=100, rows=100)


def test_a_20000_point_cave_shows_its_inside_minus_the_pillars_shadows() -> None:
    sc = _cave_scene()
    geo = sc.geo  # type: ignore[attr-defined]
    assert len(geo.walls) == CAVE_POINTS + 4 * len(PILLARS)
    region = visible_region(geo, [EYE])
    assert shapely.is_valid(region) and region.geom_type == "Polygon"

    def sees(x: float, y: float) -> bool:
        return bool(shapely.intersects(region, shapely.Point(x, y)))

    # Open floor all round, close to the wall (radius ≥ 40·0.95 − 0.05 everywhere).
    for k in range(12):
        t = 2 * math.pi * k / 12 + 0.1
        x, y = 50 + 30 * math.cos(t), 50 + 30 * math.sin(t)
        turn = [(t - math.atan2(py + 0.5 - EYE[1], px + 0.5 - EYE[0]) + math.pi) % (2 * math.pi)
                - math.pi for px, py in PILLARS]
        if min(map(abs, turn)) > 0.2:  # not behind a pillar
            assert sees(x, y), (x, y)
    assert not sees(1, 1) and not sees(99, 50) and not sees(50, 95)  # beyond the cave wall
    for px, py in PILLARS:  # straight behind each pillar (seen from the eye): hidden
        cx, cy = px + 0.5, py + 0.5
        dx, dy = cx - EYE[0], cy - EYE[1]
        n = math.hypot(dx, dy)
        assert not sees(cx + 4 * dx / n, cy + 4 * dy / n)
        assert sees(cx - 1.0 * dx / n, cy - 1.0 * dy / n)  # in front of it: seen
    # Every sample point is seen exactly when no sight-blocking wall crosses the line to it.
    xs, ys = np.meshgrid(np.arange(0.37, 100, 1.9), np.arange(0.41, 100, 1.9))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    lines = np.column_stack([np.full(len(pts), EYE[0]), np.full(len(pts), EYE[1]), pts])
    blocked = geo.walls.blocked(lines, "sight")
    inside = shapely.intersects(region, shapely.points(pts))
    assert blocked.any() and (~blocked).any()
    assert np.array_equal(inside, ~blocked)
    # The cave's floor minus the pillars' shadows: a little under the outline's area.
    outline = shapely.Polygon(geo.walls.coords[:CAVE_POINTS, :2])
    assert 0.85 * outline.area < region.area < outline.area
