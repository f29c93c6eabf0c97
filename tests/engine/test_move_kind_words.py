"""The turn's budget refusals name a move kind in the encounter's system's own words
(`RuleSystem.move_kind_label`), English and French: dnd2024 "Disengage" / « se désengager »,
breche35 "withdraw" / « retrait »."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words


def _session(system: str, stats: object = None) -> Session:
    extra = {"stats": stats} if stats is not None else {}
    enc = Encounter(system=system, grid=Grid(cols=14, rows=6), tokens=[  # type: ignore[arg-type]
        Token(id="a", name="Aldo", side="party", col=1, row=1, **extra),
        Token(id="o", name="Orque", side="foe", col=12, row=4, **extra)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[18, 2])  # Aldo's turn
    assert s.turn_state.current == "a"
    return s


@pytest.mark.parametrize(("kind", "en", "fr"), [
    ("withdraw", "Disengage", "se désengager"), ("run", "Dash", "foncer")])
def test_dnd2024_disengage_or_dash_without_the_action(kind: str, en: str, fr: str) -> None:
    # 003_04e386f09d3dfd89.txt names actions (« l'action Attaque ou Utilisation », « au prix
    # d'une action ») but not the turn's budget: the 2024 standard, as docs/rules/README.md#geometry-by-system does where
    # the seed is silent (rules/core/base.py: action + bonus action + reaction + movement).
    # Disengage (« Se désengager ») and Dash (« Foncer ») take the action: none is left once
    # the action is spent.
    s = _session("dnd2024")
    s.spend("a", "action")
    with pytest.raises(Refused) as no:
        s.move("a", [(2, 1)], kind=kind)
    assert no.value.reason == f"Aldo cannot move: {en} needs the action."
    assert words(no.value.reason, "fr") == f"Aldo ne peut pas se déplacer : « {fr} » demande l'action."
    assert (s.token("a").col, s.token("a").row) == (1, 1)


@pytest.mark.parametrize(("kind", "en", "fr"), [
    ("withdraw", "withdraw", "retrait"), ("run", "run", "course")])
def test_breche35_withdraw_or_run_after_a_move_action(kind: str, en: str, fr: str) -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « une action simple et une action de
    # mouvement, ou d'une action complexe »; its actions table: « Course » and « Retrait » are
    # « complexe » (docs/rules/breche35.md#a-turn: "standard + move, or full-round"). A creature that
    # has already moved has no full-round action left.
    s = _session("breche35", SAMPLE)
    s.move("a", [(2, 1)])
    with pytest.raises(Refused) as no:
        s.move("a", [(3, 1), (4, 1)], kind=kind)
    assert no.value.reason == f"Aldo cannot move: a {en} takes the whole turn."
    assert words(no.value.reason, "fr") == f"Aldo ne peut pas se déplacer : « {fr} » prend tout le tour."
    assert s.token("a").col == 2


def test_breche35_step_after_a_move_and_a_move_after_a_step() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un pas de placement de 1,5 m s'il ne
    # s'est pas déplacé autrement ».
    s = _session("breche35", SAMPLE)
    s.move("a", [(2, 1)])
    with pytest.raises(Refused) as no:
        s.move("a", [(3, 1)], kind="step")
    assert no.value.reason == ("Aldo cannot move: a 5-foot step must be the only movement of "
                               "the turn and one square.")
    assert words(no.value.reason, "fr") == ("Aldo ne peut pas se déplacer : « pas de placement » doit être "
                                  "le seul déplacement du tour et d'une case.")
    t = _session("breche35", SAMPLE)
    t.move("a", [(2, 1)], kind="step")
    with pytest.raises(Refused) as after:
        t.move("a", [(3, 1)])
    assert after.value.reason == ("Aldo cannot move: after a 5-foot step no other movement is "
                                  "allowed this turn.")
    assert words(after.value.reason, "fr") == ("Aldo ne peut pas se déplacer : après « pas de placement », "
                                     "aucun autre déplacement ce tour-ci.")


def test_adnd2bis_charge_after_a_move() -> None:
    # 001_dd346e63a171f715.txt, "Charge": « Exécuter une charge augmente la capacité de
    # mouvement de 10′ » (the move action, 10' more, the combat action kept for the blow);
    # "Actions" (docs/rules/adnd2bis.md#a-turn): « one combat action + one move action ». Once the
    # creature has moved, the charge is refused in 2bis's words: "charge" / « Charge ».
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=6), tokens=[
        Token(id="a", name="Aldo", side="party", col=1, row=1),
        Token(id="o", name="Orque", side="foe", col=12, row=1)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[2, 8])  # d10, lowest first: Aldo
    s.move("a", [(2, 1)])
    with pytest.raises(Refused) as no:
        s.move("a", [(c, 1) for c in range(3, 9)], kind="charge")
    assert no.value.reason == ("Aldo cannot move: a charge needs the move action and the combat "
                               "action, before any other movement.")
    assert words(no.value.reason, "fr") == ("Aldo ne peut pas se déplacer : « Charge » demande l'action de "
                                  "mouvement et l'action de combat, avant tout autre déplacement.")
