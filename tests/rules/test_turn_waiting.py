"""Each system's rule for a creature that waits to act later (`RuleSystem.waiting`): the 3.5
delay, the 2bis hold action, none in D&D 2024 and PMT, each said with its seed."""

from __future__ import annotations

import pytest

from battlemap.engine import EngineError, Session
from battlemap.rules.core.system import get_system
from battlemap.text import words
from tests.helpers.engine import encounter, tok


def _session(system: str) -> Session:
    enc = encounter([tok("ana", 1, 1, "party"), tok("gob", 3, 1)], system=system)
    s = Session(enc)
    s.roll_initiative()
    return s


def test_breche35_delays_by_000_retarder() -> None:
    rule = get_system("breche35").waiting
    assert rule.kind == "delay" and rule.allowed
    assert rule.source == '000_d623f1b22a06cede.txt, "Le round de combat"'


def test_adnd2bis_holds_its_action_by_001_hold_action() -> None:
    rule = get_system("adnd2bis").waiting
    assert rule.kind == "hold" and rule.allowed
    assert rule.source == '001_dd346e63a171f715.txt, "Hold Action (Réaction conditionnelle)"'


@pytest.mark.parametrize(("system", "en", "fr"), [
    ("dnd2024",
     "D&D 2024 has no rule for waiting to act later: its text "
     "(003_04e386f09d3dfd89.txt) has each creature act in its place.",
     "D&D 2024 n'a pas de règle pour attendre et agir plus tard : son texte "
     "(003_04e386f09d3dfd89.txt) fait agir chaque créature à sa place."),
    ("pmt",
     "PMT has no rule for waiting to act later: its text (004_49216c8abfe9f777.txt) has "
     "each creature act in its place.",
     "PMT n'a pas de règle pour attendre et agir plus tard : son texte "
     "(004_49216c8abfe9f777.txt) fait agir chaque créature à sa place."),
])
def test_systems_without_a_wait_rule_refuse_in_one_sentence_naming_their_seed(
        system: str, en: str, fr: str) -> None:
    rule = get_system(system).waiting
    assert not rule.allowed and rule.missing == en and words(rule.missing, "fr") == fr
    s = _session(system)
    with pytest.raises(EngineError) as err:
        s.delay(s.current_token_id or "")
    assert str(err.value) == f"No creature can wait: {en}"


@pytest.mark.parametrize(("system", "said"), [
    ("breche35", "delays: out of the order, waiting to act"),
    ("adnd2bis", "holds its action: out of the order, waiting to act"),
])
def test_the_log_names_the_systems_own_rule(system: str, said: str) -> None:
    s = _session(system)
    first = s.current_token_id or ""
    s.delay(first)
    entry = next(e for e in reversed(s.log.entries) if e.actor == first and "order" in e.said("en"))
    assert entry.said("en").endswith(said)
    assert entry.details["source"] == get_system(system).waiting.source


def test_a_pmt_minion_out_of_the_fight_loses_its_turns() -> None:
    # 004 "Sbires": « une attaque réussie contre eux les met immédiatement hors combat ».
    s = _session("pmt")
    first, other = s.order[0], s.order[1]
    s.add_condition(other, "out")
    assert s.next_turn() == first  # the round turns past the minion
    assert s.round == 2
    assert f"{s.token(other).name}: defeated (Out of the fight), turn skipped" in [
        e.said("en") for e in s.log.entries]
