"""What the party sees (fog of war): walls and closed doors hide, windows and open doors don't.
docs/architecture.md#sight-lines: "Open doors block nothing; windows block movement and line of effect (attacks,
areas) but not line of sight (what players see, fog)"."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from battlemap.geometry.vision.visible import party_viewpoints, shadow_polygons, visible_region
from tests.helpers.geometry import build_scene, tok, wall

# Two rooms on a 10x10 grid split by x = 5, with a one-square opening at y 4..5.
SPLIT_ABOVE = wall((5, 0), (5, 4))
SPLIT_BELOW = wall((5, 5), (5, 10))
EYE = (2.5, 4.5)  # level with the opening, 2.5 squares from it
# Through the opening from EYE: rays through (5, 4) and (5, 5) widen by 0.2 per unit of x,
# so at x = 10 the lit band is 4.5 ± 1.5; the trapezoid beyond x = 5 has area 5·(1 + 3)/2.
LEFT_ROOM = 50.0
THROUGH_OPENING = 10.0


def _region(opening: dict | None, eyes: list[tuple[float, float]] | None = None) -> object:
    walls = [SPLIT_ABOVE, SPLIT_BELOW] + ([opening] if opening else [])
    sc = build_scene(walls=walls, cols=10, rows=10)
    return visible_region(sc.geo, eyes if eyes is not None else [EYE])


def _sees(region: object, x: float, y: float) -> bool:
    return bool(shapely.intersects(region, shapely.Point(x, y)))


def test_a_closed_room_hides_the_next_room() -> None:
    region = _region(wall((5, 4), (5, 5)))
    assert shapely.area(region) == pytest.approx(LEFT_ROOM, abs=1e-9)
    assert _sees(region, 0.5, 9.5)
    assert not _sees(region, 5.5, 4.5)
    assert not _sees(region, 9.5, 4.5)


def test_margin_grows_the_region_by_exactly_that_much() -> None:
    # The left room [0, 5] x [0, 10] grown by 0.1 (mitred), clipped to the grid.
    sc = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW, wall((5, 4), (5, 5))], cols=10, rows=10)
    region = visible_region(sc.geo, [EYE], margin=0.1)
    assert shapely.bounds(region).tolist() == pytest.approx([0, 0, 5.1, 10])
    assert shapely.area(region) == pytest.approx(51.0, abs=1e-9)


def test_a_closed_door_hides_like_a_wall() -> None:
    region = _region(wall((5, 4), (5, 5), kind="door"))
    assert shapely.area(region) == pytest.approx(LEFT_ROOM, abs=1e-9)


@pytest.mark.parametrize("opening", [
    wall((5, 4), (5, 5), kind="door", open=True),
    wall((5, 4), (5, 5), kind="window"),
    None,
], ids=["open door", "window", "gap"])
def test_sight_goes_through_an_open_door_or_a_window(opening: dict | None) -> None:
    region = _region(opening)
    assert shapely.area(region) == pytest.approx(LEFT_ROOM + THROUGH_OPENING, abs=1e-9)
    assert _sees(region, 9.5, 4.5)  # straight across the opening
    assert not _sees(region, 9.5, 0.5)  # beside the lit band: 4.5 - 1.5 = 3 at x = 10
    assert not _sees(region, 9.5, 9.5)


def test_viewpoints_add_up_and_none_sees_nothing() -> None:
    closed = wall((5, 4), (5, 5))
    both = _region(closed, [EYE, (7.5, 7.5)])
    assert shapely.area(both) == pytest.approx(100.0, abs=1e-9)  # one eye in each room
    assert shapely.is_empty(_region(closed, []))


def test_no_wall_shows_the_whole_grid() -> None:
    sc = build_scene(cols=7, rows=3)
    assert shapely.area(visible_region(sc.geo, [(1.5, 1.5)])) == pytest.approx(21.0)


def test_a_wall_close_to_the_eye_hides_all_behind_it() -> None:
    # The eye is 0.02 from a long wall: its shadow spans almost 180°, the case where a
    # shadow built from two far points would leave a lit sliver at the far side.
    sc = build_scene(walls=[wall((0, 5), (20, 5))], cols=20, rows=20)
    region = visible_region(sc.geo, [(10.0, 4.98)])
    assert shapely.area(region) == pytest.approx(100.0, abs=1e-6)
    assert not _sees(region, 10.0, 19.9)


def test_edge_on_walls_cast_no_shadow() -> None:
    segs = np.array([[3.0, 0.0, 5.0, 0.0], [2.0, 2.0, 2.0, 3.0]])
    shadows = shadow_polygons(np.array([1.0, 0.0]), segs, 50.0)
    assert shadows[0] is None  # collinear with the eye
    assert shadows[1] is not None and shapely.area(shadows[1]) > 0


def test_region_agrees_with_the_sight_line_test() -> None:
    # Every sample point is visible exactly when the wall index finds the line from the eye
    # to it unblocked (docs/architecture.md#sight-lines), in a room with a pillar, a window and an open door.
    walls = [wall((4, 2), (4, 8)), wall((6, 4), (7, 4), (7, 5), (6, 5), (6, 4)),
             wall((4, 8), (4, 9), kind="window"), wall((4, 1), (4, 2), kind="door", open=True),
             wall((4, 0), (4, 1)), wall((4, 9), (4, 12))]
    sc = build_scene(walls=walls, cols=12, rows=12)
    eye = (1.5, 5.5)
    region = visible_region(sc.geo, [eye])
    xs, ys = np.meshgrid(np.arange(0.3, 12, 0.7), np.arange(0.3, 12, 0.7))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    lines = np.column_stack([np.full(len(pts), eye[0]), np.full(len(pts), eye[1]), pts])
    blocked = sc.geo.walls.blocked(lines, "sight")
    inside = shapely.intersects(region, shapely.points(pts))
    assert blocked.any() and (~blocked).any()
    assert np.array_equal(inside, ~blocked)


def test_party_viewpoints_are_centres_of_visible_party_tokens() -> None:
    sc = build_scene(tokens=[tok("a", 1, 1, side="party"), tok("b", 4, 4, "large", "party"),
                             tok("c", 6, 6, side="party", hidden=True), tok("d", 2, 2)])
    assert party_viewpoints(sc.encounter.tokens) == [(1.5, 1.5), (5.0, 5.0)]


def test_each_viewpoints_view_is_remembered_per_wall_layout() -> None:
    # Issue 9: when one of the party moves, the others' views are not worked out again (with
    # 4,000 walls and 30 party tokens the fog took 0.3-0.5 s after every move).
    sc = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW], cols=10, rows=10)
    both = [EYE, (7.5, 2.5)]
    first = visible_region(sc.geo, both)
    cache = sc.geo.walls.seen_cache
    assert len(cache) == 2
    again = visible_region(sc.geo, both)
    assert len(cache) == 2 and shapely.equals(again, first)  # nothing measured again
    moved = visible_region(sc.geo, [EYE, (7.5, 3.5)])
    assert len(cache) == 3  # the one that moved
    # The same answer as a fresh index: a viewpoint's view depends on the walls only.
    fresh = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW], cols=10, rows=10)
    assert shapely.equals(moved, visible_region(fresh.geo, [EYE, (7.5, 3.5)]))
    # Another wall layout is another index, with nothing remembered: the door closes the gap.
    closed = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW, wall((5, 4), (5, 5), kind="door")],
                         cols=10, rows=10)
    assert closed.geo.walls.seen_cache == {}
    assert shapely.area(visible_region(closed.geo, [EYE])) == pytest.approx(LEFT_ROOM, abs=1e-9)


def _by_definition(geo: object, eye: tuple[float, float]) -> object:
    """The grid minus the shadows of every sight-blocking segment, all of them at once."""
    walls = geo.walls  # type: ignore[attr-defined]
    _, ids = walls.tree("sight")
    p = np.array(eye)
    grid = shapely.box(0, 0, geo.cols, geo.rows)  # type: ignore[attr-defined]
    shadows = shadow_polygons(p, walls.coords[ids], 1e4)
    return shapely.difference(grid, shapely.union_all([s for s in shadows if s is not None]))


def test_walls_met_round_by_round_give_the_view_of_every_wall() -> None:
    # Issue 9: the view is cut down by the nearest walls first, then only by walls that
    # reach what is still seen, on merged runs. The result must be the definition's: the
    # grid minus every wall's shadow. Rooms drawn in 1-square pieces (merged into runs),
    # with doorways, a window, an open door and scattered diagonal walls.
    rng = np.random.default_rng(9)
    walls = []
    for x0, y0 in [(2, 2), (12, 3), (4, 13), (15, 14)]:
        for k in range(6):
            if k != 3:  # a doorway in the top and left sides
                walls.append(wall((x0 + k, y0), (x0 + k + 1, y0)))
                walls.append(wall((x0, y0 + k), (x0, y0 + k + 1)))
            walls.append(wall((x0 + k, y0 + 6), (x0 + k + 1, y0 + 6)))
            walls.append(wall((x0 + 6, y0 + k), (x0 + 6, y0 + k + 1)))
    walls.append(wall((2, 5), (2, 6), kind="window"))
    walls.append(wall((12, 6), (12, 7), kind="door", open=True))
    for a, b in rng.uniform(0, 24, (25, 2, 2)):
        walls.append(wall(tuple(a), tuple(b)))
    sc = build_scene(walls=walls, cols=24, rows=24)
    eyes = [(5.5, 5.5), (15.2, 6.1), (0.5, 23.5), (11.0, 11.0), (20.3, 17.7)]
    for eye in eyes:
        region = visible_region(sc.geo, [eye])
        expected = _by_definition(sc.geo, eye)
        assert shapely.area(expected) > 1.0
        assert shapely.area(shapely.symmetric_difference(region, expected)) < 1e-9, eye


def test_a_wall_in_pieces_hides_what_the_whole_wall_hides() -> None:
    pieces = build_scene(walls=[wall((5, k), (5, k + 1)) for k in range(10) if k != 4],
                         cols=10, rows=10)
    whole = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW], cols=10, rows=10)
    a, b = visible_region(pieces.geo, [EYE]), visible_region(whole.geo, [EYE])
    assert shapely.area(a) == pytest.approx(LEFT_ROOM + THROUGH_OPENING, abs=1e-9)
    assert shapely.area(shapely.symmetric_difference(a, b)) < 1e-9


def test_a_party_bigger_than_the_memo_recomputes_only_the_one_who_moved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 300 viewpoints, more than the memo's bound (256): one of them moves, and only its view
    # is worked out again (the memo made room for the whole party instead of emptying itself).
    from battlemap.geometry.vision import visible

    sc = build_scene(walls=[SPLIT_ABOVE, SPLIT_BELOW], cols=10, rows=10)
    eyes = [(0.5 + (i % 30) * 0.3, 0.5 + (i // 30) * 0.9) for i in range(300)]
    assert len(eyes) > sc.geo.walls.seen_cache.limit
    visible.seen_regions(sc.geo, eyes)
    computed: list[object] = []
    seen_from = visible.seen_from

    def counted(*args: object) -> object:
        computed.append(args[1])
        return seen_from(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(visible, "seen_from", counted)
    visible.seen_regions(sc.geo, [(9.5, 9.5), *eyes[1:]])
    assert len(computed) == 1
