"""The shape of a charge and of a run on the grid, per system (000 and 001 "Charge", 000
actions table). A straight line is one direction for every step, orthogonal or diagonal."""

from __future__ import annotations

from battlemap.geometry import plan_path
from tests.geometry.conftest import build_scene, tok


def _plan(system: str, squares: list[tuple[int, int]], kind: str):  # type: ignore[no-untyped-def]
    s = build_scene(system, [tok("m", 2, 2, side="party")])
    return plan_path(s.geo, "m", squares, s.policy, move_kind=kind, speed_m=9.0)


def test_breche35_charge_needs_three_metres_diagonals_counted_1_2() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un déplacement en ligne droite d'au
    # moins 3 m »; one diagonal is 1.5 m, two are 4.5 m (1-2-1-2, DESIGN.md §4.1).
    one = _plan("breche35", [(3, 3)], "charge")
    assert (one.legal, one.cost_m, str(one.reason)) == (
        False, 1.5, "a charge covers at least 3 m (1.5 m here)")
    two = _plan("breche35", [(3, 3), (4, 4)], "charge")
    assert (two.legal, two.cost_m) == (True, 4.5)
    assert _plan("breche35", [(3, 2), (4, 2)], "charge").legal  # 3 m
    bent = _plan("breche35", [(3, 2), (4, 3), (5, 4)], "charge")
    assert (bent.legal, str(bent.reason)) == (
        False, "a charge goes in a straight line over clear ground")


def test_adnd2bis_charge_needs_twenty_feet() -> None:
    # 001_dd346e63a171f715.txt, "Charge": « au moins 20′ en ligne droite (case de réception
    # comprise) »: 20' = 6 m = 4 squares, the last one entered counted.
    three = _plan("adnd2bis", [(3, 2), (4, 2), (5, 2)], "charge")
    assert (three.legal, three.cost_m, str(three.reason)) == (
        False, 4.5, "a charge covers at least 6 m (4.5 m here)")
    assert three.reason_fr == "une charge parcourt au moins 6 m (ici 4,5 m)"
    assert _plan("adnd2bis", [(3, 2), (4, 2), (5, 2), (6, 2)], "charge").legal


def test_breche35_run_is_straight_other_systems_may_turn() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Course (quatre fois sa vitesse en ligne
    # droite) ». 001_dd346e63a171f715.txt, "Vitesses de déplacement en combat" (« Run : x2 »)
    # names no line: a 2bis run may turn.
    turn = [(3, 2), (4, 2), (5, 3)]
    bent = _plan("breche35", turn, "run")
    assert (bent.legal, str(bent.reason), bent.reason_fr) == (
        False, "a run goes in a straight line", "une course se fait en ligne droite")
    assert _plan("breche35", [(3, 3), (4, 4), (5, 5)], "run").legal  # diagonal: straight
    assert _plan("adnd2bis", turn, "run").legal
    assert _plan("dnd2024", turn, "run").legal
