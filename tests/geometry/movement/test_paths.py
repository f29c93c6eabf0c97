"""Move paths: DESIGN.md §4.1–4.2 (diagonals, walls, corners), §4.8 (opportunity attacks),
RULES.md §2 (difficult terrain, enemy squares, 5-ft step)."""

from __future__ import annotations

from battlemap.geometry import distance_m, plan_path
from battlemap.text import words
from tests.helpers.geometry import build_scene, tok, wall


def _path(system, squares, tokens=None, walls=(), difficult=None, kind="normal",
          options=None, mover="m", speed_m=None):
    tokens = tokens if tokens is not None else [tok("m", 2, 2, side="party")]
    s = build_scene(system, tokens, list(walls), difficult=difficult, options=options)
    return plan_path(s.geo, mover, squares, s.policy, move_kind=kind, speed_m=speed_m)


DIAG4 = [(3, 3), (4, 4), (5, 5), (6, 6)]


def test_diagonal_costs_per_metric():
    # d35: 1-2-1-2 (3.5 standard, RULES.md §2); chebyshev: every square 1.5 m (2024).
    d35 = _path("breche35", DIAG4)
    assert [s.cost_m for s in d35.steps] == [1.5, 3.0, 1.5, 3.0]
    assert d35.cost_m == 9.0
    assert _path("dnd2024", DIAG4).cost_m == 6.0
    assert _path("dnd2024", DIAG4, options={"diagonals": "d35"}).cost_m == 9.0
    assert distance_m((2, 2), (6, 6), "d35") == 9.0
    assert distance_m((2, 2), (6, 6), "chebyshev") == 6.0


def test_diagonal_parity_carries_over_orthogonal_steps():
    res = _path("breche35", [(3, 3), (4, 3), (5, 4), (6, 5)])
    assert [s.cost_m for s in res.steps] == [1.5, 1.5, 3.0, 1.5]


def test_difficult_terrain_doubles():
    res = _path("breche35", [(3, 2), (4, 3)], difficult=[(3, 2), (4, 3)])
    assert [s.cost_m for s in res.steps] == [3.0, 3.0]
    assert all(s.difficult for s in res.steps)
    assert _path("dnd2024", [(3, 3)], difficult=[(3, 3)]).cost_m == 3.0


def test_walls_doors_windows_and_corner_cutting():
    through = [wall((3, 0), (3, 20))]
    blocked = _path("dnd2024", [(3, 2)], walls=through)
    assert not blocked.legal and "wall" in blocked.reason and not blocked.steps[0].legal
    assert not _path("dnd2024", [(3, 2)], walls=[wall((3, 0), (3, 20), kind="window")]).legal
    assert not _path("dnd2024", [(3, 2)], walls=[wall((3, 0), (3, 20), kind="door")]).legal
    assert _path("dnd2024", [(3, 2)], walls=[wall((3, 0), (3, 20), kind="door",
                                                   open=True)]).legal
    # A wall ending at the corner (3,3): the diagonal (2,2)→(3,3) would cut it (§4.2).
    corner = [wall((3, 0), (3, 3))]
    assert not _path("breche35", [(3, 3)], walls=corner).legal
    assert not _path("dnd2024", [(3, 3)], walls=corner).legal
    assert _path("dnd2024", [(2, 3), (3, 3)], walls=corner).legal


def test_bad_steps_and_speed():
    assert "not next to" in _path("dnd2024", [(4, 2)]).reason
    assert "off the grid" in _path("dnd2024", [(1, 1), (0, 0), (-1, -1)]).reason
    far = [(2 + i, 2) for i in range(1, 8)]  # 7 squares = 10.5 m
    res = _path("dnd2024", far)
    assert not res.legal and "10.5 m" in res.reason
    assert _path("dnd2024", far, kind="run").legal


def test_occupied_squares_per_system():
    ally, foe = tok("ally", 3, 2, side="party"), tok("foe", 3, 2, side="foe")
    m = tok("m", 2, 2, side="party")
    # Pass through an ally, but don't end there (2024; 3.5 except tiny).
    assert _path("dnd2024", [(3, 2), (4, 2)], tokens=[m, ally]).legal
    assert not _path("dnd2024", [(3, 2)], tokens=[m, ally]).legal
    # 001 "Positionnement": sharing a square is allowed.
    assert _path("adnd2bis", [(3, 2)], tokens=[m, ally]).legal
    assert not _path("breche35", [(3, 2), (4, 2)], tokens=[m, foe]).legal
    # 2024: a creature two sizes apart can be moved through.
    tiny_foe = tok("foe", 3, 2, size="tiny")
    assert _path("dnd2024", [(3, 2), (4, 2)], tokens=[m, tiny_foe]).legal


