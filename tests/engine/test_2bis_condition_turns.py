"""2bis conditions through the engine: a default duration rolled when none is given, a fumble
that ends with the round, an exhausted or fatigued creature's initiative shown in the log
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


def test_a_condition_put_on_without_a_duration_lasts_its_rolled_default() -> None:
    # 001, "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE": the default duration applies
    # "lorsque la règle ou l'origine du dommage ne l'indique pas"; "Stunned / Dazed
    # (Etourdi)": "Durée par défaut : d3 rds" — the GM's die: 2.
    s = _session()
    cond = s.add_condition("o", "stunned", forced=[2])
    assert (cond.name, cond.rounds_left) == ("stunned", 2)
    entry = s.log.entries[-1]
    where = f'{SEED}, "Stunned / Dazed (Etourdi)"'
    assert entry.said("fr") == f"Orc : Étourdi (2 rounds ; durée par défaut : Étourdi ({where}) " \
                               f": 1d3 → (2!) = 2)"
    assert entry.said("en") == f"Orc: Stunned (2 rounds; default duration: 1d3 → (2!) = 2, " \
                               f"{where})"
    assert "roll: 1d3 → (2!) = 2" in detail_lines(entry.details, "en")
    s.undo()
    assert s.token("o").conditions == []
    s.redo()
    assert [(c.name, c.rounds_left) for c in s.token("o").conditions] == [("stunned", 2)]
    # A duration the GM gives is kept, and nothing is rolled.
    s.add_condition("o", "stunned", rounds=5)
    assert [(c.name, c.rounds_left) for c in s.token("o").conditions] == [("stunned", 5)]
    assert "1d3" not in s.log.entries[-1].said("fr")


def test_a_fumble_ends_with_the_round_so_the_next_round_has_its_threat() -> None:
    # 001, "Fumbles (natural 1/d20 toHit)": a fumble stops "toute action subséquente du
    # personnage dans le round y compris … ses capacités de réactions" — in that round only.
    s = _session()
    s.roll_initiative(forced=[1, 9])  # Aldo 1 − 3 = −2, the orc 9 − 3 = 6: Aldo first
    s.attack("a", "o", forced=[1, 20])  # natural 1; DEX check 20 ≥ 15: no table roll
    assert [c.name for c in s.token("a").conditions] == ["fumbled"]
    s.next_turn()  # the orc, round 1: Aldo's reactions are gone
    leave = [(5, 2), (6, 2)]
    assert s.preview_move("o", leave).path.provokes == []
    s.next_turn(forced=[9, 1])  # round 2: the orc 1 − 3 = −2 acts before Aldo (6)
    assert (s.round, s.current_token_id) == (2, "o")
    assert s.token("a").conditions == []
    assert [p.by for p in s.preview_move("o", leave).path.provokes] == ["a"]
    ended = [e for e in s.log.entries if e.kind == "turn_event"]
    assert [(e.round, e.said("fr")) for e in ended] == [
        (1, f'Aldo : fin du round : fin de Fumble ({SEED}, "Fumbles (natural 1/d20 toHit)")')]


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
        "Aldo: 2d10kh1 → (5!, ~~2!~~) = 5 → 2",
        f'  Dextérité 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  désavantage (Épuisé, {SEED}, "Exhausted (Epuisé)") : deux d10, le plus haut gardé',
        "Orc: 1d10 → (4!) = 4 → 3",
        f'  Dextérité 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  Fatigué -2 (initiative) [{SEED}, "Fatigued (Fatigué)"]',
    ]
