"""AD&D 2bis: an obstacle in melee. 001_dd346e63a171f715.txt, "Modificateurs de Couverture",
nota: « L'utilisation d'un obstacle (par ex.: table, coin de mur, pilier) en mêlée confère à
25% de cover » (25 % = +1 AC). DESIGN.md §4.4: the hidden share from the best corner."""

from __future__ import annotations

import pytest

from battlemap.geometry.cover import cover
from battlemap.geometry.cover.levels import cover_levels
from battlemap.text import words
from tests.helpers.geometry import build_scene, tok, wall


def _melee(walls, target=(3, 3), melee=True):
    s = build_scene("adnd2bis", [tok("a", 2, 2, side="party"), tok("t", *target)],
                    [wall(*w) for w in walls])
    return s, cover(s.geo, "a", "t", s.policy, melee=melee)


def test_2bis_wall_corner_beside_a_diagonal_target_in_melee_is_25():
    # A wall runs down the target's near side from 0.2 below its top corner: it hides 0.5 %
    # of the target from the attacker's best corner (none at range), an obstacle in melee
    # all the same: 25 % (+1 AC, 001 "Modificateurs de Couverture").
    s, res = _melee([((3, 3.2), (3, 4))])
    assert res.level == "25" and res.obstacle_in_melee
    assert res.hidden_fraction == pytest.approx(0.005, abs=5e-4)
    assert not res.from_creatures_only
    assert res.explanation.endswith(
        "; in melee an obstacle (wall corner, pillar) in the way gives 25% cover "
        "(001 \"Modificateurs de Couverture\", note)")
    assert words(res.explanation, "fr").endswith(
        " ; en mêlée, un obstacle (coin de mur, pilier) sur le chemin de l'attaque confère "
        "une couverture de 25 % (001 « Modificateurs de Couverture », nota)")
    assert cover_levels(s.geo, "a", ["t"], s.policy, melee=True) == ["25"]
    ranged = cover(s.geo, "a", "t", s.policy)
    assert (ranged.level, ranged.obstacle_in_melee) == ("none", False)


def test_2bis_wall_not_in_the_way_in_melee_gives_nothing():
    # The same wall, the target straight beside the attacker: the wall is below the line of
    # attack and hides nothing: no cover.
    s, res = _melee([((3, 3.2), (3, 4))], target=(3, 2))
    assert (res.level, res.hidden_fraction, res.obstacle_in_melee) == ("none", 0.0, False)
    assert cover_levels(s.geo, "a", ["t"], s.policy, melee=True) == ["none"]


def test_2bis_attack_through_a_wall_gap_in_melee_is_25_not_50():
    # A 0.2-square gap between two wall pieces on the shared side: 73 % hidden, "50" at
    # range; in melee the obstacle rule gives 25 % whatever share is hidden.
    gap = [((3, 2), (3, 2.4)), ((3, 2.6), (3, 3))]
    s, res = _melee(gap, target=(3, 2))
    assert res.level == "25" and res.obstacle_in_melee
    assert res.hidden_fraction == pytest.approx(0.729, abs=1e-3)
    assert "73% of the target hidden; in melee an obstacle" in res.explanation
    assert cover(s.geo, "a", "t", s.policy).level == "50"


def test_2bis_pillar_inside_the_targets_square_in_melee_is_25():
    # A 0.4 × 0.4 pillar in the near top corner of the target's square: 21 % hidden (none
    # at range), 25 % in melee.
    pillar = [((3.0, 2.0), (3.4, 2.0)), ((3.4, 2.0), (3.4, 2.4)), ((3.4, 2.4), (3.0, 2.4))]
    s, res = _melee(pillar, target=(3, 2))
    assert res.level == "25"
    assert res.hidden_fraction == pytest.approx(0.212, abs=1e-3)
    assert cover(s.geo, "a", "t", s.policy).level == "none"


def test_2bis_no_line_through_stays_total_in_melee():
    s, res = _melee([((3, 0), (3, 10))], target=(3, 2))
    assert (res.level, res.obstacle_in_melee) == ("total", False)
