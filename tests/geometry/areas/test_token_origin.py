"""A cone, line or cube anchored on a creature starts at a grid intersection on its space
(DESIGN.md §4.7), so the 3.5 count gives whole squares: 3.5 from the corner of the space
nearest the aimed direction (000_d623f1b22a06cede.txt "Cible, effet, zone", the 3.5 rule: a
cone or a line "starts from any corner of your square"), 2024 from the intersection on the
space's edge where the direction leaves it (003_04e386f09d3dfd89.txt "Cône": a point of
origin, from the creature's space)."""

from __future__ import annotations

from battlemap.geometry import area_squares
from battlemap.geometry.areas.shapes import token_area_origin
from battlemap.model import AreaTemplate
from tests.geometry.conftest import build_scene, tok

SPACE = (3.0, 5.0, 4.0, 6.0)  # a Medium creature at (3, 5)
LARGE = (3.0, 5.0, 5.0, 7.0)  # a Large one at (3, 5)


def _area(system: str, tokens: list, **tpl):
    s = build_scene(system, tokens, [], cols=14, rows=12)
    return area_squares(s.geo, AreaTemplate(**tpl), s.policy)


def test_breche35_cone_from_a_creature_counts_whole_squares_from_its_corner() -> None:
    # Aimed east from (3, 5): the corner (4, 5) (a tie with (4, 6), to the left-hand side),
    # no more "far corner 2.25 m".
    me = tok("me", 3, 5)
    res = _area("breche35", [me], shape="cone", token="me", size_m=4.5, direction_deg=0)
    assert res.method == "dnd35"
    assert sorted(res.square_set()) == [(4, 4), (4, 5), (5, 3), (5, 4), (5, 5), (5, 6),
                                        (6, 4), (6, 5)]
    assert {s.square: s.distance_m for s in res.squares} == {
        (4, 4): 1.5, (4, 5): 1.5, (5, 3): 4.5, (5, 4): 3.0, (5, 5): 3.0, (5, 6): 4.5,
        (6, 4): 4.5, (6, 5): 4.5}
    placed = _area("breche35", [me], shape="cone", origin=(4.0, 5.0), size_m=4.5,
                   direction_deg=0)
    assert placed.square_set() == res.square_set()  # as if the GM put it on that corner
    flipped = _area("breche35", [me], shape="cone", token="me", size_m=4.5, direction_deg=0,
                    flip=True)
    assert sorted(flipped.square_set()) == [(4, 5), (4, 6), (5, 4), (5, 5), (5, 6), (5, 7),
                                            (6, 5), (6, 6)]


def test_breche35_line_from_a_creature_runs_in_its_row() -> None:
    # DESIGN.md §4.7: a 3.5 line along a grid line takes the row to its right; from the corner
    # (4, 5) that is the creature's own row.
    res = _area("breche35", [tok("me", 3, 5)], shape="line", token="me", size_m=4.5,
                direction_deg=0)
    assert [(s.square, s.distance_m) for s in res.squares] == [
        ((4, 5), 1.5), ((5, 5), 3.0), ((6, 5), 4.5)]


def test_the_corner_or_the_edge_intersection_per_system() -> None:
    # 3.5: a corner of the space; 2024: where the direction leaves it, on an intersection.
    assert token_area_origin(SPACE, 0, "corner") == (4.0, 5.0)
    assert token_area_origin(SPACE, 0, "corner", flip=True) == (4.0, 6.0)
    assert token_area_origin(SPACE, 45, "corner") == (4.0, 6.0)
    assert token_area_origin(SPACE, 30, "corner") == (4.0, 6.0)
    assert token_area_origin(SPACE, 180, "edge") == (3.0, 6.0)  # west: left-hand side is south
    assert token_area_origin(LARGE, 0, "corner") == (5.0, 5.0)
    assert token_area_origin(LARGE, 0, "edge") == (5.0, 6.0)
    assert token_area_origin(LARGE, 90, "edge") == (4.0, 7.0)
    assert token_area_origin(LARGE, 45, "edge") == (5.0, 7.0)


def test_dnd2024_cone_from_a_large_creature_starts_mid_edge() -> None:
    # 003 "Cône": width = distance from the origin; a square is in when half of it is
    # covered (RULES.md §3). A Large creature aimed east: the intersection (5, 6).
    big = tok("big", 3, 5, size="large")
    res = _area("dnd2024", [big], shape="cone", token="big", size_m=4.5, direction_deg=0)
    placed = _area("dnd2024", [big], shape="cone", origin=(5.0, 6.0), size_m=4.5,
                   direction_deg=0)
    assert res.square_set() == placed.square_set()
    # The first column holds a quarter of a square on each side of (5, 6) (25%: out), the
    # second 75%, the third all of (7, 5) and (7, 6) but a quarter of (7, 4) and (7, 7).
    assert {s.square: s.why for s in res.squares} == {
        (6, 5): "75% of the square covered", (6, 6): "75% of the square covered",
        (7, 5): "100% of the square covered", (7, 6): "100% of the square covered"}
