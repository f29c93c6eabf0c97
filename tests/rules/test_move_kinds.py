"""Each system declares the kinds of move its text has, named in its own words; the engine
and the CLI refuse any other in one sentence that names the seed."""

from __future__ import annotations

import json

import pytest

from battlemap.cli import main
from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.core.system import get_system
from battlemap.text import words


def test_breche35_has_step_withdraw_charge_and_run() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un pas de placement de 1,5 m »; the
    # actions table: « Se déplacer de sa vitesse », « Charge », « Course », « Retrait ».
    system = get_system("breche35")
    assert system.move_kinds() == ["normal", "step", "withdraw", "charge", "run"]
    assert [words(system.move_kind_label(k), "fr") for k in system.move_kinds()] == [
        "se déplacer", "pas de placement", "retrait", "charge", "course"]
    assert system.move_kind_label("step") == "5-foot step"


def test_adnd2bis_has_step_charge_and_run_but_no_withdraw() -> None:
    # 001_dd346e63a171f715.txt, "Opportunity Attacks et Désengagement": « Le pas de placement
    # (5′ step) »; "Charge"; "Vitesses de déplacement en combat": « Run (double move) ». Its
    # "Désengagement" is conditions a–c or a Tumbling check, not a move of its own.
    system = get_system("adnd2bis")
    assert system.move_kinds() == ["normal", "step", "charge", "run"]
    assert words(system.move_kind_label("step"), "fr") == "pas de placement (5′ step)"
    assert words(system.move_kind_label("run"), "fr") == "Run (double move)"


def test_dnd2024_has_disengage_and_dash_but_no_step_or_charge() -> None:
    # 003_04e386f09d3dfd89.txt names no action; RULES.md §2: no 5-foot step ("—"), charge
    # "not in glossary — off"; the 2024 Disengage (« Se désengager ») and Dash (« Foncer »).
    system = get_system("dnd2024")
    assert system.move_kinds() == ["normal", "withdraw", "run"]
    assert [system.move_kind_label(k) for k in system.move_kinds()] == [
        "move", "Disengage", "Dash"]
    assert [words(system.move_kind_label(k), "fr") for k in system.move_kinds()] == [
        "déplacement", "se désengager", "foncer"]


def test_pmt_has_only_its_combat_movement() -> None:
    # 004_49216c8abfe9f777.txt names one move, « leur mouvement de combat »; RULES.md §2:
    # charge "not in seed — off"; no 5-foot step ("—").
    system = get_system("pmt")
    assert system.move_kinds() == ["normal"]
    assert words(system.move_kind_label("normal"), "fr") == "mouvement de combat"


def _session(system: str) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=12, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="a", name="Aldo", side="party", col=1, row=1),
        Token(id="o", name="Orque", side="foe", col=10, row=1)])
    return Session(enc, seed=1)


def test_pmt_refuses_a_charge_in_one_sentence_even_for_the_gm() -> None:
    # 004_49216c8abfe9f777.txt has no charge (RULES.md §2 "not in seed — off").
    s = _session("pmt")
    run_up = [(c, 1) for c in range(2, 9)]
    with pytest.raises(Refused) as no:
        s.move("a", run_up, kind="charge", gm_override=True)
    assert str(no.value) == (
        "Aldo cannot move there: Portes, Monstres & Trésors (004_49216c8abfe9f777.txt) has no "
        "charge: its moves are combat movement.")
    assert words(no.value.reason, "fr") == (
        "Aldo ne peut pas aller là : Portes, Monstres & Trésors (004_49216c8abfe9f777.txt) ne "
        "connaît pas la charge : ses déplacements sont mouvement de combat.")
    assert (s.token("a").col, s.token("a").row) == (1, 1)
    preview = s.preview_move("a", run_up, kind="charge")  # a drag shows it red, with why
    assert not preview.legal and "has no charge" in str(preview.reason)


def test_dnd2024_refuses_a_step() -> None:
    # RULES.md §5: the 5-foot step is "—" in 2024 (003_04e386f09d3dfd89.txt).
    s = _session("dnd2024")
    with pytest.raises(Refused, match=r"D&D 2024 \(003_04e386f09d3dfd89.txt\) has no step: "
                                      r"its moves are move, Disengage, Dash"):
        s.move("a", [(2, 1)], kind="step")


def test_cli_path_refuses_a_kind_the_system_lacks(capsys: pytest.CaptureFixture[str],
                                                  tmp_path) -> None:
    path = tmp_path / "enc.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "system": "pmt",
        "grid": {"cols": 8, "rows": 8},
        "tokens": [{"id": "a", "name": "A", "side": "party", "col": 2, "row": 2}]}))
    code = main(["query", str(path), "path", "a", "3,2", "4,2", "--kind", "step"])
    assert code == 2
    assert "Portes, Monstres & Trésors (004_49216c8abfe9f777.txt) has no step: its moves " \
           "are combat movement." in capsys.readouterr().err
