"""Flanking: DESIGN.md §4.5; 000 "Tenaille", 001 "Flanking", 2024 option (RULES.md §2)."""

from __future__ import annotations

from battlemap.geometry import flanking
from tests.geometry.conftest import build_scene, tok


def _flank(system, attacker, target, *others, options=None, can_threaten=None):
    s = build_scene(system, [attacker, target, *others], options=options)
    return flanking(s.geo, attacker["id"], target["id"], s.policy, can_threaten=can_threaten)


A = tok("a", 2, 2, side="party")
T = tok("t", 3, 2)


def test_breche35_opposite_sides_and_corners():
    res = _flank("breche35", A, T, tok("p", 4, 2, side="party"))
    assert res.flanked and res.partners == ["p"]
    assert res.lines == [((2.5, 2.5), (4.5, 2.5))]
    # Opposite corners: the line passes through both corners of the target's space.
    corner = _flank("breche35", tok("a", 2, 1, side="party"), T, tok("p", 4, 3, side="party"))
    assert corner.flanked
    # Off by one square: the line meets the left side and the bottom, not opposite sides.
    assert not _flank("breche35", A, T, tok("p", 4, 3, side="party")).flanked


def test_breche35_large_target_and_large_flanker():
    big = tok("t", 3, 2, size="large")
    assert _flank("breche35", A, big, tok("p", 5, 3, side="party")).flanked
    assert not _flank("breche35", A, big, tok("p", 5, 4, side="party")).flanked
    # A large partner flanks through any of its squares: here its top-left square (4,1),
    # across the target's corners (3,3) and (4,2).
    large_partner = tok("p", 4, 1, size="large", side="party")
    res = _flank("breche35", tok("a", 2, 3, side="party"), T, large_partner)
    assert res.flanked and res.lines == [((2.5, 3.5), (4.5, 1.5))]


def test_breche35_partner_must_threaten():
    # 000 "Tenaille": the ally must threaten the target; tiny creatures have 0 reach.
    assert not _flank("breche35", A, T, tok("p", 4, 2, size="tiny", side="party")).flanked
    far = tok("p", 5, 2, side="party")
    assert not _flank("breche35", A, T, far).flanked
    reach = tok("p", 5, 2, side="party", reach_m=3.0)
    assert _flank("breche35", A, T, reach).flanked
    helpless = _flank("breche35", A, T, tok("p", 4, 2, side="party"),
                      can_threaten=lambda t: t.id != "p")
    assert not helpless.flanked
    # Foes of the attacker are not its partners.
    assert not _flank("breche35", A, T, tok("p", 4, 2, side="foe")).flanked


def test_adnd2bis_diametrically_opposite_and_adjacent():
    # 001 "Flanking": squares diametrically opposite about the target's centre, adjacent.
    assert _flank("adnd2bis", A, T, tok("p", 4, 2, side="party")).flanked
    assert _flank("adnd2bis", tok("a", 2, 1, side="party"), T,
                  tok("p", 4, 3, side="party")).flanked
    assert not _flank("adnd2bis", A, T, tok("p", 4, 3, side="party")).flanked
    assert not _flank("adnd2bis", A, T, tok("p", 5, 2, side="party", reach_m=3.0)).flanked


def test_dnd2024_off_by_default_and_option_needs_adjacency():
    p = tok("p", 4, 2, side="party")
    assert not _flank("dnd2024", A, T, p).flanked
    on = {"flanking": True}
    assert _flank("dnd2024", A, T, p, options=on).flanked
    far = tok("p", 5, 2, side="party", reach_m=3.0)
    assert not _flank("dnd2024", A, T, far, options=on).flanked
    assert _flank("pmt", A, T, p, options=on).flanked
    assert not _flank("pmt", A, T, p).flanked
