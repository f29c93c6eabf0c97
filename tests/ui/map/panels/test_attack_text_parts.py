"""The attack panel's outcome shows each typed part of the blow and what the target's
defence made of it, in the interface's language (a ghoul's bite, SRD 5.2: piercing plus
necrotic, against a creature resistant to necrotic: D&D 2024 PHB, Damage Resistance)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.dnd2024.samples import FIGHTER, GHOUL
from battlemap.ui import i18n
from battlemap.ui.map.panels.attack_text import outcome_text


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def _bite() -> tuple[object, dict[str, str]]:
    enc = Encounter(system="dnd2024", grid=Grid(cols=6, rows=4), tokens=[
        Token(id="g", name="Goule", side="foe", col=1, row=1, stats=GHOUL),
        Token(id="a", name="Aude", side="party", col=2, row=1,
              stats={**FIGHTER, "resistances": ["necrotic"]})])
    # d20 15 + 4 hits AC 18; piercing 1d6 (5) + 2 = 7, necrotic 1d6 (5) → 2.
    out = Session(enc, seed=1).attack("g", "a", weapon="Morsure", forced=[15, 5, 5])
    return out, {"g": "Goule", "a": "Aude"}


def test_the_outcome_lists_the_parts_and_the_resistance_in_french(french: None) -> None:
    out, names = _bite()
    lines = outcome_text(out, names).split("\n")
    assert "  1d6+2 perforant = 7, 1d6 nécrotique = 5" in lines
    assert "Aude : 12 dégâts (9 subis), PV 44 → 35" in lines
    assert ("  1d6 nécrotique = 5 → résistance (nécrotique) : 5 → 2 (D&D 2024 PHB, Damage "
            "Resistance and Vulnerability)") in lines


def test_the_outcome_lists_the_parts_in_english() -> None:
    out, names = _bite()
    lines = outcome_text(out, names).split("\n")
    assert "  1d6+2 piercing = 7, 1d6 necrotic = 5" in lines
    assert ("  1d6 necrotic = 5 → resistance (necrotic): 5 → 2 (D&D 2024 PHB, Damage "
            "Resistance and Vulnerability)") in lines
