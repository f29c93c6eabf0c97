"""A charge ends with its blow: the 3.5 full-round charge includes one attack, the 2bis charge
is the move action plus 10' and keeps the combat action for the attack."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE as BRECHE_SAMPLE

FIGHTER_2BIS = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter",
                "strength": "18/76", "weapons": [{"name": "Épée longue", "damage": "1d8"}]}
RUN_UP = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]  # 5 squares straight: 7.5 m


def _duel(system: str, stats: dict, target_col: int = 7) -> Session:  # type: ignore[type-arg]
    enc = Encounter(system=system, grid=Grid(cols=14, rows=4), tokens=[
        Token(id="a", name="A", side="party", col=1, row=1, stats=stats),
        Token(id="o", name="O", side="foe", col=target_col, row=1, stats=stats)])
    return Session(enc, seed=1)


def test_breche35_charge_includes_one_attack() -> None:
    # 000_d623f1b22a06cede.txt, "Charge": a full-round action, up to twice the speed in a straight
    # line, then one melee attack at +2.
    s = _duel("breche35", BRECHE_SAMPLE)
    s.roll_initiative(forced=[18, 2])
    s.move("a", RUN_UP, kind="charge")
    out = s.attack("a", "o", forced=[15, 4])
    assert {m.name: m.value for m in out.result.attacks[0].modifiers}["Charge"] == 2
    with pytest.raises(Refused):  # only the one attack
        s.attack("a", "o", forced=[15, 4])


def test_adnd2bis_charge_is_the_move_action_plus_ten_feet() -> None:
    # 001_dd346e63a171f715.txt, "Charge": "augmente la capacité de mouvement de 10'": a human's
    # 30' (9 m) becomes 12 m with the move action; +2 to hit on the first attack after it.
    s = _duel("adnd2bis", FIGHTER_2BIS)
    s.roll_initiative(forced=[2, 8])
    s.move("a", RUN_UP, kind="charge")
    left = s.budget("a")
    assert (left.slots["combat"], left.slots["move"]) == (1, 0)
    out = s.attack("a", "o", forced=[15, 4])
    assert {m.name: m.value for m in out.result.attacks[0].modifiers}["Charge"] == 2
    assert s.budget("a").slots["combat"] == 0


def test_adnd2bis_charge_longer_than_speed_plus_ten_feet_is_refused() -> None:
    # 001 "Charge": 9 m + 3 m = 12 m; a 13.5 m run-up (9 squares) is too far.
    s = _duel("adnd2bis", FIGHTER_2BIS, target_col=11)
    s.roll_initiative(forced=[2, 8])
    with pytest.raises(Refused):
        s.move("a", [(c, 1) for c in range(2, 11)], kind="charge")
    s.move("a", [(c, 1) for c in range(2, 10)], kind="charge")  # 8 squares: exactly 12 m
    assert s.token("a").col == 9


def test_adnd2bis_charge_preview_allows_speed_plus_ten_feet() -> None:
    # 001 "Charge": the preview shows the same 12 m limit the move command applies.
    s = _duel("adnd2bis", FIGHTER_2BIS, target_col=11)
    s.roll_initiative(forced=[2, 8])
    far = s.preview_move("a", [(c, 1) for c in range(2, 11)], kind="charge")
    assert (far.allowance_m, far.legal) == (12.0, False)
    assert s.preview_move("a", [(c, 1) for c in range(2, 10)], kind="charge").legal


def test_adnd2bis_charge_bonus_is_spent_by_the_first_attack() -> None:
    # 001_dd346e63a171f715.txt, "Charge": « +2 toHit & Damage à la première attaque suivant le
    # déplacement »: the attack after it has no bonus.
    s = _duel("adnd2bis", FIGHTER_2BIS)
    s.roll_initiative(forced=[2, 8])
    s.move("a", RUN_UP, kind="charge")
    assert {m.name: m.value for m in s.preview_attack("a", "o").modifiers}["Charge"] == 2
    s.attack("a", "o", forced=[15, 4])
    assert "Charge" not in {m.name for m in s.preview_attack("a", "o").modifiers}
