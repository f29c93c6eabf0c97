"""The batched hidden share (`shadows.hidden_fractions_many`, issue 9) equals the per-target
`hidden_fractions` it replaces and the polygon union of `hidden_fraction`, on random scenes:
walls crossing the target, creatures inside or straddling it, points on every side of it,
inside its span on one axis, or inside it (001_dd346e63a171f715.txt, "Modificateurs de
Couverture": cover is the share of the target hidden from the attacker)."""

from __future__ import annotations

import numpy as np
import pytest

from battlemap.geometry.cover.hidden_share import (
    hidden_fraction,
    hidden_fractions,
    hidden_fractions_many,
)


def _random_batch(rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    """1–3 targets, each with a few points, segments and creature boxes around it (many
    crossing it, some points within its span on one axis, a few inside it)."""
    pts, own, tbs, segs, s_own, boxes, b_own = [], [], [], [], [], [], []
    for j in range(int(rng.integers(1, 4))):
        x0, y0 = rng.uniform(0, 6, 2)
        w, h = rng.uniform(0.5, 4, 2)
        tbs.append((x0, y0, x0 + w, y0 + h))
        for _ in range(int(rng.integers(1, 5))):
            pts.append(rng.uniform(-4, 12, 2))
            own.append(j)
        for _ in range(int(rng.integers(0, 6))):
            segs.append(rng.uniform(-2, 10, 4))
            s_own.append(j)
        for _ in range(int(rng.integers(0, 3))):
            a, side = rng.uniform(-2, 10, 2), rng.uniform(0.3, 2)
            boxes.append((a[0], a[1], a[0] + side, a[1] + side))
            b_own.append(j)
    return (np.array(pts), np.array(own), np.array(tbs), np.array(segs).reshape(-1, 4),
            np.array(s_own, dtype=np.intp), np.array(boxes).reshape(-1, 4),
            np.array(b_own, dtype=np.intp))


def _in_a_box(p: np.ndarray, boxes: np.ndarray) -> bool:
    return bool(((boxes[:, 0] < p[0]) & (p[0] < boxes[:, 2]) & (boxes[:, 1] < p[1])
                 & (p[1] < boxes[:, 3])).any())


@pytest.mark.parametrize("seed", range(4))
def test_batch_equals_one_target_at_a_time_and_the_polygon_union(seed):
    rng = np.random.default_rng(seed)
    checked = 0
    for _ in range(60):
        pts, own, tbs, segs, s_own, boxes, b_own = _random_batch(rng)
        got = hidden_fractions_many(pts, own, tbs, segs, s_own, boxes, b_own)
        for j, box in enumerate(tbs):
            occluders = (segs[s_own == j], boxes[b_own == j])
            mine = own == j
            old = hidden_fractions(None, pts[mine], tuple(box), (), occluders=occluders)  # type: ignore[arg-type]
            assert np.allclose(got[mine], old, rtol=0, atol=1e-9)
            for p, share in zip(pts[mine], got[mine], strict=True):
                if _in_a_box(p, occluders[1]):
                    continue  # a point inside a creature: the by-angles answer, as before
                union = hidden_fraction(None, (float(p[0]), float(p[1])), tuple(box), (),  # type: ignore[arg-type]
                                        occluders=occluders)
                assert share == pytest.approx(union, abs=1e-9)
                checked += 1
    assert checked > 200  # the union comparison ran on most points


def test_a_wall_across_a_target_hides_the_part_beyond_it():
    # Point (0, 1), target [4, 6] × [0, 2]. A wall on x = 5 from y = 1 up hides the rays that
    # cross it: beyond x = 5 and above y = 1, a quarter of the target.
    tb = np.array([(4.0, 0.0, 6.0, 2.0)])
    one = np.zeros(1, dtype=np.intp)
    p = np.array([(0.0, 1.0)])
    half_wall = np.array([(5.0, 1.0, 5.0, 3.0)])
    got = hidden_fractions_many(p, one, tb, half_wall, one, np.empty((0, 4)), one[:0])
    assert got[0] == pytest.approx(0.25, abs=1e-12)
    # The whole height: everything beyond x = 5, half the target.
    full = np.array([(5.0, -1.0, 5.0, 3.0)])
    got = hidden_fractions_many(p, one, tb, full, one, np.empty((0, 4)), one[:0])
    assert got[0] == pytest.approx(0.5, abs=1e-12)


def test_a_creature_inside_the_target_and_a_wall_in_front():
    # Point (0, 1), target [4, 8] × [0, 2] (area 8). A creature [6, 7] × [1.5, 2] inside it
    # hides itself and what lies beyond it: x in [6, 7] above y = 1.5 (0.5), then for x in
    # [7, 8] above the ray through its corner (7, 1.5), y = 1 + x / 14 (1 - 15/28). A wall in
    # front from (2, 0.8) to (2, 0) hides the target below the ray y = 1 - x / 10:
    # the integral of 1 - x / 10 over [4, 8], 1.6.
    tb = np.array([(4.0, 0.0, 8.0, 2.0)])
    one = np.zeros(1, dtype=np.intp)
    p = np.array([(0.0, 1.0)])
    box = np.array([(6.0, 1.5, 7.0, 2.0)])
    wall = np.array([(2.0, 0.8, 2.0, 0.0)])
    got = hidden_fractions_many(p, one, tb, wall, one, box, one)
    assert got[0] == pytest.approx((0.5 + 1 - 15 / 28 + 1.6) / 8, abs=1e-12)


def test_points_inside_the_target_fall_back_to_the_polygon_union():
    tb = np.array([(0.0, 0.0, 4.0, 4.0)])
    one = np.zeros(1, dtype=np.intp)
    p = np.array([(1.0, 2.0)])
    wall = np.array([(2.0, -1.0, 2.0, 5.0)])  # everything right of x = 2: half
    got = hidden_fractions_many(p, one, tb, wall, one, np.empty((0, 4)), one[:0])
    assert got[0] == pytest.approx(0.5, abs=1e-9)


def test_a_point_lying_on_a_wall_sees_it_edge_on():
    # From a point on the wall (7.5, 6.5)-(16, 2.5), every line to the target box (10, 6)-
    # (11, 7) leaves the wall at once: nothing is hidden. The angular method steps aside
    # for such points (it would hide a half-plane) and the polygon union answers 0.
    from battlemap.geometry.cover._hidden_angles import hidden_by_angles

    seg = np.array([[7.5, 6.5, 16.0, 2.5]])
    t_box = (10.0, 6.0, 11.0, 7.0)
    on, off = (14.98, 2.98), (14.98, 3.5)  # on the wall ((x − 7.5)·4/8.5 below 6.5); above it
    pts = np.array([on, off])
    angles = hidden_by_angles(pts, t_box, seg, np.empty((0, 4)))
    assert np.isnan(angles[0]) and angles[1] == 0.0
    assert hidden_fraction(None, on, t_box, (), occluders=(seg, np.empty((0, 4)))) == 0.0
    many = hidden_fractions_many(pts, np.array([0, 0]), np.array([t_box]), seg,
                                 np.array([0]), np.empty((0, 4)), np.empty(0, dtype=np.intp))
    assert many.tolist() == [0.0, 0.0]
