"""AD&D 2bis on the map: an obstacle in melee. 001_dd346e63a171f715.txt, "Modificateurs de
Couverture": 25 % = +1 AC; nota: « L'utilisation d'un obstacle (… coin de mur, pilier) en
mêlée confère à 25% de cover »."""

from __future__ import annotations

from battlemap.model import Wall
from battlemap.text import words
from tests.rules.adnd2bis.test_shared_square import _mods, _session

COVER = '001_dd346e63a171f715.txt, "Modificateurs de Couverture"'


def test_a_wall_corner_in_melee_is_an_obstacle_plus_1_ac():
    # O at (2,2) attacks A diagonally at (3,3); a wall runs down A's near side from 0.2
    # below its top corner: an obstacle in the way of the blow, 25 % cover, +1 AC.
    s = _session([("o", "foe", 2, 2), ("a", "party", 3, 3)],
                 walls=[Wall(points=[(3, 3.2), (3, 4)])])
    out = s.attack("o", "a", forced=[10, 4], gm_override=True)
    hit = out.result.attacks[0]
    assert out.situation.cover == "25" and out.situation.cover_obstacle_melee
    assert "in melee an obstacle (wall corner, pillar) in the way gives 25% cover" in (
        out.situation.cover_detail)
    assert _mods(hit) == [("Obstacle en mêlée (couverture 25 %)", 1, "ac", COVER)]
    assert words(hit.target_label, "fr") == ("TAC0 16 − CA 5 (+1 CA : Obstacle en mêlée (couverture "
                                "25 %)) = 12")
    assert (hit.total, hit.outcome) == (10, "miss")
