"""A 2bis fumble hurts and fells the attacker itself, through the engine (001 "Fumbles
(natural 1/d20 toHit)": confirmed by a failed DEX/Acrobatics DC 15 check, then d20 on the
table; 4-6 "Trébuche": prone, CON DC 18 (10 with a helm) or 2d6 damage and unconscious)."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token

FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "dexterity": 10, "constitution": 10,
           "helm": False, "weapons": [{"name": "Épée longue", "damage": "1d8"}]}


def _session() -> Session:
    enc = Encounter(system="adnd2bis", grid=Grid(cols=6, rows=6), tokens=[
        Token(id="a", name="Aldo", side="party", col=1, row=1, stats=FIGHTER),
        Token(id="o", name="Orc", side="foe", col=2, row=1, stats={"max_hp": 8, "ac": 6})])
    return Session(enc, seed=3)


def test_stumble_fumble_leaves_the_attacker_prone_hurt_and_unconscious():
    s = _session()
    # natural 1; DEX check 2 (fails DC 15); table 5 (stumble); CON check 3 (fails DC 18); 2d6 = 4+3
    out = s.attack("a", "o", forced=[1, 2, 5, 3, 4, 3])
    assert [a.outcome for a in out.result.attacks] == ["fumble"]
    aldo = s.encounter.token("a")
    assert aldo.hp == 30 - 7
    assert {c.name for c in aldo.conditions} >= {"prone", "unconscious"}
    assert s.encounter.token("o").hp in (None, 8)  # the orc is untouched
    s.undo()
    assert s.encounter.token("a").conditions == [] and s.encounter.token("a").hp is None
