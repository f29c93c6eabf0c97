"""What the map asks the engine for its overlays: threatened squares and HP states."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Condition, Encounter, Grid, Token


def _session(system: str, **fighter) -> Session:
    enc = Encounter(system=system, grid=Grid(cols=9, rows=9), tokens=[
        Token(id="f", name="Fighter", side="party", col=4, row=4, **fighter),
        Token(id="g", name="Goblin", side="foe", col=0, row=0)])
    return Session(enc, seed=1)


def test_medium_creature_threatens_the_eight_adjacent_squares():
    # 003 "allonge de 1.50 m": every creature reaches 1.5 m unless a rule says otherwise.
    s = _session("dnd2024")
    assert sorted(s.threatened_squares("f")) == sorted(
        (c, r) for c in (3, 4, 5) for r in (3, 4, 5) if (c, r) != (4, 4))


def test_helpless_creature_threatens_nothing():
    # RULES.md §1 "Threatened squares": unconscious creatures threaten nothing (000 "États").
    s = _session("breche35", conditions=[Condition(name="unconscious")])
    assert s.threatened_squares("f") == []


def test_hp_state_reads_the_system():
    # 003 "En péril": bloodied at half hit points or fewer.
    s = _session("dnd2024", hp=5, stats={"max_hp": 10})
    assert s.hp_state("f") == "bloodied"
    s.heal("f", 1)
    assert s.hp_state("f") == "ok"


def test_threat_follows_a_condition_added_then_undone():
    # 000 "États": an unconscious creature is helpless and threatens nothing; the engine's
    # memo of who threatens must follow the token as commands and undo replace it.
    s = _session("breche35")
    assert len(s.threatened_squares("f")) == 8
    s.add_condition("f", "unconscious")
    assert s.threatened_squares("f") == []
    s.undo()
    assert len(s.threatened_squares("f")) == 8
