"""The cover kernels rewritten with fewer numpy calls (issue 9) give exactly the answers of
the plain formulations they replace: each is compared, bit for bit, with a direct per-item
computation written here, on seeded random cases with the degenerate ones a map has (walls
on grid lines, shared ends, zero-length cuts)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from battlemap.geometry.cover._hidden_batch import piece_areas
from battlemap.geometry.walls._cells import EDGE, MARGIN, off_walls
from battlemap.geometry.walls.index import WallIndex
from battlemap.geometry.walls.segments import (
    all_true,
    any_true,
    apart_or_along,
    boxes_meet,
    crossings,
    pair_grid,
)
from battlemap.model import Wall
from tests.geometry.conftest import wall

SEEDS = range(6)


def _clip_ref(h: np.ndarray, t0: np.ndarray, t1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # One side at a time, as the areas were measured before the sides were stacked.
    hn = h[[1, 2, 3, 0]]
    with np.errstate(divide="ignore", invalid="ignore"):
        tc = h / (h - hn)
    return np.maximum(t0, np.where(h > 0, tc, 0.0)), np.minimum(t1, np.where(hn > 0, tc, 1.0))


def _area_ref(q: np.ndarray, a0: float, a1: float, line: tuple[float, ...] | None) -> float:
    """Area of one box (corners q (8,): x then y, relative to the apex) in the wedge a0..a1,
    beyond `line`: the three clips one after the other, then Green's sum."""
    qx, qy = q[:4], q[4:]
    ux0, uy0, ux1, uy1 = np.cos(a0), np.sin(a0), np.cos(a1), np.sin(a1)
    t0, t1 = _clip_ref(uy0 * qx - ux0 * qy, np.zeros(4), np.ones(4))
    t0, t1 = _clip_ref(ux1 * qy - uy1 * qx, t0, t1)
    under = 0.0
    if line is not None:
        lx0, ly0, lx1, ly1 = line
        k0 = lx0 * ly1 - ly0 * lx1
        sign = np.sign(k0)
        t0, t1 = _clip_ref(sign * (ly0 - ly1) * qx + sign * (lx1 - lx0) * qy + abs(k0), t0, t1)
        c0 = ux0 * (ly1 - ly0) - uy0 * (lx1 - lx0)
        c1 = ux1 * (ly1 - ly0) - uy1 * (lx1 - lx0)
        if k0 != 0:
            with np.errstate(divide="ignore", invalid="ignore"):
                under = k0 * k0 * (ux0 * uy1 - uy0 * ux1) / (c0 * c1)
    edges = np.maximum(t1 - t0, 0.0) * (qx * qy[[1, 2, 3, 0]] - qy * qx[[1, 2, 3, 0]])
    return float(np.maximum(((edges[0] + edges[1]) + edges[2]) + edges[3] - under, 0.0) / 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_stacked_clips_give_the_areas_of_one_clip_at_a_time(seed):
    rng = np.random.default_rng(seed)
    n = 60
    x0 = rng.integers(-4, 4, n) + rng.choice([0.0, 0.5, 0.02], n)
    y0 = rng.integers(-4, 4, n) + rng.choice([0.0, 0.5, 0.98], n)
    w, h = rng.choice([0.5, 1.0, 3.0], n), rng.choice([0.5, 1.0, 3.0], n)
    q = np.array([x0, x0 + w, x0 + w, x0, y0, y0, y0 + h, y0 + h])
    a0 = rng.uniform(-math.pi, math.pi, n)
    a1 = a0 + rng.choice([0.0, 1e-3, 0.3, 1.5, 3.0], n)
    lines = rng.integers(-3, 4, (4, n)).astype(float)
    lines[:, rng.random(n) < 0.3] = 0.0  # no cut: a whole wedge
    lines[2, rng.random(n) < 0.2] = lines[0, 0]  # some cuts on one x
    u0, u1 = (np.cos(a0), np.sin(a0)), (np.cos(a1), np.sin(a1))
    with np.errstate(divide="ignore", invalid="ignore"):
        plain = piece_areas(q, u0, u1, None)
        cut = piece_areas(q, u0, u1, (lines[0], lines[1], lines[2], lines[3]))
    for i in range(n):
        assert plain[i] == _area_ref(q[:, i], a0[i], a1[i], None)
        want = _area_ref(q[:, i], a0[i], a1[i], tuple(lines[:, i].tolist()))
        assert cut[i] == want or (math.isnan(cut[i]) and math.isnan(want))


def _segments(rng: np.random.Generator, k: int) -> np.ndarray:
    """(8, k) rows px, py, qx, qy, ax, ay, bx, by on a half-square lattice (touching ends,
    collinear runs, crossings) with some off-lattice ones."""
    rows = rng.integers(0, 6, (8, k)) / 2 + (rng.random((8, k)) < 0.2) * rng.random((8, k))
    same = rng.random(k) < 0.2
    rows[5, same] = rows[1, same]  # a-b on the line y = py when p-q is flat too
    rows[7, same] = rows[1, same]
    rows[3, same] = rows[1, same]
    return rows


@pytest.mark.parametrize("seed", SEEDS)
def test_apart_or_along_is_crossings_no_or_along(seed):
    rows = _segments(np.random.default_rng(seed), 400)
    _, no, along = crossings(rows)
    assert np.array_equal(apart_or_along(rows), no | along)
    assert (no | along).any() and not (no | along).all()  # both answers occur


@pytest.mark.parametrize("seed", SEEDS)
def test_boxes_meet_is_the_per_pair_bounding_box_test(seed):
    rng = np.random.default_rng(seed)
    coords = rng.integers(0, 8, (30, 4)) / 2
    bounds = np.sort(rng.integers(0, 8, (20, 4)).reshape(20, 2, 2) / 2, axis=1)
    bounds = bounds.transpose(0, 2, 1).reshape(20, 4)  # x0, y0, x1, y1 with lo <= hi
    li, seg = rng.integers(0, 30, 200), rng.integers(0, 20, 200)
    want = []
    for k, (i, s) in enumerate(zip(li.tolist(), seg.tolist(), strict=True)):
        x0, y0, x1, y1 = coords[i].tolist()
        bx0, by0, bx1, by1 = bounds[s].tolist()
        if (min(x0, x1) <= bx1 and bx0 <= max(x0, x1) and min(y0, y1) <= by1
                and by0 <= max(y0, y1)):
            want.append(k)
    assert boxes_meet(coords, li, bounds, seg).tolist() == want


@pytest.mark.parametrize("seed", SEEDS)
def test_pair_grid_lists_every_item_with_every_partner(seed):
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 4, 7)
    partners = np.sort(rng.integers(0, 7, 12))
    items, rows = pair_grid(counts, partners)
    first = np.concatenate([[0], counts.cumsum()[:-1]])
    want = [(int(first[g]) + j, r) for r, g in enumerate(partners.tolist())
            for j in range(int(counts[g]))]
    assert list(zip(items.tolist(), rows.tolist(), strict=True)) == want
    assert pair_grid(np.zeros(3, dtype=np.intp), np.array([0, 2]))[0].tolist() == []


