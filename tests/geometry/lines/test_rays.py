"""The crossing kernel of area line of effect (DESIGN.md §4.7: a wall stops an area where the
ray from the origin to a square's centre crosses it; grazing a wall's end does not), on both
of its paths (all pairs at once, or the pairs the angular wedges keep): what it calls
crossed GEOS calls `crosses`, and every crossing it does not call is among its "unsure"
pairs; `effect_from` equals GEOS either way, on and off the lattice."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st

from battlemap.geometry.lines._rays import crossings
from battlemap.geometry.lines.from_point import effect_from, on_lattice
from battlemap.geometry.walls.index import WallIndex
from battlemap.model import Wall
from tests.geometry.conftest import dense_max

N = 10
half = st.integers(0, 2 * N).map(lambda v: v / 2)
# Values below 1e-9 become 0: a wall end 1e-211 beside the origin truly crosses a ray from it,
# but GEOS's `crosses` says no (both the old and the new kernel say yes).
free = st.one_of(half, st.floats(0.0, N, allow_nan=False).map(lambda v: v if v > 1e-9 else 0.0),
                 half.map(lambda v: v + 1e-7))
segment = st.tuples(free, free, free, free).filter(lambda s: (s[0], s[1]) != (s[2], s[3]))
origin = st.one_of(st.tuples(half, half), st.tuples(free, free))


def _centres() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    cols, rows = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    cols, rows = cols.ravel(), rows.ravel()
    return cols, rows, np.stack([cols + 0.5, rows + 0.5], axis=1).astype(float)


def _geos_pairs(o: tuple[float, float], ends: np.ndarray, w: np.ndarray) -> set[tuple[int, int]]:
    rays = shapely.linestrings(np.stack([np.broadcast_to(np.array(o), ends.shape), ends], axis=1))
    walls = shapely.linestrings(w.reshape(-1, 2, 2))
    return {(i, j) for i in range(len(ends)) for j in range(len(w))
            if shapely.crosses(rays[i], walls[j])}


@settings(max_examples=40, deadline=None)
@given(o=origin, segs=st.lists(segment, min_size=1, max_size=6))
def test_sure_answers_agree_with_geos_on_both_paths(
        o: tuple[float, float], segs: list[tuple[float, float, float, float]]) -> None:
    _, _, ends = _centres()
    w = np.array(segs, dtype=float)
    exact = on_lattice(w) & bool(on_lattice(np.array(o)))
    crossing = _geos_pairs(o, ends, w)
    for limit in (0, 10**9):  # the wedge path, then all pairs at once
        with dense_max(limit):
            found = crossings(np.array(o), ends, w, exact)
        unsure = set(zip(found.unsure_ray.tolist(), found.unsure_wall.tolist(), strict=True))
        crossed_rays = {i for i, _ in crossing}
        assert set(np.flatnonzero(found.blocked).tolist()) <= crossed_rays
        # A crossing the kernel did not see for sure is left to the exact test.
        assert all(found.blocked[i] or (i, j) in unsure for i, j in crossing)
        # Lattice walls from a lattice origin are never unsure.
        assert not any(exact[j] for _, j in unsure)


def _sealed_by_joints(o: tuple[float, float], ends: np.ndarray,
                      segs: list[tuple[float, float, float, float]]) -> set[int]:
    """Rays that pass strictly through a point where wall pieces meet, with pieces leaving
    on both sides of the ray (walls/joints.py: two pieces meeting at a point are one wall
    there), in exact rationals: one pair of loops, independent of the kernel."""
    meets: dict[tuple[Fraction, Fraction], list[tuple[Fraction, Fraction]]] = {}
    for a, b, c, d in segs:
        p, q = (Fraction(a), Fraction(b)), (Fraction(c), Fraction(d))
        meets.setdefault(p, []).append(q)
        meets.setdefault(q, []).append(p)
    fo = (Fraction(o[0]), Fraction(o[1]))

    def turn(p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction],
             r: tuple[Fraction, Fraction]) -> int:
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 0) - (v < 0)

    out = set()
    for i, (ex, ey) in enumerate(ends.tolist()):
        fe = (Fraction(ex), Fraction(ey))
        for j, others in meets.items():
            if len(others) < 2 or j in (fo, fe) or turn(fo, fe, j) != 0:
                continue
            dot = (j[0] - fo[0]) * (fe[0] - fo[0]) + (j[1] - fo[1]) * (fe[1] - fo[1])
            if not 0 < dot < (fe[0] - fo[0]) ** 2 + (fe[1] - fo[1]) ** 2:
                continue
            sides = {turn(fo, fe, q) for q in others} - {0}
            if sides == {1, -1}:
                out.add(i)
    return out


@settings(max_examples=40, deadline=None)
@given(o=origin, segs=st.lists(segment, min_size=1, max_size=6))
# A ray through the point where two walls meet, the walls leaving it on both sides: stopped
# there (no wall is crossed, each is only touched at its end).
@example(o=(0.0, 0.5), segs=[(1.0, 0.5, 1.0, 0.0), (1.0, 0.5, 2.0, 1.0)])
def test_effect_from_equals_geos_on_both_paths(
        o: tuple[float, float], segs: list[tuple[float, float, float, float]]) -> None:
    cols, rows, ends = _centres()
    w = np.array(segs, dtype=float)
    blocked = {i for i, _ in _geos_pairs(o, ends, w)} | _sealed_by_joints(o, ends, segs)
    want = [i not in blocked for i in range(len(ends))]
    for limit in (0, 10**9):
        walls = WallIndex([Wall(points=[(a, b), (c, d)]) for a, b, c, d in segs])
        with dense_max(limit):
            assert effect_from(walls, o, cols, rows, (N, N)).tolist() == want


def test_grazing_a_wall_end_or_running_along_it_stops_nothing() -> None:
    # Origin (0, 0). The rays to (3.5, 3.5) and (4.5, 4.5) touch the wall (2, 2)-(2, 5) at its
    # end (2, 2) only, and run along the wall (5, 5)-(6, 6): not stopped. The ray to
    # (3.5, 0.5) meets the wall (1, 0)-(4, 0) nowhere but could only graze it. The ray to
    # (1.5, 3.5) crosses the wall (0, 2)-(1, 2) at (6/7, 2): stopped.
    o = np.array([0.0, 0.0])
    ends = np.array([[3.5, 3.5], [4.5, 4.5], [3.5, 0.5], [1.5, 3.5]])
    w = np.array([[2.0, 2.0, 2.0, 5.0], [1.0, 0.0, 4.0, 0.0], [0.0, 2.0, 1.0, 2.0],
                  [5.0, 5.0, 6.0, 6.0]])
    exact = np.ones(len(w), dtype=bool)
    for limit in (0, 10**9):
        with dense_max(limit):
            found = crossings(o, ends, w, exact)
        assert found.blocked.tolist() == [False, False, False, True]
        assert len(found.unsure_ray) == 0


def _blocked_pair_by_pair(o: tuple[float, float], ends: np.ndarray,
                          w: np.ndarray) -> list[bool]:
    """The kernel's formula one pair at a time in Python floats (the code path before the
    matrix product): z = min(s·A×E, s·E×B, s·(A×E + E×B) − |c|) > 0 for some wall."""
    out = []
    for ex, ey in (ends - o).tolist():
        hit = False
        for x0, y0, x1, y1 in w.tolist():
            ax, ay, bx, by = x0 - o[0], y0 - o[1], x1 - o[0], y1 - o[1]
            c = ax * by - ay * bx
            s = (c > 0) - (c < 0)
            p, q = s * (ax * ey - ay * ex), s * (ex * by - ey * bx)
            hit = hit or min(p, q, p + q - abs(c)) > 0
        out.append(hit)
    return out


# Lattice coordinates up to far from the map's corner: products stay exact in doubles.
fine = st.integers(0, 64 * 3000).map(lambda v: v / 64)
fine_seg = st.tuples(fine, fine, fine, fine).filter(lambda s: (s[0], s[1]) != (s[2], s[3]))


@settings(max_examples=40, deadline=None)
@given(o=st.tuples(fine, fine), segs=st.lists(fine_seg, min_size=1, max_size=6),
       cols=st.lists(st.integers(0, 2999), min_size=1, max_size=12),
       rows=st.lists(st.integers(0, 2999), min_size=1, max_size=12))
def test_matrix_product_path_equals_pair_by_pair_on_the_lattice(
        o: tuple[float, float], segs: list[tuple[float, float, float, float]],
        cols: list[int], rows: list[int]) -> None:
    n = min(len(cols), len(rows))
    ends = np.stack([np.array(cols[:n]) + 0.5, np.array(rows[:n]) + 0.5], axis=1)
    w = np.array(segs, dtype=float)
    want = _blocked_pair_by_pair(o, ends, w)
    exact = np.ones(len(w), dtype=bool)
    # The lattice product (`_dense_exact`), the general all-pairs path, the wedge path.
    for limit, exact_limit in ((0, 10**9), (10**9, 0), (0, 0)):
        with dense_max(limit, exact_limit):
            found = crossings(np.array(o), ends, w, exact)
        assert found.blocked.tolist() == want
        assert len(found.unsure_ray) == 0
