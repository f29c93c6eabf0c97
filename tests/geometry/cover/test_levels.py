"""`cover_levels`, the drag's level-only cover (issue 9), gives exactly the levels of the full
`cover_many` results (DESIGN.md §4.4), for every system, in melee or not, on random scenes and
on a room where a wall chain gives total cover."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import cover_many
from battlemap.geometry.cover._batch import assess
from battlemap.geometry.cover.hidden_share import hidden_fractions
from battlemap.geometry.cover.levels import (
    _toward_cell_centre,
    cover_levels,
    pair_levels,
)
from tests.geometry.conftest import build_scene, of_pair, tok, wall
from tests.geometry.test_fast_paths import _scene, place, segment


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"]),
       st.lists(place, min_size=2, max_size=7), st.lists(segment, max_size=8), st.booleans())
def test_levels_equal_the_full_results(system, places, segs, melee):
    s, ids = _scene(system, places, segs)
    if len(ids) < 2:
        return
    attacker, targets = ids[0], ids[1:]
    levels = cover_levels(s.geo, attacker, targets, s.policy, melee)
    s.geo.token_cache.clear()  # the full measure again, not the remembered levels' source
    s.geo.walls.clear_line_cache.clear()
    assert levels == [c.level for c in cover_many(s.geo, attacker, targets, s.policy, melee)]


def test_levels_name_total_half_and_none_in_a_walled_room():
    # DESIGN.md §4.4 (dnd2024): a closed wall run between the spaces → total; a wall
    # stub cutting 1 of the best corner's 4 lines → half; open floor → none.
    toks = [tok("hero", 1, 5), tok("behind", 8, 5, side="foe"), tok("stub", 5, 1, side="foe"),
            tok("open", 1, 9, side="foe")]
    walls = [wall((4, 3), (4, 8)), wall((3, 2), (3, 2.5))]
    s = build_scene("dnd2024", toks, walls, cols=12, rows=12)
    got = cover_levels(s.geo, "hero", ["behind", "stub", "open"], s.policy)
    full = [c.level for c in cover_many(s.geo, "hero", ["behind", "stub", "open"], s.policy)]
    assert got == full
    assert got == ["total", "half", "none"]
    # Remembered: the same question again reads the cache and answers the same.
    assert cover_levels(s.geo, "hero", ["behind", "stub", "open"], s.policy) == got


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["breche35", "adnd2bis", "dnd2024", "pmt"]),
       st.lists(place, min_size=3, max_size=7), st.lists(segment, max_size=8), st.booleans())
def test_every_pair_in_one_batch_equals_one_attacker_at_a_time(system, places, segs, melee):
    s, ids = _scene(system, places, segs)
    if len(ids) < 3:
        return
    attackers = [a for a in ids for t in ids if a != t]
    targets = [t for a in ids for t in ids if a != t]
    levels = pair_levels(s.geo, attackers, targets, s.policy, melee)
    s.geo.token_cache.clear()
    s.geo.walls.clear_line_cache.clear()
    expected = []
    for a in ids:
        others = [t for t in ids if t != a]
        expected += [c.level for c in cover_many(s.geo, a, others, s.policy, melee)]
    assert levels == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(place, min_size=2, max_size=7), st.lists(segment, max_size=8))
def test_batch_occluders_give_the_shares_of_the_tree_queries(places, segs):
    # adnd2bis (001 "Modificateurs de Couverture"): the hidden share from each attacker corner
    # is the same with the batch's near walls and creatures as with fresh tree queries.
    s, ids = _scene("adnd2bis", places, segs)
    if len(ids) < 2:
        return
    attacker, targets = ids[0], ids[1:]
    found = assess(s.geo, [attacker] * len(targets), targets, s.policy, False, draw_total=True)
    for j, target in enumerate(targets):
        corners = found.lines.corners_of(j)
        inset = corners + _toward_cell_centre(len(corners))
        t_box = tuple(float(v) for v in found.lines.t_boxes[j])
        occluders = (s.geo.walls.coords[of_pair(found.walls, j)],
                     s.geo.token_bounds()[of_pair(found.lines.near, j)])
        given_near = hidden_fractions(s.geo, inset, t_box, (attacker, target), occluders=occluders)
        queried = hidden_fractions(s.geo, inset, t_box, (attacker, target))
        assert np.allclose(given_near, queried, atol=1e-12)
