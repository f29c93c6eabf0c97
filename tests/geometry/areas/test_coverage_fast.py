"""`area_coverage.ring_shares` (the stencil's coverage, one row per coordinate) gives bit for
bit the shares of `cell_cover.ring_coverage`, whose exactness against GEOS is tested with the
cover code: circles and rounded boxes as the templates build them, triangles, rotated squares,
rings along grid lines and through grid corners, blocks larger and smaller than the ring."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from battlemap.geometry.areas._coverage import ring_coverage, ring_shares
from battlemap.geometry.areas.shapes import outline
from battlemap.model import AreaShape, AreaTemplate


def _same(ring: np.ndarray, c0: int, r0: int, n_c: int, n_r: int) -> None:
    want = ring_coverage(ring, c0, r0, n_c, n_r)
    got = ring_shares(ring, c0, r0, n_c, n_r)
    assert got.shape == want.shape
    assert np.array_equal(got, want)


def _block(ring: np.ndarray, rng: random.Random) -> tuple[int, int, int, int]:
    lo, hi = np.floor(ring.min(axis=0)), np.ceil(ring.max(axis=0))
    grow = rng.choice([0, 0, 1, -1])  # a block cut short must still match
    c0, r0 = int(lo[0]) - grow, int(lo[1]) - grow
    return c0, r0, max(int(hi[0]) - c0 + grow, 1), max(int(hi[1]) - r0 + grow, 1)


@pytest.mark.parametrize("seed", range(40))
def test_template_rings_have_the_same_shares(seed: int) -> None:
    rng = random.Random(seed)
    shape = rng.choice(list(AreaShape))
    t = AreaTemplate(shape=shape, origin=(0.0, 0.0), size_m=rng.choice([1.5, 3.0, 4.5, 9.0, 18.0]),
                     direction_deg=rng.choice([0.0, 30.0, 45.0, 90.0, 137.0, 200.0]),
                     flip=rng.random() < 0.5, width_m=rng.choice([1.5, 3.0]))
    origin = rng.choice([(0.0, 0.0), (0.5, 0.5), (0.25, 0.75), (rng.random(), rng.random())])
    box = None
    if shape is AreaShape.EMANATION and rng.random() < 0.7:
        side = rng.choice([0.5, 1.0, 2.0, 3.0])
        box = (origin[0], origin[1], origin[0] + side, origin[1] + side)
    ring = outline(t, rng.choice(["quarter_circle", "triangle"]), origin, box)
    _same(ring, *_block(ring, rng))


@pytest.mark.parametrize("seed", range(40))
def test_random_polygons_have_the_same_shares(seed: int) -> None:
    rng = random.Random(1000 + seed)
    k = rng.randint(3, 12)
    # A star-shaped ring around a centre; half the time its points on the half-square lattice
    # (edges along grid lines, vertices on grid corners: the ties of the ring order).
    cx, cy = rng.uniform(-3, 3), rng.uniform(-3, 3)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(k))
    pts = [(cx + r * math.cos(a), cy + r * math.sin(a))
           for a, r in zip(angles, (rng.uniform(0.3, 6) for _ in range(k)), strict=True)]
    if seed % 2:
        pts = [(round(x * 2) / 2, round(y * 2) / 2) for x, y in pts]
    if rng.random() < 0.5:
        pts.reverse()  # either orientation
    ring = np.array([*pts, pts[0]], dtype=float)
    _same(ring, *_block(ring, rng))


def test_a_diamond_through_grid_corners() -> None:
    ring = np.array([(2.0, 0.0), (4.0, 2.0), (2.0, 4.0), (0.0, 2.0), (2.0, 0.0)])
    _same(ring, 0, 0, 4, 4)
    # 000 "Cible, effet, zone": a diagonal cuts each square it crosses in exact halves.
    assert ring_shares(ring, 0, 0, 4, 4)[0].tolist() == [0.0, 0.5, 0.5, 0.0]
