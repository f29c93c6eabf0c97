"""Each system's geometry policy (rules/<system>/geometry.py) and the encounter's options on
top (RULES.md §2–3, DESIGN.md §4)."""

from __future__ import annotations

from battlemap.geometry import MapGeometry, plan_path
from battlemap.rules.core.system import get_system
from tests.geometry.conftest import build_scene, tok


def test_system_defaults():
    b35, bis, d24, pmt = (get_system(s).geometry for s in ("breche35", "adnd2bis", "dnd2024", "pmt"))
    assert (b35.diagonals, b35.cover_method, b35.flanking, b35.aoe_method, b35.oa_rule) == (
        "d35", "any_blocked_line", "threatening_ally_opposite", "dnd35",
        "leave_threatened_square")
    assert (bis.diagonals, bis.cover_method, bis.flanking, bis.aoe_method, bis.oa_rule) == (
        "d35", "hidden_fraction", "opposite_pair_beside", "half", "leave_zone_or_enter")
    assert (d24.diagonals, d24.cover_method, d24.flanking, d24.aoe_method, d24.oa_rule) == (
        "chebyshev", "blocked_line_count", "off", "half", "leave_reach")
    assert (pmt.diagonals, pmt.flanking, pmt.oa_rule) == ("chebyshev", "off", "none")
    assert bis.sharing_allowed and not d24.sharing_allowed


def test_options_override_defaults():
    s = build_scene("pmt", options={"flanking": True, "opportunity_attacks": True,
                                     "diagonals": "d35", "aoe_method": "center"})
    assert (s.policy.flanking, s.policy.oa_rule, s.policy.diagonals, s.policy.aoe_method) == (
        "adjacent_ally_opposite", "leave_reach", "d35", "center")
    off = build_scene("breche35", options={"flanking": False, "opportunity_attacks": False})
    assert off.policy.flanking == "off" and off.policy.oa_rule == "none"


def test_with_token_at_shares_walls_and_leaves_original():
    s = build_scene("dnd2024", [tok("m", 2, 2)])
    moved = s.geo.with_token_at("m", 5, 5)
    assert isinstance(moved, MapGeometry) and moved.walls is s.geo.walls
    assert moved.token("m").col == 5 and s.geo.token("m").col == 2
    assert plan_path(moved, "m", [(6, 5)], s.policy).steps[0].frm == (5, 5)
    s.geo.update_token("m", col=7, row=7)
    assert s.geo.token_index()[1][0].bounds == (7.0, 7.0, 8.0, 8.0)