def _off_walls_ref(walls: WallIndex, pts: list[tuple[float, float]]) -> bool:
    """wall_cells' rule, square by square: no point may sit within EDGE of its square's
    edge, and no effect segment's box grown by MARGIN may meet a point's square shrunk by
    EDGE."""
    effect = walls.bounds.take(walls.tree("effect")[1], axis=0).tolist()
    for x, y in pts:
        cx, cy = math.floor(x), math.floor(y)
        if not (EDGE <= x - cx <= 1 - EDGE and EDGE <= y - cy <= 1 - EDGE):
            return False
        for x0, y0, x1, y1 in effect:
            if (x0 - MARGIN <= cx + 1 - EDGE and cx + EDGE <= x1 + MARGIN
                    and y0 - MARGIN <= cy + 1 - EDGE and cy + EDGE <= y1 + MARGIN):
                return False
    return True


@pytest.mark.parametrize("seed", SEEDS)
def test_off_walls_is_the_square_by_square_rule(seed):
    rng = random.Random(seed)
    drawn = []
    for _ in range(rng.randrange(1, 8)):
        a = (rng.randrange(0, 12) / 2, rng.randrange(0, 12) / 2)
        b = (a[0] + rng.choice([0, 1, 2.5]), a[1] + rng.choice([0, 1, -1.5]))
        if a != b:
            drawn.append(Wall.model_validate(wall(a, b, kind=rng.choice(["wall", "door"]),
                                                   open=rng.random() < 0.3)))
    walls = WallIndex(drawn)
    answers = set()
    for _ in range(60):
        pts = [(rng.randrange(-3, 10) + rng.choice([0.02, 0.98, 0.5, 0.005]),
                rng.randrange(-3, 10) + rng.choice([0.02, 0.98, 0.5]))
               for _ in range(rng.randrange(1, 5))]
        got = off_walls(walls, np.array(pts))
        assert got == _off_walls_ref(walls, pts)
        answers.add(got)
    assert answers == {True, False}


@pytest.mark.parametrize("seed", SEEDS)
def test_any_true_and_all_true_are_any_and_all(seed):
    rng = np.random.default_rng(seed)
    for n in (0, 1, 2, 7):
        for p in (0.0, 0.3, 1.0):
            x = rng.random(n) < p
            assert any_true(x) is bool(x.any())
            assert all_true(x) is bool(x.all())
