"""Turned stencils (`stencil_turns`, DESIGN.md §4.7): a cone, line or cube from an
intersection at a snapped direction reuses the stencil of its 0–45° base, turned or mirrored.
Every snapped direction, size, flip and cone shape a GM can place is compared with the stencil
built directly from its own outline: the same squares in, the same 3.5 counts, centres and line axis, same
coverage (to one unit of the 12th decimal it is rounded to), so every method keeps the
same squares."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from battlemap.geometry.areas import _stencil as area_stencil
from battlemap.geometry.areas._stencil import TURNS, Stencil, Turn, TurnedStencil, base_of, stencil
from battlemap.geometry.areas.shapes import Placed, outline
from battlemap.geometry.policy import GeometryPolicy
from battlemap.model import AreaShape, AreaTemplate
from battlemap.rules.core.system import get_system

SIZES = (1.5, 3.0, 4.5, 6.0, 9.0, 13.5, 18.0, 30.0)


def _placed(t: AreaTemplate, cone_shape: str) -> Placed:
    return Placed((0.0, 0.0), None, t.size_m / 1.5,
                  lambda: outline(t, cone_shape, (0.0, 0.0), None))


def _policy(cone_shape: str) -> GeometryPolicy:
    # breche35's policy has the 3.5 quarter circle, dnd2024's the triangle (RULES.md §3).
    return get_system("breche35" if cone_shape == "quarter_circle" else "dnd2024").geometry


def _arrays(st: Stencil) -> dict[str, np.ndarray]:
    out = {"cov": st.coverage(), "centre": st.centre_inside(), "count": st.d35_count()}
    if st.template.shape is AreaShape.LINE:
        out["axis"] = st.axis_crossed()
    return out


def _where(st: Stencil, mask: np.ndarray) -> set[tuple[int, int]]:
    """The squares (local columns and rows) where `mask` holds."""
    i, j = np.nonzero(mask)
    return set(zip((i + st.c0).tolist(), (j + st.r0).tolist(), strict=True))


def _values(st: Stencil, arr: np.ndarray, squares: set[tuple[int, int]]) -> list[float]:
    return [float(arr[c - st.c0, r - st.r0]) for c, r in sorted(squares)]


CASES = [(shape, cone, width, flip)
         for shape, cone, width, flip in itertools.product(
             list(AreaShape), ["quarter_circle", "triangle"], [1.5, 4.5], [False, True])
         if shape in (AreaShape.CONE, AreaShape.LINE, AreaShape.CUBE)
         and (shape is AreaShape.CONE or cone == "triangle")
         and (shape is AreaShape.LINE or width == 1.5)]


@pytest.mark.parametrize(("shape", "cone", "width", "flip"), CASES)
def test_every_turned_stencil_equals_the_one_built_directly(shape, cone, width, flip):
    policy = _policy(cone)
    turned = 0
    for size, deg in itertools.product(SIZES, range(0, 360, 15)):
        t = AreaTemplate(shape=shape, origin=(10.0, 10.0), size_m=size, direction_deg=deg,
                         width_m=width, flip=flip)
        area_stencil._STENCILS.clear()
        got = stencil(t, policy, _placed(t, cone))
        want = Stencil(t, _placed(t, cone))
        turned += isinstance(got, TurnedStencil)
        where = (shape.value, cone, width, flip, size, deg)
        g, w = _arrays(got), _arrays(want)
        # A block may carry an empty row or column more than the other (its ring's bounds
        # round out by an ulp): squares are compared where they are, not by block.
        for cut in (0.5 - 1e-9, 1e-6, 1.0):  # what the methods compare: half, any, whole
            assert _where(got, g["cov"] >= cut) == _where(want, w["cov"] >= cut), (cut, where)
        for name in ("centre", "axis"):
            if name in w:
                assert _where(got, g[name]) == _where(want, w[name]), (name, where)
        touched = _where(want, w["cov"] > 0)
        assert _values(got, g["count"], touched) == _values(want, w["count"], touched), where
        cov_g, cov_w = _values(got, g["cov"], touched), _values(want, w["cov"], touched)
        assert max(abs(a - b) for a, b in zip(cov_g, cov_w, strict=True)) <= 1.5e-12, where
    # 20 of the 24 directions are turned copies (0, 15, 30, 45° are built).
    assert turned == 20 * len(SIZES)


def test_a_sweep_around_the_origin_builds_four_stencils_per_size():
    policy = _policy("triangle")
    area_stencil._STENCILS.clear()
    for deg in range(0, 360, 15):
        t = AreaTemplate(shape="cone", origin=(3.0, 4.0), size_m=9.0, direction_deg=deg)
        stencil(t, policy, _placed(t, "triangle"))
    built = [s for s in area_stencil._STENCILS.values() if not isinstance(s, TurnedStencil)]
    assert sorted(s.template.direction_deg for s in built) == [0.0, 15.0, 30.0, 45.0]


@pytest.mark.parametrize("deg", [7.5, 100.1, 44.0])
def test_a_free_direction_is_built_directly(deg):
    assert base_of(deg) is None
    policy = _policy("triangle")
    area_stencil._STENCILS.clear()
    t = AreaTemplate(shape="cone", origin=(3.0, 4.0), size_m=9.0, direction_deg=deg)
    assert type(stencil(t, policy, _placed(t, "triangle"))) is Stencil


def test_off_an_intersection_no_turn_is_used():
    # Half a square off the grid the grid is not symmetric about the origin.
    policy = _policy("triangle")
    area_stencil._STENCILS.clear()
    t = AreaTemplate(shape="cone", origin=(3.5, 4.0), size_m=9.0, direction_deg=120.0)
    placed = Placed((3.5, 4.0), None, 6.0,
                    lambda: outline(t, "triangle", (0.5, 0.0), None), (3, 4))
    assert type(stencil(t, policy, placed)) is Stencil


def test_the_eight_turns_map_the_bases_onto_every_snapped_direction():
    images = {turn.direction(b) for turn in TURNS for b in (0, 15, 30, 45)}
    assert images == set(range(0, 360, 15))
    # A mirror reverses orientation, a turn keeps it: four of each.
    assert sum(turn.mirrors for turn in TURNS) == 4
    # Quarter turn clockwise on screen (y down): east → south, square (2, 0) → (−1, 2).
    quarter = Turn(swap=True, sx=-1, sy=1)
    assert quarter.direction(0) == 90 and not quarter.mirrors
    assert quarter.block(2, 0, 1, 1) == (-1, 2, 1, 1)
    # Every square's value lands on its image, for each of the eight (block columns 1–2,
    # rows −1…1: value 10·c + r).
    a = np.array([[10.0 * c + r for r in (-1, 0, 1)] for c in (1, 2)])
    for turn in TURNS:
        c0, r0, n_c, n_r = turn.block(1, -1, 2, 3)
        b = turn.array(a)
        assert b.shape == (n_c, n_r)
        for c, r in itertools.product((1, 2), (-1, 0, 1)):
            x, y = (r, c) if turn.swap else (c, r)
            x = -x - 1 if turn.sx < 0 else x
            y = -y - 1 if turn.sy < 0 else y
            assert b[x - c0, y - r0] == 10.0 * c + r, (turn, c, r)
