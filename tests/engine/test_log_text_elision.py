"""« de » elides before a vowel in the French log and the Undo button: the log read « Tour de
Aude (round 1) », « Tour de Orc 1 », « Initiative de Elric : 12 » at every turn."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.text import words


def test_turns_initiative_and_undo_steps_elide_de() -> None:
    s = Session(Encounter(system="dnd2024", grid=Grid(cols=6, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="a", name="Aude", side="party", col=1, row=1),
        Token(id="h", name="Hugues", side="foe", col=3, row=1)]), seed=2)
    s.roll_initiative(forced=[20, 1])
    turns = [e.said("fr") for e in s.log.entries if e.kind == "turn"]
    assert turns == ["Tour d'Aude (round 1)"]
    s.next_turn()
    assert s.log.entries[-1].said("fr").startswith("Tour de Hugues")  # an h: « de »
    s.set_initiative("a", 12)
    assert s.log.entries[-1].said("fr") == "Initiative d'Aude : 12"
    assert words(s.undo_text, "fr") == "initiative d'Aude"
