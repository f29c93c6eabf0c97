"""Areas of effect: DESIGN.md §4.7, RULES.md §3; 000 "Cible, effet, zone" (3.5 count),
003 "Cône", "Cube", "Cylindre", "Émanation", "Ligne", "Sphère"."""

from __future__ import annotations

from battlemap.geometry import area_squares
from battlemap.model import AreaTemplate
from tests.geometry.conftest import build_scene, tok, wall

ORIGIN = (10.0, 10.0)  # a grid intersection


def mirror(quadrant, ox=10, oy=10):
    """The four mirror images of a south-east quadrant given as offsets from an intersection."""
    out = set()
    for dx, dy in quadrant:
        out |= {(ox + dx, oy + dy), (ox - 1 - dx, oy + dy), (ox + dx, oy - 1 - dy),
                (ox - 1 - dx, oy - 1 - dy)}
    return out


def _area(system="breche35", tokens=(), walls=(), **tpl):
    s = build_scene(system, list(tokens), list(walls), cols=30, rows=30)
    return area_squares(s.geo, AreaTemplate(**tpl), s.policy)


def test_dnd35_bursts_by_far_corner_count():
    # 000: a square is in if its far corner is within range, diagonals 1-2-1-2.
    r3 = _area(shape="sphere", origin=ORIGIN, size_m=3.0)
    assert r3.square_set() == mirror([(0, 0), (1, 0), (0, 1)])  # the 12-square 3 m burst
    r45 = _area(shape="sphere", origin=ORIGIN, size_m=4.5)
    assert r45.square_set() == mirror([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)])
    r6 = _area(shape="sphere", origin=ORIGIN, size_m=6.0)
    q6 = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3)]
    assert r6.square_set() == mirror(q6)
    corner = next(s for s in r45.squares if s.square == (11, 11))
    assert corner.distance_m == 4.5 and "far corner 4.5 m" in corner.why


def test_half_method_spheres():
    # RULES.md §3 (2024 default): in when at least half the square is covered.
    assert _area("dnd2024", shape="sphere", origin=ORIGIN, size_m=3.0).square_set() == mirror(
        [(0, 0), (1, 0), (0, 1)])
    got = _area("dnd2024", shape="sphere", origin=ORIGIN, size_m=4.5)
    assert got.square_set() == mirror([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1),
                                       (0, 2), (1, 2)])
    edge = next(s for s in got.squares if s.square == (12, 11))
    assert edge.coverage is not None and 0.5 <= edge.coverage < 0.6


def test_methods_differ_on_the_same_circle():
    kw = {"shape": "sphere", "origin": ORIGIN, "size_m": 2.25}
    assert len(_area("dnd2024", method="touch", **kw).squares) == 16
    assert len(_area("dnd2024", method="center", **kw).squares) == 4
    assert len(_area("dnd2024", method="half", **kw).squares) == 4


def test_cones_orthogonal_and_diagonal():
    # 2024 cone (width = distance): 4.5 m east keeps 2x2 squares with ≥ 50 % covered.
    east = _area("dnd2024", shape="cone", origin=ORIGIN, size_m=4.5, direction_deg=0)
    assert east.square_set() == {(11, 10), (12, 10), (11, 9), (12, 9)}
    south = _area("dnd2024", shape="cone", origin=ORIGIN, size_m=4.5, direction_deg=90)
    assert south.square_set() == {(10, 11), (10, 12), (9, 11), (9, 12)}
    # 3.5 cone = quarter circle; cells cut by the 45° edges kept, far corner within range.
    b_east = _area("breche35", shape="cone", origin=ORIGIN, size_m=4.5, direction_deg=0)
    assert b_east.square_set() == {(10, 10), (10, 9), (11, 10), (11, 9), (11, 11), (11, 8),
                                   (12, 10), (12, 9)}
    b_diag = _area("breche35", shape="cone", origin=ORIGIN, size_m=4.5, direction_deg=45)
    assert b_diag.square_set() == {(10, 10), (11, 10), (12, 10), (10, 11), (11, 11), (10, 12)}


def test_lines():
    # 3.5: a line along a grid line takes the row to its right (south when going east).
    right = _area(shape="line", origin=ORIGIN, size_m=9.0, direction_deg=0)
    assert right.square_set() == {(c, 10) for c in range(10, 16)}
    left = _area(shape="line", origin=ORIGIN, size_m=9.0, direction_deg=0, flip=True)
    assert left.square_set() == {(c, 9) for c in range(10, 16)}
    diag = _area(shape="line", origin=ORIGIN, size_m=6.0, direction_deg=45)
    assert diag.square_set() == {(10, 10), (11, 11), (12, 12)}
    # 2024 line 1.5 m wide from a square's edge midpoint: one row; from an intersection
    # it covers 75 % of two rows, so both are in.
    mid = _area("dnd2024", shape="line", origin=(10.0, 10.5), size_m=9.0)
    assert mid.square_set() == {(c, 10) for c in range(10, 16)}
    both = _area("dnd2024", shape="line", origin=ORIGIN, size_m=9.0)
    assert both.square_set() == {(c, r) for c in range(10, 16) for r in (9, 10)}


def test_cube_and_cylinder():
    cube = _area("dnd2024", shape="cube", origin=ORIGIN, size_m=3.0, direction_deg=0)
    assert cube.square_set() == {(10, 10), (11, 10), (10, 11), (11, 11)}
    flipped = _area("dnd2024", shape="cube", origin=ORIGIN, size_m=3.0, direction_deg=0, flip=True)
    assert flipped.square_set() == {(10, 8), (11, 8), (10, 9), (11, 9)}
    flyer = tok("bird", 10, 10, elevation_m=20.0)
    walker = tok("ant", 11, 10)
    cyl = _area("dnd2024", tokens=[flyer, walker], shape="cylinder", origin=ORIGIN, size_m=3.0,
                height_m=6.0)
    assert cyl.tokens == ["ant"]


def test_emanation_moves_with_and_excludes_its_token():
    me = tok("me", 10, 10)
    near = tok("near", 11, 11)
    res = _area("dnd2024", tokens=[me, near], shape="emanation", token="me", size_m=1.5)
    assert res.square_set() == {(c, r) for c in (9, 10, 11) for r in (9, 10, 11)} - {(10, 10)}
    assert res.tokens == ["near"]
    with_me = _area("dnd2024", tokens=[me, near], shape="emanation", token="me", size_m=1.5,
                    include_origin_token=True)
    assert (10, 10) in with_me.square_set() and with_me.tokens == ["me", "near"]
    moved = _area("dnd2024", tokens=[tok("me", 3, 3)], shape="emanation", token="me",
                  size_m=1.5)
    assert moved.square_set() == {(c, r) for c in (2, 3, 4) for r in (2, 3, 4)} - {(3, 3)}
    b35 = _area("breche35", tokens=[me], shape="emanation", token="me", size_m=1.5)
    assert b35.square_set() == res.square_set()


def test_walls_stop_areas():
    res = _area("dnd2024", walls=[wall((11, 0), (11, 30))], shape="sphere", origin=ORIGIN,
                size_m=4.5)
    assert res.square_set() and all(c < 11 for c, _ in res.square_set())


def test_tokens_hit_when_any_square_is_in():
    big = tok("giant", 12, 10, size="large")  # squares 12-13 x 10-11
    res = _area("dnd2024", tokens=[big], shape="sphere", origin=ORIGIN, size_m=4.5)
    assert (12, 10) in res.square_set() and res.tokens == ["giant"]
