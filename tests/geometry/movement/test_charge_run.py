"""The shape of a charge and of a run on the grid, per system (000 and 001 "Charge", 000
actions table). A straight line is one direction for every step, orthogonal or diagonal."""

from __future__ import annotations

from battlemap.text import words
from tests.helpers.geometry import plan_on_open_ground as _plan


def test_breche35_run_is_straight_other_systems_may_turn() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « Course (quatre fois sa vitesse en ligne
    # droite) ». 001_dd346e63a171f715.txt, "Vitesses de déplacement en combat" (« Run : x2 »)
    # names no line: a 2bis run may turn.
    turn = [(3, 2), (4, 2), (5, 3)]
    bent = _plan("breche35", turn, "run")
    assert (bent.legal, str(bent.reason), words(bent.reason, "fr")) == (
        False, "a run goes in a straight line", "une course se fait en ligne droite")
    assert _plan("breche35", [(3, 3), (4, 4), (5, 5)], "run").legal  # diagonal: straight
    assert _plan("adnd2bis", turn, "run").legal
    assert _plan("dnd2024", turn, "run").legal
