"""Property tests (issue 2): flanking symmetric in the two partners, cover never improves when
a blocker is added, areas invariant under a 90° rotation of the whole scene, path cost at
least the straight-line distance; and the vectorised code agrees with the naive loops."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import area_squares, distance_m, flanking, plan_path
from battlemap.geometry.cover import cover
from battlemap.model import AreaTemplate
from benchmarks.baselines.geometry import naive_area_squares, naive_cover_level
from tests.geometry.conftest import build_scene, tok, wall

N = 16
SYSTEMS = st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"])
cell = st.tuples(st.integers(0, N - 1), st.integers(0, N - 1))
RANK = {"none": 0, "partial": 1, "half": 1, "25": 1, "50": 2, "three_quarters": 2, "75": 3,
        "90": 4, "total": 9}


def _distinct(cells):
    return len(set(cells)) == len(cells)


@settings(max_examples=40, deadline=None)
@given(SYSTEMS, st.lists(cell, min_size=3, max_size=3).filter(_distinct))
def test_flanking_symmetric_in_the_partners(system, cells):
    (ac, ar), (tc, tr), (pc, pr) = cells
    toks = [tok("a", ac, ar, side="party"), tok("t", tc, tr), tok("p", pc, pr, side="party")]
    s = build_scene(system, toks, cols=N, rows=N, options={"flanking": True})
    one = flanking(s.geo, "a", "t", s.policy)
    other = flanking(s.geo, "p", "t", s.policy)
    assert one.flanked == other.flanked
    assert ("p" in one.partners) == ("a" in other.partners)


blocker = st.one_of(
    st.tuples(st.just("wall"), st.integers(1, N - 1), st.integers(0, N - 1),
              st.integers(1, N - 1), st.integers(0, N - 1)),
    st.tuples(st.just("creature"), st.integers(0, N - 1), st.integers(0, N - 1),
              st.just(0), st.just(0)),
)


@settings(max_examples=40, deadline=None)
@given(SYSTEMS, st.lists(cell, min_size=2, max_size=2).filter(_distinct),
       st.lists(blocker, max_size=3), blocker)
def test_cover_never_improves_when_a_blocker_is_added(system, cells, before, added):
    (ac, ar), (tc, tr) = cells

    def scene(blockers):
        toks = [tok("a", ac, ar, side="party"), tok("t", tc, tr)]
        walls = []
        for i, (kind, x0, y0, x1, y1) in enumerate(blockers):
            if kind == "wall" and (x0, y0) != (x1, y1):
                walls.append(wall((x0 + 0.3, y0 + 0.3), (x1 + 0.6, y1 + 0.1)))
            elif kind == "creature" and (x0, y0) not in cells + [(b[1], b[2]) for b in
                                                                 blockers[:i]]:
                toks.append(tok(f"c{i}", x0, y0, side="neutral"))
        return build_scene(system, toks, walls, cols=N, rows=N)

    s0, s1 = scene(before), scene([*before, added])
    lv0 = cover(s0.geo, "a", "t", s0.policy).level
    lv1 = cover(s1.geo, "a", "t", s1.policy).level
    assert RANK[lv1] >= RANK[lv0]


def _rot_point(x, y):
    return (N - y, x)  # 90° clockwise on screen (y down): east becomes south


@settings(max_examples=30, deadline=None)
@given(SYSTEMS, st.sampled_from(["cone", "sphere", "line", "cube", "cylinder"]),
       st.integers(4, 12), st.integers(4, 12), st.sampled_from([1.5, 3.0, 4.5, 6.0, 7.5]),
       st.sampled_from([0, 30, 45, 90, 135, 200, 270, 315]),
       st.sampled_from([None, "dnd35", "half", "touch", "center"]), st.booleans())
def test_areas_invariant_under_rotation(system, shape, ox, oy, size, direction, method,
                                        with_wall):
    walls = [((ox + 1.0, oy - 3.0), (ox + 1.0, oy + 1.0))] if with_wall else []
    kw = {"shape": shape, "size_m": size, "method": method}
    s = build_scene(system, [], [wall(*w) for w in walls], cols=N, rows=N)
    got = area_squares(s.geo, AreaTemplate(origin=(ox, oy), direction_deg=direction, **kw),
                       s.policy).square_set()
    rw = [wall(_rot_point(*a), _rot_point(*b)) for a, b in walls]
    r = build_scene(system, [], rw, cols=N, rows=N)
    rot = area_squares(r.geo, AreaTemplate(origin=_rot_point(ox, oy),
                                           direction_deg=direction + 90, **kw),
                       r.policy).square_set()
    assert rot == {(N - 1 - row, col) for col, row in got}


@settings(max_examples=40, deadline=None)
@given(SYSTEMS, st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1)).filter(any),
                         min_size=1, max_size=12),
       st.sampled_from([None, "d35", "chebyshev"]))
def test_path_cost_at_least_straight_distance(system, moves, diagonals):
    s = build_scene(system, [tok("m", 8, 8, side="party")], cols=N * 2, rows=N * 2,
                    options={"diagonals": diagonals} if diagonals else None)
    squares, c, r = [], 8, 8
    for dx, dy in moves:
        c, r = c + dx, r + dy
        squares.append((c, r))
    res = plan_path(s.geo, "m", squares, s.policy, speed_m=300)
    assert res.cost_m >= distance_m((8, 8), (c, r), s.policy.diagonals) - 1e-9


@settings(max_examples=25, deadline=None)
@given(SYSTEMS, st.sampled_from(["cone", "sphere", "line", "cube", "emanation"]),
       st.integers(3, 12), st.integers(3, 12), st.sampled_from([1.5, 3.0, 4.5, 6.0]),
       st.integers(0, 359), st.sampled_from([None, "dnd35", "half", "touch", "center"]))
def test_vectorised_areas_match_naive(system, shape, ox, oy, size, direction, method):
    s = build_scene(system, [tok("me", ox, oy)], [wall((ox + 2.5, 0), (ox + 2.5, 7))],
                    cols=N, rows=N)
    origin = None if shape == "emanation" else (float(ox), float(oy))
    tpl = AreaTemplate(shape=shape, origin=origin, token="me" if origin is None else None,
                       size_m=size, direction_deg=direction, method=method)
    assert area_squares(s.geo, tpl, s.policy).square_set() == naive_area_squares(
        s.geo, tpl, s.policy)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["breche35", "dnd2024"]),
       st.lists(cell, min_size=4, max_size=4).filter(_distinct),
       st.lists(st.tuples(st.integers(0, N), st.integers(0, N), st.integers(0, N),
                          st.integers(0, N)), max_size=3))
def test_vectorised_cover_matches_naive(system, cells, segs):
    (ac, ar), (tc, tr), (bc, br), (cc, cr) = cells
    toks = [tok("a", ac, ar, side="party"), tok("t", tc, tr), tok("b", bc, br, side="x"),
            tok("c", cc, cr, side="x")]
    walls = [wall((x0, y0), (x1 + 0.5, y1)) for x0, y0, x1, y1 in segs]
    s = build_scene(system, toks, walls, cols=N + 1, rows=N + 1)
    assert cover(s.geo, "a", "t", s.policy).level == naive_cover_level(s.geo, "a", "t",
                                                                          s.policy)
