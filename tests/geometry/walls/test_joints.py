"""An area does not slip through the point where two wall pieces meet (RULES.md §1: line of
effect is "a segment not crossing a wall/closed door"; a wall drawn in pieces is one wall).
The ray from the origin to a square's centre that passes exactly through such a point is
stopped when pieces leave it on both sides of the ray; it still grazes a free end or the
outside of a corner (DESIGN.md §4.7). Each case is asked twice: for a few squares (all
pairs at once) and by the angular wedges, on and off the lattice, and for whole templates
against the naive per-square loop."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import area_squares
from battlemap.geometry.areas import _stencil as area_stencil
from battlemap.geometry.lines.from_point import effect_from
from battlemap.geometry.walls.index import WallIndex
from battlemap.model import AreaTemplate, Wall
from battlemap.text import words
from benchmarks.baselines.geometry import naive_area_squares
from tests.helpers.geometry import build_scene, dense_max, wall

N = 20


def _clear(walls: list[Wall], o: tuple[float, float], squares: list[tuple[int, int]],
           wedges: bool) -> list[bool]:
    """Line of effect from `o` to the squares' centres, every ray against every wall at once
    or only the pairs the angular wedges let through (the kernel's two ways), and again from
    the origin's remembered masks."""
    cols, rows = (np.array(v) for v in zip(*squares, strict=True))
    with dense_max(0 if wedges else 10**9):
        index = WallIndex(walls)
        got = effect_from(index, o, cols, rows, (N, N)).tolist()
        assert effect_from(index, o, cols, rows, (N, N)).tolist() == got
    return got


paths = pytest.mark.parametrize("wedges", [False, True], ids=["all pairs", "wedges"])


@paths
def test_a_straight_wall_drawn_in_pieces_stops_the_rays_through_its_joints(
        wedges: bool) -> None:
    # From (4, 4) the ray to (6.5, 6.5) passes through (5, 5), where the pieces (0, 5)-(5, 5)
    # and (5, 5)-(10, 5) meet: it crosses the wall. So do those to (5.5, 5.5) through (5, 5)
    # and to (8.5, 5.5) through (7, 5). The square (6, 4) is on the origin's side.
    squares = [(6, 6), (5, 5), (8, 5), (6, 4)]
    pieces = [Wall(points=[(x, 5), (x + 1, 5)]) for x in range(10)]
    assert _clear(pieces, (4.0, 4.0), squares, wedges) == [False, False, False, True]
    polyline = [Wall(points=[(x, 5) for x in range(11)])]
    assert _clear(polyline, (4.0, 4.0), squares, wedges) == [False, False, False, True]
    # With a stray wall off the lattice among them, the pieces are still decided exactly.
    stray = [Wall(points=[(6.3, 4.1), (7.7, 4.2)])]
    assert _clear(pieces + stray, (4.0, 4.0), squares, wedges) == [False, False, False, True]


@paths
def test_a_rooms_corner_seen_from_outside_lets_nothing_in(wedges: bool) -> None:
    # A room (1, 1)-(6, 6); from the intersection (0, 0) outside its corner, every ray along
    # the diagonal passes through the corner (1, 1): the squares inside stay out.
    room = [Wall(points=[(1, 1), (6, 1), (6, 6), (1, 6), (1, 1)])]
    inside = [(k, k) for k in range(1, 6)]
    assert _clear(room, (0.0, 0.0), inside + [(0, 0)], wedges) == [False] * 5 + [True]


@paths
def test_the_outside_of_a_corner_and_a_free_end_are_only_grazed(wedges: bool) -> None:
    # The corner (5, 5) with pieces to (8, 5) and (5, 8): from (3, 7) the ray to (6.5, 3.5)
    # passes the corner with both pieces on its right: nothing is crossed.
    corner = [Wall(points=[(8, 5), (5, 5), (5, 8)])]
    assert _clear(corner, (3.0, 7.0), [(6, 3)], wedges) == [True]
    # The same ray from inside the corner, (7, 7) to (3.5, 3.5), goes out through it.
    assert _clear(corner, (7.0, 7.0), [(3, 3)], wedges) == [False]
    # A wall's free end: from (4, 4) the ray to (6.5, 6.5) passes the end (5, 5) of (5, 5)-(8, 5).
    assert _clear([Wall(points=[(5, 5), (8, 5)])], (4.0, 4.0), [(6, 6)], wedges) == [True]


@paths
def test_a_piece_along_the_ray_takes_no_side(wedges: bool) -> None:
    # From (0, 0) to (5.5, 5.5) the ray runs along (1, 1)-(3, 3), then passes (3, 3) where a
    # piece leaves to its right, (3, 3)-(5, 1): grazed. A piece to its left as well, (3, 3)-
    # (1, 5), closes the way.
    along, right, left = ([(1, 1), (3, 3)], [(3, 3), (5, 1)], [(3, 3), (1, 5)])
    two = [Wall(points=along), Wall(points=right)]
    assert _clear(two, (0.0, 0.0), [(5, 5)], wedges) == [True]
    three = [*two, Wall(points=left)]
    assert _clear(three, (0.0, 0.0), [(5, 5)], wedges) == [False]


@paths
def test_doors_and_windows_seal_a_joint_when_they_stop_areas(wedges: bool) -> None:
    # The wall (0, 5)-(5, 5) and a door (5, 5)-(6, 5): closed, the ray (4, 4) → (6.5, 6.5)
    # through the hinge is stopped; open, the door stops nothing and the wall's end is free.
    # A window stops areas (DESIGN.md §4.3) and seals like a wall.
    def layout(kind: str, is_open: bool) -> list[Wall]:
        return [Wall(points=[(0, 5), (5, 5)]),
                Wall(points=[(5, 5), (6, 5)], kind=kind, open=is_open)]
    o, sq = (4.0, 4.0), [(6, 6)]
    assert _clear(layout("door", False), o, sq, wedges) == [False]
    assert _clear(layout("door", True), o, sq, wedges) == [True]
    assert _clear(layout("window", False), o, sq, wedges) == [False]


@paths
def test_off_the_lattice_a_corner_is_sealed_too(wedges: bool) -> None:
    # 0.7 is not a binary fraction: the pairs are unsure in doubles and decided exactly. The
    # corner (0.7, 0.7) of a room lies on the diagonal from (0, 0) to (2.5, 2.5).
    room = [Wall(points=[(2.1, 0.7), (0.7, 0.7), (0.7, 2.1)])]
    assert _clear(room, (0.0, 0.0), [(2, 2), (1, 0)], wedges) == [False, True]
    # Moved a hair, the corner no longer lies on the ray: the pieces are crossed or missed
    # as any wall is, and the ray to (2.5, 2.5) crosses the piece along x = 0.7000001.
    moved = [Wall(points=[(2.1, 0.7), (0.7000001, 0.7), (0.7000001, 2.1)])]
    assert _clear(moved, (0.0, 0.0), [(2, 2)], wedges) == [False]


def test_a_fireball_against_a_wall_drawn_in_pieces_stays_on_its_side() -> None:
    # A 6 m sphere (dnd2024, centre method) at the intersection (4, 4) below a wall along
    # y = 5 drawn square by square: before the joints sealed, the squares (1, 6), (2, 5),
    # (5, 5) and (6, 6) beyond it were in (rays through joints at odd offsets).
    s = build_scene("dnd2024", [], [wall((x, 5), (x + 1, 5)) for x in range(20)])
    area_stencil._STENCILS.clear()
    t = AreaTemplate(shape="sphere", origin=(4.0, 4.0), size_m=6.0)
    got = {(c, r) for c, r in area_squares(s.geo, t, s.policy).cells().tolist()}
    assert got == naive_area_squares(s.geo, t, s.policy)
    bare = build_scene("dnd2024", [], [])
    reach = {(c, r) for c, r in area_squares(bare.geo, t, bare.policy).cells().tolist()}
    assert len(reach) == 52
    assert got == {sq for sq in reach if sq[1] < 5}  # the 32 squares on the origin's side


# A joint on the way of some rays: the origin on an intersection, the meeting point an odd
# number of squares from it across and along (so squares' centres lie on the ray beyond it,
# at 1.5 and 2.5 times its offset), two to four pieces leaving it in any lattice direction.
odd = st.sampled_from([-3, -1, 1, 3])
direction = st.tuples(st.integers(-4, 4), st.integers(-4, 4)).filter(lambda d: d != (0, 0))


@settings(max_examples=80, deadline=None)
@given(o=st.tuples(st.integers(4, 8), st.integers(4, 8)), j=st.tuples(odd, odd),
       arms=st.lists(direction, min_size=2, max_size=4))
def test_rays_through_a_joint_follow_the_rule_and_the_naive_loop(
        o: tuple[int, int], j: tuple[int, int], arms: list[tuple[int, int]]) -> None:
    jx, jy = o[0] + j[0], o[1] + j[1]
    pieces = [wall((jx, jy), (jx + dx / 2, jy + dy / 2)) for dx, dy in arms]
    t = AreaTemplate(shape="sphere", origin=(float(o[0]), float(o[1])), size_m=12.0,
                     method="touch")
    s = build_scene("dnd2024", [], pieces, cols=12, rows=12)
    area_stencil._STENCILS.clear()
    got = {(c, r) for c, r in area_squares(s.geo, t, s.policy).cells().tolist()}
    assert got == naive_area_squares(s.geo, t, s.policy)
    bare = build_scene("dnd2024", [], [], cols=12, rows=12)
    reach = {(c, r) for c, r in area_squares(bare.geo, t, bare.policy).cells().tolist()}
    # Beyond the joint on its ray, the rule itself: stopped exactly when pieces leave the
    # joint on both sides of the ray (a piece along it takes no side; none can be crossed,
    # since each one only touches the ray at the joint or runs along it).
    sides = {(j[0] * dy > j[1] * dx) - (j[0] * dy < j[1] * dx) for dx, dy in arms}
    for k in (1.5, 2.5):
        sq = (int(o[0] + k * j[0] - 0.5), int(o[1] + k * j[1] - 0.5))
        if sq in reach:
            assert (sq in got) == (not {-1, 1} <= sides), sq


def test_each_square_walls_cut_off_says_what_stops_its_line() -> None:
    # The crypt demo (dnd2024): a 6 m sphere at (9, 6) beside the dividing wall x = 10, with
    # a window (10, 3)-(10, 4) and a closed door (10, 7)-(10, 8) in it. The shape reaches 52
    # squares; 18 are left out, each with the nearest thing on its line from the origin.
    from pathlib import Path

    from battlemap.geometry.map_geometry import MapGeometry
    from battlemap.io.encounter_file import load_encounter

    demo = Path(__file__).resolve().parents[3] / "assets" / "demo" / "dnd2024-crypt.json"
    geo = MapGeometry.from_encounter(load_encounter(demo))
    t = AreaTemplate(shape="sphere", origin=(9.0, 6.0), size_m=6.0)
    res = area_squares(geo, t, build_scene("dnd2024").policy)
    cut = {tuple(s.square): s for s in res.cut_off}
    assert len(res.cells()) == 34 and sorted(cut) == sorted(
        [(10, r) for r in range(2, 10)] + [(11, r) for r in range(3, 9)]
        + [(12, r) for r in range(4, 8)])
    assert cut[(10, 7)].why == cut[(11, 8)].why == (
        "left out: the line from the origin passes through (10,7), between a closed door and "
        "a wall that meet there")
    assert words(cut[(11, 8)].why, "fr") == (
        "hors de la zone : la ligne depuis l'origine passe par (10,7), entre une porte fermée "
        "et un mur qui s'y rejoignent")
    assert cut[(11, 6)].why == "left out: the wall (10,4)–(10,7) stops the line from the origin"
    assert cut[(10, 8)].why == (
        "left out: the closed door (10,7)–(10,8) stops the line from the origin")
    assert words(cut[(10, 2)].why, "fr") == (
        "hors de la zone : la fenêtre (10,3)–(10,4) coupe la ligne depuis l'origine")
    # A square in the area, or one the shape does not reach, is no such square.
    assert res.cut_off_at((9, 6)) is None and res.cut_off_at((15, 6)) is None


def test_an_area_clear_of_walls_leaves_nothing_out() -> None:
    s = build_scene("dnd2024", [], [wall((0, 9), (20, 9))])
    res = area_squares(s.geo, AreaTemplate(shape="sphere", origin=(4.0, 4.0), size_m=4.5),
                       s.policy)
    assert len(res.cells()) > 0 and res.cut_cells().shape == (0, 2) and res.cut_off == []
