"""A step's own length is part of the move's legality, in or out of a turn: one square of
1.5 m, never a square of difficult terrain (which costs double), with the reason and its
source; systems with no step refuse it outright (tests/rules/test_move_kinds.py)."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Terrain, Token
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words


def _session(system: str, in_turn: bool) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=12, rows=4),  # type: ignore[arg-type]
                    terrain=[Terrain(squares=[(2, 2)])], tokens=[
                        Token(id="a", name="Aldo", side="party", col=1, row=1,
                              stats=SAMPLE if system == "breche35" else None),
                        Token(id="o", name="Orque", side="foe", col=10, row=1,
                              stats=SAMPLE if system == "breche35" else None)])
    s = Session(enc, seed=1)
    if in_turn:
        # 3.5: d20, highest first; 2bis: d10, lowest first (001 "INITIATIVE").
        s.roll_initiative(forced=[18, 2] if system == "breche35" else [1, 9])
        assert s.current_token_id == "a"
    return s


@pytest.mark.parametrize("in_turn", [False, True])
def test_breche35_step_of_two_squares_is_refused_with_its_source(in_turn: bool) -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un pas de placement de 1,5 m ».
    s = _session("breche35", in_turn)
    two = s.preview_move("a", [(2, 1), (3, 1)], kind="step")
    assert not two.legal
    assert str(two.reason) == ('a 1.5 m step is one square (000 "Le round de combat": "un pas '
                               'de placement de 1,5 m"): this one is 2 squares, 3 m')
    assert words(two.reason, "fr") == ('un pas de placement (1,5 m) ne fait qu\'une case (000 "Le round '
                             'de combat": "un pas de placement de 1,5 m") : celui-ci en fait '
                             '2, 3 m')
    with pytest.raises(Refused, match="this one is 2 squares, 3 m"):
        s.move("a", [(2, 1), (3, 1)], kind="step")
    assert (s.token("a").col, s.token("a").row) == (1, 1)
    one = s.move("a", [(2, 1)], kind="step")  # one square: 1.5 m
    assert one.cost_m == 1.5 and (s.token("a").col, s.token("a").row) == (2, 1)


def test_breche35_diagonal_step_is_one_square() -> None:
    # 000 "Le round de combat": one square, the first diagonal costing 1.5 m (RULES.md §2).
    s = _session("breche35", True)
    assert s.preview_move("a", [(2, 0)], kind="step").legal


@pytest.mark.parametrize("in_turn", [False, True])
def test_adnd2bis_step_into_difficult_terrain_is_refused(in_turn: bool) -> None:
    # 001_dd346e63a171f715.txt, "Vitesses de déplacement en combat": « Terrain Difficile :
    # -50% »: the 5' step's one square of difficult terrain costs 3 m.
    s = _session("adnd2bis", in_turn)
    into = s.preview_move("a", [(2, 2)], kind="step")
    assert not into.legal
    assert str(into.reason) == (
        "a 5' step covers 1.5 m and difficult terrain costs double (001 \"Vitesses de "
        "déplacement en combat\": \"Terrain Difficile : -50%\"): (2, 2) costs 3 m")
    with pytest.raises(Refused, match="difficult terrain costs double"):
        s.move("a", [(2, 2)], kind="step")
    # 001 "Opportunity Attacks et Désengagement": the "5′ step" is one square, out of a turn too.
    far = s.preview_move("a", [(2, 1), (3, 1), (4, 1)], kind="step")
    assert not far.legal and str(far.reason).endswith("this one is 3 squares, 4.5 m")
    assert s.move("a", [(2, 1)], kind="step").cost_m == 1.5
