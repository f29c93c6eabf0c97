"""The 2bis charge has the same effects whether the GM drags the token as a charge or declares
the "charge" manoeuvre (001_dd346e63a171f715.txt, "Charge"): « +2 toHit & Damage à la
première attaque suivant le déplacement » and « un malus de -2 à l'AC pendant un round de
combat complet » (until the charger's next turn), both named with their source. The charge
is the move action plus 10' and keeps the combat action for the attack; its path is at least
20' straight."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.text import words
from tests.helpers.geometry import plan_on_open_ground as _plan
from tests.helpers.words import fr

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
    assert [(words(m.name, "fr"), m.value, m.source) for m in seen.modifiers if m.applies_to == "ac"] == [
        ("Charge", -2, CHARGE)]
    assert (seen.target_number, words(seen.target_label, "fr")) == (9, "TAC0 16 − CA 5 (-2 CA : Charge) = 9")
    s.next_turn()  # round 2, A's turn: « pendant un round de combat complet » is over
    assert s.turn_state.current == "a" and not s.token("a").has_condition("charging")
    assert s.preview_attack("o", "a").target_number == 11


@pytest.mark.parametrize("path", ["dragged", "declared"])
def test_first_attack_after_the_charge_has_plus_two_hit_and_damage(path: str) -> None:
    s = _charged(path)
    blow = s.attack("a", "o", forced=[10, 4]).result.attacks[0]
    hit = [(words(m.name, "fr"), m.value, m.source) for m in blow.modifiers]
    assert ("Charge", 2, CHARGE) in hit and blow.total == 14  # 10 + Str 2 + Charge 2
    assert blow.damage is not None and blow.damage.total == 10  # d8 4 + Str 4 + Charge 2
    assert ("Charge", 2, CHARGE) in [(words(m.name, "fr"), m.value, m.source) for m in blow.damage.modifiers]
    assert "Charge" not in {words(m.name, "fr") for m in s.preview_attack("a", "o").modifiers}


def test_both_paths_leave_the_same_state_and_log_its_source() -> None:
    dragged, declared = _charged("dragged"), _charged("declared")
    assert dragged.token("a").conditions == declared.token("a").conditions
    for s in (dragged, declared):
        entry = next(e for e in s.log.entries if e.kind == "condition")
        assert f"Charging [{CHARGE}]" in s.log.render(entry, "en")
    # The declared manoeuvre's entry lists every effect with its number and source.
    # French cites the seed by the system's name, English by its file.
    text = declared.log.render(declared.log.entries[-1], "fr")
    assert "Charge -2 (CA) [AD&D 2bis — Charge]" in text and "Charge +2 [AD&D 2bis — Charge]" in text
    assert "Charge +2 (dégâts) [AD&D 2bis — Charge]" in text and "001_" not in text
    text = declared.log.render(declared.log.entries[-1], "en")
    assert f"Charge -2 (AC) [{CHARGE}]" in text and f"Charge +2 [{CHARGE}]" in text
    assert f"Charge +2 (damage) [{CHARGE}]" in text


def test_declaring_a_dragged_charge_gives_no_second_blow() -> None:
    s = _charged("dragged")
    s.attack("a", "o", forced=[10, 4])
    s.manoeuvre("charge", "a", "o", distance_m=7.5)  # the GM also ticks "charge": no new blow
    assert "Charge" not in {words(m.name, "fr") for m in s.preview_attack("a", "o").modifiers}


def test_a_declared_charge_after_a_short_move_fails_and_changes_nothing() -> None:
    # 001 "Charge": « au moins 20′ en ligne droite »: 3 m moved this turn are too few.
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=FIGHTER),
        Token(id="o", name="O", side="foe", col=4, row=1, stats=FIGHTER)])
    s = Session(enc, seed=1)
    s.roll_initiative(forced=[2, 8])
    s.move("a", [(2, 1), (3, 1)])
    res = s.manoeuvre("charge", "a", "o")
    assert not res.success and fr(res.notes) == ["moins de 20' (3 m < 6 m)"]
    assert not s.token("a").has_condition("charging")
    assert "Charge" not in {words(m.name, "fr") for m in s.preview_attack("a", "o").modifiers}


def _duel(system: str, stats: dict, target_col: int = 7) -> Session:  # type: ignore[type-arg]
    enc = Encounter(system=system, grid=Grid(cols=14, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=stats),
        Token(id="o", name="O", side="foe", col=target_col, row=1, stats=stats)])
    return Session(enc, seed=1)


def test_adnd2bis_charge_is_the_move_action_plus_ten_feet() -> None:
    # 001_dd346e63a171f715.txt, "Charge": "augmente la capacité de mouvement de 10'": a human's
    # 30' (9 m) becomes 12 m with the move action; +2 to hit on the first attack after it.
    s = _duel("adnd2bis", FIGHTER)
    s.roll_initiative(forced=[2, 8])
    s.move("a", RUN_UP, kind="charge")
    left = s.budget("a")
    assert (left.slots["combat"], left.slots["move"]) == (1, 0)
    out = s.attack("a", "o", forced=[15, 4])
    assert {words(m.name, "fr"): m.value for m in out.result.attacks[0].modifiers}["Charge"] == 2
    assert s.budget("a").slots["combat"] == 0


def test_adnd2bis_charge_longer_than_speed_plus_ten_feet_is_refused() -> None:
    # 001 "Charge": 9 m + 3 m = 12 m; a 13.5 m run-up (9 squares) is too far.
    s = _duel("adnd2bis", FIGHTER, target_col=11)
    s.roll_initiative(forced=[2, 8])
    with pytest.raises(Refused):
        s.move("a", [(c, 1) for c in range(2, 11)], kind="charge")
    s.move("a", [(c, 1) for c in range(2, 10)], kind="charge")  # 8 squares: exactly 12 m
    assert s.token("a").col == 9


def test_adnd2bis_charge_preview_allows_speed_plus_ten_feet() -> None:
    # 001 "Charge": the preview shows the same 12 m limit the move command applies.
    s = _duel("adnd2bis", FIGHTER, target_col=11)
    s.roll_initiative(forced=[2, 8])
    far = s.preview_move("a", [(c, 1) for c in range(2, 11)], kind="charge")
    assert (far.allowance_m, far.legal) == (12.0, False)
    assert s.preview_move("a", [(c, 1) for c in range(2, 10)], kind="charge").legal


def test_adnd2bis_charge_bonus_is_spent_by_the_first_attack() -> None:
    # 001_dd346e63a171f715.txt, "Charge": « +2 toHit & Damage à la première attaque suivant le
    # déplacement »: the attack after it has no bonus.
    s = _duel("adnd2bis", FIGHTER)
    s.roll_initiative(forced=[2, 8])
    s.move("a", RUN_UP, kind="charge")
    assert {words(m.name, "fr"): m.value for m in s.preview_attack("a", "o").modifiers}["Charge"] == 2
    s.attack("a", "o", forced=[15, 4])
    assert "Charge" not in {words(m.name, "fr") for m in s.preview_attack("a", "o").modifiers}


def test_adnd2bis_charge_needs_twenty_feet() -> None:
    # 001_dd346e63a171f715.txt, "Charge": « au moins 20′ en ligne droite (case de réception
    # comprise) »: 20' = 6 m = 4 squares, the last one entered counted.
    three = _plan("adnd2bis", [(3, 2), (4, 2), (5, 2)], "charge")
    assert (three.legal, three.cost_m, str(three.reason)) == (
        False, 4.5, "a charge covers at least 6 m (4.5 m here)")
    assert words(three.reason, "fr") == "une charge parcourt au moins 6 m (ici 4,5 m)"
    assert _plan("adnd2bis", [(3, 2), (4, 2), (5, 2), (6, 2)], "charge").legal
