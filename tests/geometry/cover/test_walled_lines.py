"""The nearest cells' lines first (`walled_lines`, issue 9): whether every corner line of a
pair is walled, the only thing AD&D 2bis levels read from the lines (total cover when no line
reaches the target, 001_dd346e63a171f715.txt, "Modificateurs de Couverture"), equals what
testing every line says; a pair with every line walled keeps all of its hits."""

from __future__ import annotations

import random

import numpy as np
import pytest

from battlemap.geometry.cover._batch import assess
from battlemap.geometry.cover._corner_lines import corner_lines, walled_lines
from battlemap.geometry.lines.blockers import blocking_walls
from tests.geometry.conftest import build_scene, tok, wall
from tests.geometry.cover.test_cold import _random_scene


def _per_pair(lines, hits):
    stopped = np.zeros(int(lines.n_lines.sum()), dtype=bool)
    stopped[hits[0]] = True
    return [bool(stopped[s:s + n].all()) for s, n in zip(lines.line_start.tolist(),
                                                         lines.n_lines.tolist(), strict=True)]


def _check(geo, attackers, targets):
    found = assess(geo, attackers, targets, geo_policy(geo), False, draw_total=True)
    m = found.measured.tolist()
    a_rows, t_rows = geo.token_rows(attackers), geo.token_rows(targets)
    args = ([geo.token(attackers[p]) for p in m], [geo.token(targets[p]) for p in m],
            found.walls, np.zeros(len(m), dtype=bool), np.zeros(len(m), dtype=bool), None,
            (a_rows[m], t_rows[m]))
    full = corner_lines(geo, *args)  # every line, exact hits
    fast = corner_lines(geo, *args, all_walled_only=True)
    want, got = _per_pair(full, full.wall_hits), _per_pair(fast, fast.wall_hits)
    assert got == want
    exact = set(zip(*(h.tolist() for h in full.wall_hits), strict=True))
    quick = set(zip(*(h.tolist() for h in fast.wall_hits), strict=True))
    assert quick <= exact  # never an extra hit
    for p, walled in enumerate(want):  # a walled pair: all of its hits, as before
        if walled:
            lo, hi = int(full.line_start[p]), int(full.line_start[p] + full.n_lines[p])
            assert {h for h in exact if lo <= h[0] < hi} == {h for h in quick if lo <= h[0] < hi}
    return want


def _hits(hits):
    return set(zip(hits[0].tolist(), hits[1].tolist(), strict=True))


def geo_policy(geo):
    from battlemap.geometry import policy_for
    from battlemap.rules.core.system import get_system

    return policy_for(geo.encounter, get_system(geo.encounter.system).geometry)


@pytest.mark.parametrize("seed", range(60))
def test_walled_pairs_equal_those_of_every_line(seed):
    s, ids = _random_scene(seed, "adnd2bis")
    if len(ids) < 2:
        return
    _check(s.geo, [a for a in ids for t in ids if t != a], [t for a in ids for t in ids if t != a])


def test_a_huge_foe_with_its_nearest_cell_walled_off_is_tested_whole():
    # A diagonal wall (x + y = 5.9) stops every line to the huge foe's nearest cell (3..4,
    # 3..4) from the attacker at (0, 0), but not those to its far cells: the first pass
    # finds no clear line, the second does.
    s = build_scene("adnd2bis", [tok("a", 0, 0, side="party"), tok("h", 3, 3, size="huge")],
                    [wall((2, 3.9), (3.9, 2))], cols=10, rows=10)
    assert _check(s.geo, ["a"], ["h"]) == [False]
    # Walled all round: every line stopped, every hit kept.
    box = [wall((2.5, 2.5), (6.5, 2.5), (6.5, 6.5), (2.5, 6.5), (2.5, 2.5))]
    s = build_scene("adnd2bis", [tok("a", 0, 0, side="party"), tok("h", 3, 3, size="huge")],
                    box, cols=10, rows=10)
    assert _check(s.geo, ["a"], ["h"]) == [True]


@pytest.mark.parametrize("seed", range(40))
def test_random_lines_and_cells(seed):
    # Lines from random attacker corners to random target cells, walls through them.
    rng = random.Random(seed)
    walls = [wall((rng.randrange(0, 12), rng.randrange(0, 12)),
                  (rng.randrange(0, 12), rng.randrange(0, 12))) for _ in range(rng.randrange(1, 10))]
    walls = [w for w in walls if w["points"][0] != w["points"][1]]
    s = build_scene("adnd2bis", [tok("a", 0, 0)], walls, cols=12, rows=12)
    n_pairs = rng.randrange(1, 5)
    n_cells = np.array([rng.choice([1, 4, 9]) for _ in range(n_pairs)], dtype=np.intp)
    cells = np.array([(c, r, c + 1, r + 1) for _ in range(int(n_cells.sum()))
                      for c, r in [(rng.randrange(0, 11), rng.randrange(0, 11))]], dtype=float)
    cell_start = n_cells.cumsum() - n_cells
    a_boxes = np.array([(c, r, c + 1, r + 1) for _ in range(n_pairs)
                        for c, r in [(rng.randrange(0, 11), rng.randrange(0, 11))]], dtype=float)
    owner = np.arange(n_pairs).repeat(n_cells * 16)
    line_cell = cell_start.repeat(n_cells * 16) + (np.arange(len(owner)) - (
        (n_cells * 16).cumsum() - n_cells * 16).repeat(n_cells * 16)) // 16
    coords = np.array([(a_boxes[p, 0] + rng.choice([0.02, 0.98]), a_boxes[p, 1] + rng.choice([0.02, 0.98]),
                        cells[c, 0] + rng.choice([0.02, 0.98]), cells[c, 1] + rng.choice([0.02, 0.98]))
                       for p, c in zip(owner.tolist(), line_cell.tolist(), strict=True)])
    _, seg_ids = s.geo.walls.tree("effect")
    cand = (np.arange(n_pairs).repeat(len(seg_ids)), np.tile(seg_ids, n_pairs))
    n_lines = n_cells * 16
    exact = blocking_walls(s.geo.walls, coords, n_lines, cand)
    quick = walled_lines(s.geo.walls, coords, owner, n_lines, line_cell, cells, cell_start,
                         n_cells, a_boxes, cand)

    def walled(hits):
        hit = np.zeros(len(coords), dtype=bool)
        hit[hits[0]] = True
        return [bool(hit[owner == p].all()) for p in range(n_pairs)]

    assert walled(quick) == walled(exact)
    assert _hits(quick) <= _hits(exact)
