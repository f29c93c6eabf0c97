"""The AD&D 2bis drag path (issue 9): levels only, measured as hidden shares, skip what the
levels never read (creature lines, the GEOS test of unsure wall pairs of a visible foe).
They must equal the levels of the full results (001_dd346e63a171f715.txt, "Modificateurs de
Couverture": 25 / 50 / 75 / 90 % hidden from the attacker's best corner; total cover when
no line reaches the target)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from battlemap.geometry import cover_many, pair_levels
from battlemap.geometry.cover import _corner_lines as cover_lines
from battlemap.geometry.lines import blockers as sightlines
from battlemap.geometry.lines.blockers import blocking_walls
from tests.geometry.conftest import build_scene, tok, wall
from tests.geometry.cover.test_cold import _random_scene


def _all_pairs(ids: list[str]) -> tuple[list[str], list[str]]:
    return [a for a in ids for t in ids if t != a], [t for a in ids for t in ids if t != a]


@pytest.mark.parametrize("seed", range(60))
def test_drag_levels_equal_the_full_results_and_the_unskipped_path(seed, monkeypatch):
    s, ids = _random_scene(seed, "adnd2bis")
    if len(ids) < 2:
        return
    attackers, targets = _all_pairs(ids)
    fast = pair_levels(s.geo, attackers, targets, s.policy)  # type: ignore[attr-defined]
    # The full results draw every option with creature lines and exact wall tests.
    full = [r.level for a in ids for r in cover_many(
        s.geo, a, [t for t in ids if t != a], s.policy)]  # type: ignore[attr-defined]
    assert fast == full
    # The levels path with nothing skipped: creature lines and every unsure pair to GEOS.
    plain = cover_lines.corner_lines

    def unskipped(*args, all_walled_only=False, **kw):  # noqa: ANN001, ANN002, ANN003
        return plain(*args, **kw)

    monkeypatch.setattr(cover_lines, "corner_lines", unskipped)
    monkeypatch.setattr("battlemap.geometry.cover._batch.corner_lines", unskipped)
    again, _ = _random_scene(seed, "adnd2bis")  # fresh caches
    assert pair_levels(again.geo, attackers, targets, again.policy) == fast  # type: ignore


def _degenerate_lines(rng: random.Random, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
    """Corner-like lines (ends inset 0.02 from grid points, or on them, or half squares):
    many pass exactly through wall ends on 45° diagonals, the unsure case."""
    inset = [0.0, 0.02, -0.02, 0.5]
    per, rows = [], []
    for _ in range(n_groups):
        k = rng.randrange(1, 9)
        per.append(k)
        for _ in range(k):
            x, y = rng.randrange(0, 10) + rng.choice(inset), rng.randrange(0, 10) + rng.choice(inset)
            d = rng.randrange(-4, 5)
            if rng.random() < 0.6:  # a diagonal through the grid points
                rows.append((x, y, x + d, y + d if rng.random() < 0.5 else y - d))
            else:
                rows.append((x, y, rng.randrange(0, 10) + rng.choice(inset),
                             rng.randrange(0, 10) + rng.choice(inset)))
    return np.array(rows, dtype=float).reshape(-1, 4), np.array(per, dtype=np.intp)


def _pairs(hits: tuple[np.ndarray, np.ndarray]) -> set[tuple[int, int]]:
    return set(zip(hits[0].tolist(), hits[1].tolist(), strict=True))


@pytest.mark.parametrize("seed", range(80))
def test_all_or_none_keeps_every_group_fully_stopped_or_not(seed):
    rng = random.Random(seed)
    walls = []
    for _ in range(rng.randrange(1, 12)):
        x, y = rng.randrange(0, 10), rng.randrange(0, 10)
        walls.append(wall((x, y), (x + rng.choice([-1, 0, 1, 2]), y + rng.choice([-1, 0, 1])),
                          kind=rng.choice(["wall", "door", "window"])))
    walls = [w for w in walls if w["points"][0] != w["points"][1]]
    if not walls:
        return
    s = build_scene("adnd2bis", [tok("a", 0, 0)], walls, cols=12, rows=12)
    coords, per = _degenerate_lines(rng, rng.randrange(1, 6))
    _, seg_ids = s.geo.walls.tree("effect")
    groups = np.arange(len(per)).repeat(len(seg_ids))
    cand = (groups, np.tile(seg_ids, len(per)))  # every segment may meet every group
    exact = blocking_walls(s.geo.walls, coords, per, cand)
    quick = blocking_walls(s.geo.walls, coords, per, cand, all_or_none=True)
    owner = np.arange(len(per)).repeat(per)

    def stopped(hits: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        line = np.zeros(len(coords), dtype=bool)
        line[hits[0]] = True
        return np.array([line[owner == g].all() for g in range(len(per))])

    assert stopped(quick).tolist() == stopped(exact).tolist()
    # Only unsure pairs of groups with a clear line may be left out: never an extra hit, and
    # a fully stopped group keeps all of its hits.
    e, q = _pairs(exact), _pairs(quick)
    assert q <= e
    full = stopped(exact)
    assert {h for h in e if full[owner[h[0]]]} <= q


def test_a_visible_foe_through_a_wall_corner_keeps_its_level():
    # The mover's corner lines run on a diagonal through the end of a wall (the unsure case
    # left to GEOS before); the foe stays visible from another line, so its level is the
    # full result's.
    s = build_scene("adnd2bis", [tok("m", 1, 1, side="party"), tok("f", 5, 5)],
                    [wall((3, 3), (3, 6)), wall((3, 3), (6, 3))], cols=10, rows=10)
    fast = pair_levels(s.geo, ["m"], ["f"], s.policy)
    s.geo.token_cache.clear()
    assert fast == [cover_many(s.geo, "m", ["f"], s.policy)[0].level]


def test_rows_after_a_move_equal_a_fresh_index():
    s = build_scene("adnd2bis", [tok(f"t{i}", i, 2 * i) for i in range(6)], cols=20, rows=20)
    s.geo.token_index()
    moved = s.geo.with_token_at("t3", 9, 9)
    fresh = build_scene("adnd2bis", [tok(f"t{i}", i, 2 * i) for i in range(6)], cols=20, rows=20)
    ids = ["t5", "t0", "t3"]
    assert moved.token_rows(ids).tolist() == fresh.geo.token_rows(ids).tolist() == [5, 0, 3]
    assert moved.token_bounds()[3].tolist() == [9.0, 9.0, 10.0, 10.0]


def test_unsure_pairs_exist_in_these_scenes(monkeypatch):
    # Guard for the test above: its lines do reach GEOS without the shortcut.
    seen = []
    plain = sightlines.shapely.intersects

    def spy(a, b, **kw):  # noqa: ANN001, ANN003
        seen.append(len(a))
        return plain(a, b, **kw)

    rng = random.Random(3)
    coords, per = _degenerate_lines(rng, 40)
    s = build_scene("adnd2bis", [], [wall((2, 2), (2, 5)), wall((4, 4), (7, 4))], cols=12,
                    rows=12)
    _, seg_ids = s.geo.walls.tree("effect")
    cand = (np.arange(len(per)).repeat(len(seg_ids)), np.tile(seg_ids, len(per)))
    monkeypatch.setattr(sightlines.shapely, "intersects", spy)
    blocking_walls(s.geo.walls, coords, per, cand)
    assert sum(seen) > 0


@pytest.mark.parametrize("seed", range(40))
def test_all_or_none_on_a_fence_crossed_at_its_joints(seed):
    # A wall of 1-square pieces along x = 5; lines from the left to the right, many on 45°
    # diagonals through the joints (both pieces unsure): whole groups are stopped, so their
    # unsure pairs must still reach GEOS, and every hit of such a group stays.
    rng = random.Random(seed)
    s = build_scene("adnd2bis", [], [wall((5, k), (5, k + 1)) for k in range(10)], cols=12,
                    rows=12)
    per = np.array([rng.randrange(1, 6) for _ in range(rng.randrange(1, 6))], dtype=np.intp)
    rows = []
    for _ in range(int(per.sum())):
        x0, y0 = rng.randrange(1, 5) + rng.choice([0.0, 0.02]), rng.randrange(1, 9) + 0.0
        d = rng.randrange(6 - int(x0), 9 - int(x0))
        sign = rng.choice([-1, 1]) if rng.random() < 0.7 else 0
        y1 = min(10.0, max(0.0, y0 + sign * d))
        rows.append((x0, y0, x0 + d, y1))
    coords = np.array(rows, dtype=float)
    _, seg_ids = s.geo.walls.tree("effect")
    cand = (np.arange(len(per)).repeat(len(seg_ids)), np.tile(seg_ids, len(per)))
    exact = blocking_walls(s.geo.walls, coords, per, cand)
    quick = blocking_walls(s.geo.walls, coords, per, cand, all_or_none=True)
    owner = np.arange(len(per)).repeat(per)
    line = np.zeros(len(coords), dtype=bool)
    line[exact[0]] = True
    full = np.array([line[owner == g].all() for g in range(len(per))])
    assert full.any()  # the scene does what it says
    kept = _pairs(quick)
    assert {h for h in _pairs(exact) if full[owner[h[0]]]} <= kept <= _pairs(exact)
