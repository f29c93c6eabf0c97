"""adnd2bis levels and shares from the batched hidden share equal those of the per-pair
computation it replaced (issue 9), on random grid scenes with creatures of every size, some
standing across walls (001_dd346e63a171f715.txt, "Modificateurs de Couverture": 25 / 50 /
75 / 90 % of the target hidden from the attacker's best corner)."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from battlemap.geometry import cover_many, pair_levels
from battlemap.geometry.cover._batch import assess
from battlemap.geometry.cover.hidden_share import hidden_fractions
from battlemap.geometry.cover.levels import _bucket, _hidden_many, _toward_cell_centre
from tests.geometry.conftest import build_scene, of_pair, tok, wall

N = 16
SIZES = st.sampled_from(["tiny", "small", "medium", "large", "huge", "gargantuan"])
place = st.tuples(st.integers(0, N - 4), st.integers(0, N - 4), SIZES)
# Walls on half squares, so they run through creatures' spaces and along their edges.
half = st.integers(0, 2 * N).map(lambda v: v / 2)
segment = st.tuples(half, half, half, half, st.sampled_from(["wall", "door", "window"]))
SIDE = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}


def _scene(places, segs):
    toks, taken = [], set()
    for i, (c, r, size) in enumerate(places):
        cells = {(c + x, r + y) for x in range(SIDE[size]) for y in range(SIDE[size])}
        if cells & taken:
            continue
        taken |= cells
        toks.append(tok(f"t{i}", c, r, size=size, side="party" if i == 0 else "foe"))
    walls = [wall((x0, y0), (x1, y1), kind=k) for x0, y0, x1, y1, k in segs
             if (x0, y0) != (x1, y1)]
    return build_scene("adnd2bis", toks, walls, cols=N, rows=N), [t["id"] for t in toks]


def _old_hidden(geo, found, j, attacker, target):
    """The per-pair computation the batch replaced (cover_measure before issue 9's step)."""
    corners = found.lines.corners_of(j)
    inset = corners + _toward_cell_centre(len(corners))
    t_box = tuple(float(v) for v in found.lines.t_boxes[j])
    occluders = (geo.walls.coords[of_pair(found.walls, j)],
                 geo.token_bounds()[of_pair(found.lines.near, j)])
    fractions = hidden_fractions(geo, inset, t_box, (attacker, target), occluders=occluders)
    # The first corner within float noise (1e-9) of the least share.
    ki = int(np.flatnonzero(fractions <= fractions.min() + 1e-9)[0])
    return ki, float(fractions[ki])


# An attacker corner exactly on a diagonal wall that also cuts the target: seen edge-on.
@example(places=[(1, 0, "large"), (0, 0, "tiny")], segs=[(0.0, 0.0, 2.0, 2.0, "wall")])
# An attacker corner (inset to (14.98, 2.98)) exactly on a wall that misses the target: the
# one-target reference once hid a half-plane there (share 1.0) where the batch said 0.0, and
# for a target beyond the wall's end the batch did where the reference said 0.0.
@example(places=[(11, 0, "gargantuan"), (10, 6, "small")],
         segs=[(7.5, 6.5, 16.0, 2.5, "wall")])
@example(places=[(11, 0, "gargantuan"), (5, 9, "small")],
         segs=[(7.5, 6.5, 16.0, 2.5, "wall")])
# Four corners hiding the same 0.7029296875 of the target, one computed a hair below: the
# first corner wins (shares rounded to 9 places once fell on both sides of a boundary).
@example(places=[(0, 0, "tiny"), (0, 4, "gargantuan")], segs=[(0.0, 1.5, 7.5, 13.5, "wall")])
@settings(max_examples=40, deadline=None)
@given(st.lists(place, min_size=2, max_size=7), st.lists(segment, max_size=8))
def test_levels_and_shares_equal_the_per_pair_computation(places, segs):
    s, ids = _scene(places, segs)
    if len(ids) < 2:
        return
    attacker, targets = ids[0], ids[1:]
    found = assess(s.geo, [attacker] * len(targets), targets, s.policy, False, draw_total=True)
    old_levels, old_shares, old_best = [], [], []
    for j, target in enumerate(targets):
        if found.total[j]:
            old_levels.append("total")
            old_shares.append(1.0)
            continue
        corner, share = _old_hidden(s.geo, found, j, attacker, target)
        old_levels.append(_bucket(share))
        old_shares.append(share)
        old_best.append((corner, share))
    # The same best corner of each pair, and its share to float noise.
    live = [j for j in range(len(targets)) if not found.total[j]]
    new_best = _hidden_many(s.geo, found, live)
    assert [k for k, _ in new_best] == [k for k, _ in old_best]
    assert np.allclose([v for _, v in new_best], [v for _, v in old_best], rtol=0, atol=1e-9)
    assert pair_levels(s.geo, [attacker] * len(targets), targets, s.policy) == old_levels
    s.geo.token_cache.clear()
    full = cover_many(s.geo, attacker, targets, s.policy)
    assert [r.level for r in full] == old_levels
    got = [r.hidden_fraction for r in full]
    assert np.allclose(np.array(got, dtype=float), old_shares, rtol=0, atol=1e-9)


@example(places=[(0, 0, "tiny"), (0, 1, "tiny"), (1, 0, "large")],
         segs=[(0.0, 0.0, 2.0, 2.0, "wall")])
@settings(max_examples=25, deadline=None)
@given(st.lists(place, min_size=3, max_size=7), st.lists(segment, max_size=8))
def test_every_pair_of_a_party_batch_equals_the_per_pair_levels(places, segs):
    s, ids = _scene(places, segs)
    if len(ids) < 3:
        return
    attackers = [a for a in ids for t in ids if a != t]
    targets = [t for a in ids for t in ids if a != t]
    found = assess(s.geo, attackers, targets, s.policy, False, draw_total=False)
    old = ["total"] * len(targets)
    for j, p in enumerate(found.measured.tolist()):
        if not found.total[p]:
            old[p] = _bucket(_old_hidden(s.geo, found, j, attackers[p], targets[p])[1])
    s.geo.walls.clear_line_cache.clear()
    assert pair_levels(s.geo, attackers, targets, s.policy) == old


def test_a_huge_creature_across_a_wall_is_half_hidden():
    # A wall down the middle of a huge creature's space (x = 7.5 in [6, 9]) from side to side
    # of the map: from any corner of the attacker, on its left, the far half is hidden and
    # the near half seen → exactly 50 %.
    s = build_scene("adnd2bis", [tok("a", 0, 4, side="party"), tok("h", 6, 3, size="huge")],
                    [wall((7.5, 0), (7.5, 12))], cols=12, rows=12)
    res = cover_many(s.geo, "a", ["h"], s.policy)[0]
    assert res.level == "50"
    assert res.hidden_fraction is not None and abs(res.hidden_fraction - 0.5) < 1e-12
