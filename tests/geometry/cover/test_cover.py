"""Cover per system: DESIGN.md §4.3–4.4, RULES.md §2 "cover levels" / "how cover is measured"."""

from __future__ import annotations

import numpy as np

from battlemap.geometry import line_of_effect, line_of_sight
from battlemap.geometry.cover import cover
from battlemap.geometry.lines.clear import creature_blockers
from tests.geometry.conftest import build_scene, tok, wall

ARCHER = tok("archer", 2, 5, side="party")
TARGET = tok("target", 8, 5)
FULL_WALL = (5, 0), (5, 20)


def _cover(system, walls=(), extra=(), attacker=ARCHER, target=TARGET, melee=False):
    s = build_scene(system, [attacker, target, *extra], list(walls))
    return cover(s.geo, attacker["id"], target["id"], s.policy, melee=melee)


def test_open_field_no_cover():
    for system in ("breche35", "dnd2024", "pmt", "adnd2bis"):
        assert _cover(system).level == "none"


def test_full_wall_is_total_cover_in_every_system():
    # 003 "L'abri": total = no line of effect; 000 "Couverture totale".
    for system in ("breche35", "dnd2024", "pmt", "adnd2bis"):
        res = _cover(system, [wall(*FULL_WALL)])
        assert res.level == "total"
        assert res.blocked_by == ["wall"]


def test_wall_hiding_lower_corners_gives_half_cover():
    # Wall down to y=5.7: from the best corner the 2 lines to the target's top corners cross
    # it, the 2 to its bottom corners pass below: 2 of 4 blocked = half (003 "L'abri").
    res = _cover("dnd2024", [wall((5, 0), (5, 5.7))])
    assert res.level == "half"
    assert sum(line.blocked for line in res.lines) == 2
    assert res.blocked_by == ["wall"]
    assert res.target_square == (8, 5)
    assert not res.from_creatures_only
    # 3.5: any blocked line from the best corner → cover (000 "Couverture partielle").
    assert _cover("breche35", [wall((5, 0), (5, 5.7))]).level == "partial"


def test_doors_open_and_closed():
    closed = _cover("dnd2024", [wall(*FULL_WALL, kind="door")])
    assert closed.level == "total" and closed.blocked_by == ["door"]
    assert _cover("dnd2024", [wall(*FULL_WALL, kind="door", open=True)]).level == "none"


def test_window_blocks_effect_but_not_sight():
    res = _cover("dnd2024", [wall(*FULL_WALL, kind="window")])
    assert res.level == "total" and res.blocked_by == ["window"]
    s = build_scene("dnd2024", [ARCHER, TARGET], [wall(*FULL_WALL, kind="window")])
    assert line_of_sight(s.geo, (2.5, 5.5), (8.5, 5.5))
    assert not line_of_effect(s.geo, (2.5, 5.5), (8.5, 5.5))


def test_arrow_slit_is_three_quarters_not_total():
    # A 0.1-square slit in the wall right in front of the archer: every corner line is
    # blocked, but a straight line through the slit exists (DESIGN.md §4.4).
    archer = tok("archer", 4, 5, side="party")
    target = tok("target", 10, 5)
    slit = [wall((5, 0), (5, 5.45)), wall((5, 5.55), (5, 20))]
    res = _cover("dnd2024", slit, attacker=archer, target=target)
    assert res.level == "three_quarters"
    assert all(line.blocked for line in res.lines)
    assert _cover("pmt", slit, attacker=archer, target=target).level == "three_quarters"
    assert _cover("breche35", slit, attacker=archer, target=target).level == "partial"
    closed = [wall((5, 0), (5, 20))]
    assert _cover("dnd2024", closed, attacker=archer, target=target).level == "total"


def test_creature_between_gives_half_cover_at_most_in_2024():
    # A huge creature fills every line: 4 of 4 blocked, but creatures give half cover at
    # most (RULES.md §2: "a creature in the way = half cover").
    huge = tok("ogre", 5, 4, size="huge", side="neutral")
    res = _cover("dnd2024", extra=[huge])
    assert res.level == "half"
    assert res.from_creatures_only
    assert res.blocked_by == ["ogre"]
    assert sum(line.blocked for line in res.lines) == 4
    # Same scene in 3.5: soft cover, still "partial" (000 "Couverture partielle").
    b35 = _cover("breche35", extra=[huge])
    assert b35.level == "partial" and b35.from_creatures_only


def test_medium_creature_between_blocks_two_lines():
    # Lines grazing the creature's top edge (y = 5) are not blocked (exact corners, §4.3).
    res = _cover("dnd2024", extra=[tok("m", 5, 5, side="neutral")])
    assert res.level == "half"
    assert sum(line.blocked for line in res.lines) == 2


def test_adjacent_spaces_merge_along_their_seam():
    coords = np.array([[3.0, 5.0, 8.0, 5.0]])  # runs along y = 5
    one = build_scene("dnd2024", [tok("m", 5, 5)])
    assert creature_blockers(one.geo, coords, exclude=()) == [[]]
    two = build_scene("dnd2024", [tok("m", 5, 5), tok("n", 5, 4)])
    assert sorted(creature_blockers(two.geo, coords, exclude=())[0]) == ["m", "n"]


def test_adnd2bis_hidden_fraction_buckets():
    # 001 "Modificateurs de Couverture": cover by share of the target hidden from the
    # attacker's best point. A wall flush with the target's near side hiding its top half
    # from every attacker corner hides at least 25%, less than 100%.
    res = _cover("adnd2bis", [wall((7.9, 0), (7.9, 5.5))])
    assert res.hidden_fraction is not None
    assert res.level in ("25", "50")
    assert 0.25 <= res.hidden_fraction < 0.75
    none = _cover("adnd2bis")
    assert none.level == "none" and none.hidden_fraction == 0.0
    total = _cover("adnd2bis", [wall(*FULL_WALL)])
    assert total.level == "total" and total.hidden_fraction == 1.0


def test_cover_names_corner_and_lines_for_drawing():
    res = _cover("dnd2024", [wall((5, 0), (5, 5.7))])
    assert res.corner is not None
    assert len(res.lines) == 4
    assert all(line.start == res.corner for line in res.lines)
    ends = {line.end for line in res.lines}
    assert ends == {(8.0, 5.0), (9.0, 5.0), (9.0, 6.0), (8.0, 6.0)}
    assert "2 of 4 lines blocked by wall" in res.explanation
