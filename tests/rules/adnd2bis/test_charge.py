"""The 2bis charge has the same effects whether the GM drags the token as a charge or declares
the "charge" manoeuvre (001_dd346e63a171f715.txt, "Charge"): « +2 toHit & Damage à la
première attaque suivant le déplacement » and « un malus de -2 à l'AC pendant un round de
combat complet » (until the charger's next turn), both named with their source."""

from __future__ import annotations

import pytest

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token

CHARGE = '001_dd346e63a171f715.txt, "Charge"'
# THAC0 16, AC 5, Str 18/76: +2 to hit, +4 damage (001 "Bonus AD&D selon la Force au combat").
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter", "strength": "18/76",
           "weapons": [{"name": "Épée longue", "damage": "1d8"}]}
RUN_UP = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]  # 5 squares straight: 7.5 m ≥ 20' (6 m)


def _charged(path: str) -> Session:
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=FIGHTER),
        Token(id="o", name="O", side="foe", col=7, row=1, stats=FIGHTER)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[2, 8])  # d10, lowest first: A, then O
    if path == "dragged":
        s.move("a", RUN_UP, kind="charge")
    else:  # a plain drag, then the GM declares the charge (the panel gives no distance:
        s.move("a", RUN_UP)  # the 7.5 m moved this turn are the run-up)
        assert s.manoeuvre("charge", "a", "o").success
    return s


@pytest.mark.parametrize("path", ["dragged", "declared"])
def test_charger_ac_is_two_worse_until_its_next_turn(path: str) -> None:
    s = _charged(path)
    assert [(c.name, c.source) for c in s.token("a").conditions] == [("charging", CHARGE)]
    s.attack("a", "o", forced=[10, 4])
    s.next_turn()  # O's turn: A still charging
    seen = s.preview_attack("o", "a")
    assert [(m.name, m.value, m.source) for m in seen.modifiers if m.applies_to == "ac"] == [
        ("Charge", -2, CHARGE)]
    assert (seen.target_number, seen.target_label) == (9, "TAC0 16 − CA 5 (-2 CA : Charge) = 9")
    s.next_turn()  # round 2, A's turn: « pendant un round de combat complet » is over
    assert s.turn_state.current == "a" and not s.token("a").has_condition("charging")
    assert s.preview_attack("o", "a").target_number == 11


@pytest.mark.parametrize("path", ["dragged", "declared"])
def test_first_attack_after_the_charge_has_plus_two_hit_and_damage(path: str) -> None:
    s = _charged(path)
    blow = s.attack("a", "o", forced=[10, 4]).result.attacks[0]
    hit = [(m.name, m.value, m.source) for m in blow.modifiers]
    assert ("Charge", 2, CHARGE) in hit and blow.total == 14  # 10 + Str 2 + Charge 2
    assert blow.damage is not None and blow.damage.total == 10  # d8 4 + Str 4 + Charge 2
    assert ("Charge", 2, CHARGE) in [(m.name, m.value, m.source) for m in blow.damage.modifiers]
    assert "Charge" not in {m.name for m in s.preview_attack("a", "o").modifiers}


def test_both_paths_leave_the_same_state_and_log_its_source() -> None:
    dragged, declared = _charged("dragged"), _charged("declared")
    assert dragged.token("a").conditions == declared.token("a").conditions
    for s in (dragged, declared):
        entry = next(e for e in s.log.entries if e.kind == "condition")
        assert f"charging [{CHARGE}]" in s.log.render(entry, "en")
    # The declared manoeuvre's entry lists every effect with its number and source.
    text = declared.log.render(declared.log.entries[-1], "fr")
    assert f"Charge -2 (CA) [{CHARGE}]" in text and f"Charge +2 [{CHARGE}]" in text
    assert f"Charge +2 (dégâts) [{CHARGE}]" in text


def test_declaring_a_dragged_charge_gives_no_second_blow() -> None:
    s = _charged("dragged")
    s.attack("a", "o", forced=[10, 4])
    s.manoeuvre("charge", "a", "o", distance_m=7.5)  # the GM also ticks "charge": no new blow
    assert "Charge" not in {m.name for m in s.preview_attack("a", "o").modifiers}


def test_a_declared_charge_after_a_short_move_fails_and_changes_nothing() -> None:
    # 001 "Charge": « au moins 20′ en ligne droite »: 3 m moved this turn are too few.
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=FIGHTER),
        Token(id="o", name="O", side="foe", col=4, row=1, stats=FIGHTER)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[2, 8])
    s.move("a", [(2, 1), (3, 1)])
    res = s.manoeuvre("charge", "a", "o")
    assert not res.success and res.notes == ["moins de 20' (3 m < 6 m)"]
    assert not s.token("a").has_condition("charging")
    assert "Charge" not in {m.name for m in s.preview_attack("a", "o").modifiers}
