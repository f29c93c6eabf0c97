"""The quarter-circle cone's ring (000 "Cible, effet, zone": a 3.5 cone is a quarter circle
centred on its direction) is built from a remembered unit arc per direction: it must be,
bit for bit, the ring of the point-by-point formula it replaced, for any direction, size and
origin, or squares on the edge could change with the cache."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from battlemap.geometry.areas.shapes import CIRCLE_SEGMENTS, _snap, outline
from battlemap.model import AreaShape, AreaTemplate


def _ring_point_by_point(direction: float, r: float, ox: float, oy: float) -> np.ndarray:
    """The formula before the cache: each arc point o + r·(cos a, sin a), snapped."""
    base = math.radians(direction)
    pts = [(ox, oy)]
    for i in range(CIRCLE_SEGMENTS + 1):
        a = base - math.pi / 4 + i * (math.pi / 2) / CIRCLE_SEGMENTS
        c, s = _snap(math.cos(a), math.sin(a))
        pts.append((ox + r * c, oy + r * s))
    return np.array([*pts, pts[0]])


@pytest.mark.parametrize("seed", range(4))
def test_quarter_circle_ring_equals_the_point_by_point_formula(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        direction = rng.choice([rng.uniform(0.0, 360.0), float(rng.randrange(0, 360, 15)),
                                round(rng.uniform(0.0, 360.0), 1)])
        size = rng.choice([1.5, 3.0, 9.0, 18.0, rng.uniform(1.0, 40.0)])
        ox, oy = rng.choice([0.0, 0.5, rng.random()]), rng.choice([0.0, 0.5, rng.random()])
        t = AreaTemplate(shape=AreaShape.CONE, origin=(1.0, 1.0), size_m=size,
                         direction_deg=direction)
        got = outline(t, "quarter_circle", (ox, oy), None)
        want = _ring_point_by_point(direction, size / 1.5, ox, oy)
        assert got.shape == want.shape
        assert np.array_equal(got, want)
        # The same direction again comes from the cache: still the same numbers.
        assert np.array_equal(outline(t, "quarter_circle", (ox, oy), None), want)
