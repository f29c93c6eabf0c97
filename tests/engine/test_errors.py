"""A roll the dice cannot make (an expression valid in the file but failing when rolled, or a
damage typed in a dialog) is the engine's one-sentence EngineError, and changes nothing."""

from __future__ import annotations

import pytest

from battlemap.engine import EngineError, Session
from battlemap.model import AreaShape, AreaTemplate, Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE


def _duel(damage: str) -> Session:
    armed = {**SAMPLE, "weapons": [{"name": "Hache", "damage": damage}]}
    enc = Encounter(system="breche35", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=armed),
        Token(id="b", name="B", side="foe", col=2, row=1, stats=SAMPLE)])
    return Session(enc, seed=1)


def test_an_attack_whose_damage_cannot_be_rolled_is_an_engine_error() -> None:
    s = _duel("1d8/0")  # parses, so it loads; the division fails only when rolled
    before = s.encounter.model_dump()
    with pytest.raises(EngineError) as err:
        s.attack("a", "b", forced=[15])  # a hit, Str +3 added
    assert str(err.value) == "Cannot roll the dice: '1d8/0+3' cannot be rolled (cannot divide by zero)."
    assert s.encounter.model_dump() == before and not s.can_undo


def test_an_area_damage_typo_is_an_engine_error() -> None:
    s = _duel("1d8")
    tpl = s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(2.0, 2.0), size_m=1.5))
    with pytest.raises(EngineError) as err:
        s.apply_area(tpl.id, damage="1d8+")
    assert str(err.value) == "Cannot roll the dice: '1d8+' is not dice notation (it ends too early)."
