"""A timed condition that runs out is logged in the interface's words in both languages:
the French log read « Goule : poisoned ends », « Orc 1 : stunned ends »."""

from __future__ import annotations

import pytest

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token


@pytest.mark.parametrize(("system", "condition", "fr", "en"), [
    ("dnd2024", "poisoned", "fin de « Empoisonné »", "Poisoned ends"),
    ("pmt", "prone", "fin de « À terre »", "Prone ends"),
    ("adnd2bis", "stunned", "fin de « Étourdi »", "Stunned ends"),
    ("breche35", "shaken", "fin de « Secoué »", "Shaken ends"),
])
def test_a_condition_running_out_is_named_in_both_languages(system: str, condition: str,
                                                            fr: str, en: str) -> None:
    s = Session(Encounter(system=system, grid=Grid(cols=6, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="a", name="Aude", side="party", col=1, row=1),
        Token(id="g", name="Goule", side="foe", col=3, row=1)]), seed=2)
    s.roll_initiative()
    s.add_condition("g", condition, rounds=1)
    for _ in range(2 * len(s.order)):  # the goule's turn ends at least once
        s.next_turn()
    ends = [e for e in s.log.entries if e.kind == "turn_event"
            and e.details.get("removed") == [condition]]
    assert ends and ends[0].said("fr") == f"Goule : {fr}"
    assert ends[0].said("en") == f"Goule: {en}"