MOVER = tok("m", 5, 5, side="party")
FOE = tok("e", 6, 5)


def _oa(system, squares, kind="normal", options=None, tokens=None):
    res = _path(system, squares, tokens=tokens or [MOVER, FOE], kind=kind, options=options)
    return [(p.by, p.at, p.step_index) for p in res.provokes]


def test_breche35_leaving_any_threatened_square():
    # 000 "Attaques d'opportunité": leaving a threatened square provokes, even inside reach.
    assert _oa("breche35", [(5, 6)]) == [("e", (5, 5), 0)]
    assert _oa("breche35", [(4, 5), (3, 5)]) == [("e", (5, 5), 0)]  # once per enemy
    assert _oa("breche35", [(4, 5)], kind="step") == []  # the 1.5 m step
    # Withdraw: the first square is safe, the next threatened square is not.
    assert _oa("breche35", [(4, 5), (3, 5)], kind="withdraw") == []
    assert _oa("breche35", [(5, 6), (4, 7)], kind="withdraw") == [("e", (5, 6), 1)]


def test_dnd2024_leaving_reach_only():
    assert _oa("dnd2024", [(5, 6)]) == []  # still within reach
    assert _oa("dnd2024", [(5, 6), (4, 7)]) == [("e", (5, 6), 1)]
    assert _oa("dnd2024", [(4, 5)], kind="step") == [("e", (5, 5), 0)]  # no 5-ft step
    assert _oa("dnd2024", [(5, 6), (4, 7)], kind="withdraw") == []  # Disengage


def test_adnd2bis_zone_of_control_step_and_entering():
    # 001: only leaving the zone of control; the 5' step provokes; entering a foe's square.
    assert _oa("adnd2bis", [(5, 6)]) == []
    assert _oa("adnd2bis", [(4, 5)], kind="step") == [("e", (5, 5), 0)]
    # 001 "Opportunity Attacks et Désengagement": "un « 5′ step » [...] déclenche une OA",
    # even one that stays in the zone (a normal move there provokes nothing, above).
    assert _oa("adnd2bis", [(5, 6)], kind="step") == [("e", (5, 5), 0)]
    res = _path("adnd2bis", [(5, 6)], tokens=[MOVER, FOE], kind="step")
    assert res.provokes[0].why == "takes a 5' step in its zone of control"
    assert words(res.provokes[0].why, "fr") == "fait un pas de placement (5') dans sa zone de contrôle"
    # A creature with Offensive Reflexes: moving inside its zone provokes it too (001 "Le
    # feat Offensive Reflexes [...] confère la capacité de déclencher des opportunity
    # attacks pour de telles actions"); the others still let a move inside go.
    s = build_scene("adnd2bis", [MOVER, FOE])
    reflexes = plan_path(s.geo, "m", [(5, 6)], s.policy,
                         moves_within_provoke=lambda t: t.id == "e").provokes
    assert [(p.by, p.at, p.why) for p in reflexes] == [
        ("e", (5, 5), "moves in its zone of control (Offensive Reflexes)")]
    assert plan_path(s.geo, "m", [(5, 6)], s.policy,
                     moves_within_provoke=lambda t: False).provokes == []
    # 001 "Charge": "Ne déclenche pas d'OA sauf en cas de contre-charge" (left to the GM):
    # a charge that leaves the zone provokes nothing, where a normal move does.
    away = [(4, 5), (3, 5), (2, 5), (1, 5)]
    assert _oa("adnd2bis", away) == [("e", (5, 5), 0)]
    assert _oa("adnd2bis", away, kind="charge") == []
    imp = tok("imp", 4, 5, size="tiny")
    assert _oa("adnd2bis", [(4, 5)], tokens=[tok("m", 3, 5, side="party"), imp]) == [
        ("imp", (3, 5), 0)]


def test_pmt_none_unless_option():
    assert _oa("pmt", [(5, 6), (4, 7)]) == []
    assert _oa("pmt", [(5, 6), (4, 7)], options={"opportunity_attacks": True}) == [
        ("e", (5, 6), 1)]
