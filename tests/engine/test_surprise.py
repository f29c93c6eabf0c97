"""Starting combat with surprise, per system, through Session with forced dice: who waits in
the surprise round, what the surprised suffer, the 2bis surprise roll, undo."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import EngineError, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND_FIGHTER
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE
from battlemap.rules.dnd2024.stats import SAMPLE as DND_SAMPLE
from battlemap.text import words


def _duel(system: str, stats: dict[str, Any]) -> Session:
    return Session(Encounter(system=system, grid=Grid(cols=10, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=stats),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=stats)]), seed=1)


def _conds(s: Session, token_id: str) -> list[str]:
    return sorted(c.name for c in s.token(token_id).conditions)


def test_breche35_surprise_round() -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": "il y a un round de surprise : seuls
    # ceux qui savent agissent, une action simple ou de mouvement"; flat-footed until one acts.
    s = _duel("breche35", BRECHE_SAMPLE)
    s.start_combat(surprised=["b"], forced=[20, 1])  # A 20 + 2 = 22, B 1 + 2 = 3
    assert s.order == ["a", "b"] and s.current_token_id == "a" and s.round == 1
    assert s.budget("a").slots == {"standard_or_move": 1}
    assert _conds(s, "b") == ["flat_footed", "surprised"]
    s.next_turn()  # B is surprised: it does not act; round 2 begins with A
    assert s.current_token_id == "a" and s.round == 2
    assert _conds(s, "b") == ["flat_footed"]  # has not acted yet
    assert s.budget("a").slots["full_round"] == 1  # a normal round again
    assert any(e.said("en") == "B: surprised, does not act in the surprise round"
               for e in s.log.entries)
    s.next_turn()
    assert s.current_token_id == "b" and _conds(s, "b") == []


def test_adnd2bis_surprise_roll_and_penalties() -> None:
    # 001_dd346e63a171f715.txt, "Surprise": 1–3 on a d10; the surprised side gets no action
    # for a round and −2 AC; "INITIATIVE, FLANKING, SURPRISE": attacks on it get +2.
    s = _duel("adnd2bis", ADND_FIGHTER)
    s.start_combat(roll_surprise={"foe": "none"}, forced=[2, 5, 5])  # d10 2 ≤ 3: surprised
    assert _conds(s, "b") == ["surprised"] and _conds(s, "a") == []
    entry = next(e for e in s.log.entries if e.kind == "surprise")
    assert entry.said("en") == "Surprise: B (foe d10 2 ≤ 3 : surprised)"
    p = s.preview_attack("a", "b")
    mods = {words(m.name, "fr"): m.value for m in p.modifiers}
    assert mods["Cible surprise"] == 2 and mods["Surpris"] == -2
    assert p.target_number == 10  # TAC0 14 − AC 2 = 12, −2 AC surprised
    s.next_turn(forced=[4, 6])  # B waits; round 2, initiative re-rolled
    assert s.round == 2 and s.current_token_id == "a" and _conds(s, "b") == []


def test_adnd2bis_ambush_doubles_the_chance() -> None:
    # 001, "Surprise": "L'embuscade double les chances de surprise": 6 on a d10 surprises.
    s = _duel("adnd2bis", ADND_FIGHTER)
    s.start_combat(roll_surprise={"foe": "ambush"}, forced=[6, 5, 5])
    assert _conds(s, "b") == ["surprised"]
    s2 = _duel("adnd2bis", ADND_FIGHTER)
    s2.start_combat(roll_surprise={"foe": "ambush"}, forced=[7, 5, 5])
    assert _conds(s2, "b") == [] and not s2.turn_state.surprise


def test_dnd2024_surprise_is_disadvantage_on_initiative() -> None:
    # D&D 2024 PHB, Surprise (003 "Initiative"): Disadvantage on the roll, no lost turn.
    s = _duel("dnd2024", DND_SAMPLE)
    entries = s.start_combat(surprised=["b"], forced=[15, 10, 3])
    assert [(e.token, e.score) for e in entries] == [("a", 17.0), ("b", 5.0)]  # Dex +2
    s.next_turn()
    assert s.current_token_id == "b" and s.round == 1


def test_start_combat_is_one_undo_step() -> None:
    s = _duel("breche35", BRECHE_SAMPLE)
    s.start_combat(surprised=["b"], forced=[20, 1])
    assert s.undo_text == "Start combat (surprise)"
    s.undo()
    assert s.round == 0 and _conds(s, "b") == [] and len(s.log) == 0
    s.redo()
    assert _conds(s, "b") == ["flat_footed", "surprised"]


def test_no_surprise_roll_in_breche35() -> None:
    s = _duel("breche35", BRECHE_SAMPLE)
    with pytest.raises(EngineError, match="no surprise roll"):
        s.start_combat(roll_surprise={"foe": "none"})
