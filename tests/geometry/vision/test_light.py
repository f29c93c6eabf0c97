"""Lit areas and what the party sees under them (geometry/vision/light.py): a light is bright
out to half its range and dim to its range, cut by the walls it does not shine through; in
the dark an eye sees only what is lit or within its sight without light."""

from __future__ import annotations

import math

import pytest
import shapely

from battlemap.geometry.vision.light import Eye, lit_areas, party_sight, seen_squares
from battlemap.model import Light
from tests.helpers.geometry import build_scene, wall

# Two rooms on a 20x10 grid split by a closed wall at x = 10.
SPLIT = wall((10, 0), (10, 10))


def _sees(geom: object, x: float, y: float) -> bool:
    return bool(shapely.intersects(geom, shapely.Point(x, y)))


def test_a_light_is_bright_to_half_its_range_and_dim_to_its_range() -> None:
    sc = build_scene(cols=20, rows=20)
    bright, dim = lit_areas(sc.geo, [Light(position=(10, 10), range=4)])
    # Discs of radius 2 and 4 (16 segments a quarter: within 0.5 % of pi r²).
    assert shapely.area(bright) == pytest.approx(math.pi * 4, rel=5e-3)
    assert shapely.area(dim) == pytest.approx(math.pi * 16 - math.pi * 4, rel=5e-3)
    assert _sees(bright, 11.5, 10) and not _sees(bright, 13, 10) and _sees(dim, 13, 10)


def test_a_wall_stops_a_light_unless_it_casts_no_shadows() -> None:
    sc = build_scene(walls=[SPLIT], cols=20, rows=10)
    bright, dim = lit_areas(sc.geo, [Light(position=(8, 5), range=6)])
    assert not _sees(shapely.union(bright, dim), 11, 5)
    assert _sees(dim, 7, 5 + 4)
    bright, dim = lit_areas(sc.geo, [Light(position=(8, 5), range=6, shadows=False)])
    assert _sees(shapely.union(bright, dim), 11, 5)


def test_an_unlit_room_hides_what_the_eye_has_in_line_of_sight() -> None:
    sc = build_scene(cols=20, rows=10)
    eye = Eye(2.5, 5.5)
    lamp = [Light(position=(15, 5), range=4)]
    dark = party_sight(sc.geo, [eye], lamp, "dark")
    assert not _sees(dark.seen[0], 5, 5)  # unlit, in line of sight
    assert _sees(dark.seen[0], 15, 5) and _sees(dark.bright[0], 15, 5)
    assert _sees(dark.seen[0], 18, 5) and not _sees(dark.bright[0], 18, 5)  # dim: shaded
    # Ambient bright: line of sight alone, all of it bright.
    lit = party_sight(sc.geo, [eye], lamp, "bright")
    assert shapely.area(lit.seen[0]) == pytest.approx(200)
    assert lit.bright[0] is lit.seen[0]
    # Ambient dim: all seen, bright only under the lamp.
    dim = party_sight(sc.geo, [eye], lamp, "dim")
    assert shapely.area(dim.seen[0]) == pytest.approx(200)
    assert not _sees(dim.bright[0], 5, 5) and _sees(dim.bright[0], 15, 5)


def test_sight_without_light_reaches_its_range_and_no_farther() -> None:
    sc = build_scene(cols=20, rows=10)
    sight = party_sight(sc.geo, [Eye(2.5, 5.5, dark=4.0)], [], "dark")
    assert _sees(sight.seen[0], 6.0, 5.5) and not _sees(sight.seen[0], 7.0, 5.5)
    assert shapely.is_empty(sight.bright[0])  # seen without light: shaded


def test_low_light_doubles_a_lights_radii_for_that_eye() -> None:
    sc = build_scene(cols=30, rows=10)
    lamp = [Light(position=(20, 5), range=3)]
    plain, keen = party_sight(sc.geo, [Eye(2.5, 5.5), Eye(2.5, 5.5, light_factor=2.0)],
                              lamp, "dark").seen
    assert not _sees(plain, 25, 5) and _sees(keen, 25, 5)


def test_only_squares_seen_whole_are_remembered() -> None:
    view = shapely.box(1, 1, 3.5, 2)
    assert seen_squares([view], 10, 10) == {(1, 1), (2, 1)}
    assert seen_squares([shapely.Polygon()], 10, 10) == set()
