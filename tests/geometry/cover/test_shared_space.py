"""Cover and creatures sharing a space (DESIGN.md §4.3–4.4, RULES.md §2 "several creatures
in one square"). 001_dd346e63a171f715.txt, "Positionnement en combat": « Deux créatures
occupant la même case de 5′ ont un malus de -4 … »: a penalty for both, not cover."""

from __future__ import annotations

import pytest

from battlemap.geometry.cover import cover
from battlemap.geometry.cover.levels import cover_levels
from benchmarks.baselines.geometry import naive_cover_level
from tests.geometry.conftest import build_scene, tok

ARCHER = tok("a", 2, 5, side="party")
TARGET = tok("t", 8, 5)


def test_2bis_a_creature_in_the_targets_or_the_attackers_square_gives_no_cover():
    # 001 "Positionnement en combat": two creatures may share a 5' square. The companion
    # stands beside the target, not between: no cover (it was 100 % hidden, "90").
    s = build_scene("adnd2bis", [ARCHER, TARGET, tok("c", 8, 5), tok("d", 2, 5, side="party")])
    res = cover(s.geo, "a", "t", s.policy)
    assert (res.level, res.hidden_fraction, res.blocked_by) == ("none", 0.0, [])
    assert cover_levels(s.geo, "a", ["t"], s.policy) == ["none"]
    # The same companions in melee, the attacker next to the target.
    s = build_scene("adnd2bis", [tok("a", 7, 5, side="party"), TARGET, tok("c", 8, 5),
                                 tok("d", 7, 5, side="party")])
    assert cover(s.geo, "a", "t", s.policy, melee=True).level == "none"
    assert cover(s.geo, "t", "a", s.policy, melee=True).level == "none"


def test_2bis_a_creature_between_still_gives_cover():
    # The same scene with one more creature halfway: it hides the whole target (the rule
    # above leaves out only the creatures sharing a space).
    s = build_scene("adnd2bis", [ARCHER, TARGET, tok("c", 8, 5), tok("m", 5, 5)])
    res = cover(s.geo, "a", "t", s.policy)
    assert (res.level, res.hidden_fraction, res.blocked_by) == ("90", 1.0, ["m"])


@pytest.mark.parametrize(("system", "level"), [("dnd2024", "none"), ("breche35", "none"),
                                               ("pmt", "none")])
def test_grid_systems_a_creature_passing_through_the_targets_square_gives_no_cover(
        system, level):
    # These systems end no move in a shared space, but a creature crosses an ally's square
    # (RULES.md §2 "pass through allies"): the map of that drag step has C in T's square.
    # The lines to T's far corners run through C's inside: half / partial before.
    s = build_scene(system, [ARCHER, TARGET, tok("c", 8, 7)])
    geo = s.geo.with_token_at("c", 8, 5)
    res = cover(geo, "a", "t", s.policy)
    assert (res.level, res.blocked_by) == (level, [])
    assert cover_levels(geo, "a", ["t"], s.policy) == [level]
    assert naive_cover_level(geo, "a", "t", s.policy) == level
