"""Reach and threatened squares: docs/architecture.md#threatened-squares; 000 "Taille" (space, reach), 003 "allonge"."""

from __future__ import annotations

from battlemap.geometry import threatened_squares
from tests.helpers.geometry import build_scene, tok, wall


def ring(cx, cy, radius, skip_inner=0, corners=True):
    """Squares around (cx, cy) with Chebyshev offset in (skip_inner, radius]."""
    out = set()
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            d = max(abs(dx), abs(dy))
            if skip_inner < d <= radius and (corners or abs(dx) != abs(dy) or d < radius):
                out.add((cx + dx, cy + dy))
    return out


def _threat(system, token, reach_m, walls=(), **kw):
    s = build_scene(system, [token], list(walls))
    return set(threatened_squares(s.geo, token["id"], s.policy, reach_m, **kw))


def test_adjacent_reach_all_systems():
    for system in ("breche35", "adnd2bis", "dnd2024", "pmt"):
        assert _threat(system, tok("m", 5, 5), 1.5) == ring(5, 5, 1)


def test_natural_long_reach_keeps_adjacent():
    # 3.5 d35 count: (2,2) is 3 squares away, out of a 3 m natural reach.
    assert _threat("breche35", tok("m", 5, 5), 3.0) == ring(5, 5, 2, corners=False)
    # 2024: every square 1.5 m, so the corners are within 3 m.
    assert _threat("dnd2024", tok("m", 5, 5), 3.0) == ring(5, 5, 2)


def test_reach_weapon_ring_and_35_diagonal_exception():
    # 000 "Taille"/reach weapons: skip the squares within natural reach; in 3.5 the weapon
    # still threatens the second diagonal square (docs/architecture.md#threatened-squares).
    b35 = _threat("breche35", tok("m", 5, 5), 3.0, reach_weapon=True)
    assert b35 == ring(5, 5, 2, skip_inner=1)
    assert len(b35) == 16 and (7, 7) in b35
    d24 = _threat("dnd2024", tok("m", 5, 5), 3.0, reach_weapon=True)
    assert d24 == ring(5, 5, 2, skip_inner=1)


def test_large_creature_and_tiny_zero_reach():
    large = _threat("dnd2024", tok("g", 5, 5, size="large"), 1.5)
    assert len(large) == 12
    assert (4, 4) in large and (7, 7) in large and (5, 5) not in large
    # 000 "Taille": TP reach 0 threatens nothing.
    assert _threat("breche35", tok("tp", 5, 5, size="tiny"), 0.0) == set()


def test_walls_cut_reach():
    got = _threat("dnd2024", tok("m", 5, 5), 1.5, walls=[wall((6, 0), (6, 20))])
    assert got == {(4, 4), (5, 4), (4, 5), (4, 6), (5, 6)}


def test_diagonal_past_a_wall_corner():
    # 001 diagram: "l'attaque en diagonale est bloquée par le mur atteignant le coin NW de la
    # case de X" — B at (5,4), X at (6,5), a wall coming down to X's NW corner (6,5).
    corner_wall = [wall((6, 0), (6, 5))]
    b = tok("b", 5, 4)
    assert (6, 5) not in _threat("adnd2bis", b, 1.5, walls=corner_wall)
    assert (6, 5) not in _threat("breche35", b, 1.5, walls=corner_wall)
    # 2024: blocked only if every corner line is (docs/rules/README.md#geometry-by-system), and some pass below the end.
    assert (6, 5) in _threat("dnd2024", b, 1.5, walls=corner_wall)


def test_reach_zone_joins_the_close_squares_and_each_rings():
    # A 3.5 pikeman with a dagger too: the eight squares beside (the dagger, natural 1.5 m)
    # and the pike's ring two squares away, second diagonal included (3.5 SRD "Reach
    # Weapons"); the pike alone: the ring only; a plain number: every square within it.
    from battlemap.geometry.reach import Reach, reach_zone

    s = build_scene("breche35", [tok("m", 5, 5)], [])
    both = reach_zone(s.geo, "m", s.policy, Reach(1.5, 1.5, (3.0,)))
    pike = reach_zone(s.geo, "m", s.policy, Reach(0.0, 1.5, (3.0,)))
    assert pike == ring(5, 5, 2, skip_inner=1) and len(pike) == 16
    assert both == ring(5, 5, 2) and len(both) == 24
    assert reach_zone(s.geo, "m", s.policy, 3.0) == ring(5, 5, 2, corners=False)
