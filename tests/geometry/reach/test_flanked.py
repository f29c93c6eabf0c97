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


def test_adnd2bis_every_attacker_of_a_flanked_target_has_the_bonus():
    # 001_dd346e63a171f715.txt "Flanking": "Une créature est flanked lorsque deux adversaires
    # peuvent le menacer en occupant des cases diamétralement opposées [...] toutes les
    # créatures l'attaquant bénéficient d'un bonus de +2". A and P hold (2, 2) and (4, 2)
    # around T on (3, 2): C, above T and opposite no one, attacks a flanked target too.
    c = tok("c", 3, 1, side="party")
    p = tok("p", 4, 2, side="party")
    res = _flank("adnd2bis", c, T, A, p)
    assert res.flanked and res.partners == ["a", "p"]
    assert res.lines == [((2.5, 2.5), (4.5, 2.5))]
    assert res.explanation == "T is flanked by A and P: every attacker has the bonus"
    # An archer far away as well; A's own ruling names its partner.
    assert _flank("adnd2bis", tok("c", 9, 9, side="party"), T, A, p).flanked
    own = _flank("adnd2bis", A, T, p, c)
    assert own.partners == ["p"] and own.explanation == "T is flanked by A and P"
    # Without P nobody stands opposite anyone: not flanked, for A or C.
    alone = _flank("adnd2bis", c, T, A)
    assert not alone.flanked
    assert alone.explanation == "no two foes of T threaten it from opposite squares beside it"


def test_adnd2bis_a_flanker_must_be_able_to_threaten_the_target():
    # 001 "Flanking": "peuvent le menacer". A wall between P and T keeps T out of P's zone
    # (DESIGN.md §4.6), and a helpless P threatens nothing.
    p = tok("p", 4, 2, side="party")
    walled = build_scene("adnd2bis", [A, T, p], [
        {"points": [[4, 1], [4, 4]], "kind": "wall", "open": False}])
    assert not flanking(walled.geo, "a", "t", walled.policy).flanked
    assert not _flank("adnd2bis", A, T, p, can_threaten=lambda t: t.id != "p").flanked
    assert _flank("adnd2bis", A, T, p).flanked
