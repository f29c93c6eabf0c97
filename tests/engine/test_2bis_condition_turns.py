"""2bis conditions through the engine: an exhausted or fatigued creature's initiative shown in the log
(001_dd346e63a171f715.txt). Forced dice throughout."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.model import Encounter, Grid, Token

SEED = "001_dd346e63a171f715.txt"
# Dex 18: initiative adjustment 3 (DEX − 15), subtracted from the d10.
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter", "dexterity": 18,
           "strength": "16", "weapons": [{"name": "Épée", "damage": "1d8",
                                          "damage_type": "slashing"}]}


def _session() -> Session:
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=6), tokens=[
        Token(id="a", name="Aldo", side="party", col=3, row=2, stats=FIGHTER),
        Token(id="o", name="Orc", side="foe", col=4, row=2, stats=FIGHTER)])
    return Session(enc, seed=3)


def test_exhausted_and_fatigued_initiative_is_shown_die_by_die() -> None:
    # 001, "Exhausted (Epuisé)": "Disadvantage to all rolls" → two d10, the higher (worse,
    # lowest first) kept: 5 and 2 → 5 − 3 (Dex) = 2. "Fatigued (Fatigué)": −1 a roll per
    # hour, level 2 → the orc's 4 − 3 + 2 = 3.
    s = _session()
    s.add_condition("a", "exhausted")
    s.add_condition("o", "fatigued", level=2)
    s.roll_initiative(forced=[5, 2, 4])
    entry = next(e for e in reversed(s.log.entries) if e.kind == "initiative")
    lines = detail_lines(entry.details, "en")
    assert lines == [
        "a: 2d10kh1 → (5!, ~~2!~~) = 5 → 2",
        f'  Dextérité 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  désavantage (Épuisé, {SEED}, "Exhausted (Epuisé)") : deux d10, le plus haut gardé',
        "o: 1d10 → (4!) = 4 → 3",
        f'  Dextérité 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  Fatigué -2 (initiative) [{SEED}, "Fatigued (Fatigué)"]',
    ]
