"""Dying thresholds, healing and stabilisation; saving throws and checks."""

from __future__ import annotations

import pytest
from adnd2bis_fixtures import ORC, make  # type: ignore[import-not-found]

from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import SaveRequest
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.system import get_system

OPTS = Adnd2bisOptions()


def test_registered() -> None:
    assert get_system("adnd2bis") is SYSTEM


# 001 "Dying": 0 conscious no action; −1..−5 unconscious; −6..−10 −1/round; below −10 dead
@pytest.mark.parametrize(("dmg", "state", "conds"), [
    (5, "ok", set()), (10, "dying_conscious", {"dying"}),
    (11, "dying_unconscious", {"dying", "unconscious", "prone"}),
    (15, "dying_unconscious", {"dying", "unconscious", "prone"}),
    (16, "dying_bleeding", {"dying", "unconscious", "prone"}),
    (20, "dying_bleeding", {"dying", "unconscious", "prone"}),
    (21, "dead", {"dead", "prone"})])
def test_dying_thresholds(dmg: int, state: str, conds: set[str]) -> None:
    c = make("c", {"max_hp": 10})
    ch = SYSTEM.damage(c, dmg, Dice(), OPTS)
    assert ch.after == 10 - dmg and ch.state_after == state
    assert {x.name for x in ch.conditions_added} == conds


def test_bleeding_each_round_until_stabilised() -> None:
    c = make("c", {"max_hp": 10}, hp=-7, conditions=("dying", "unconscious"))
    events = SYSTEM.start_of_turn(c, Dice(), OPTS)
    assert events[0].hp is not None and events[0].hp.after == -8
    c_slow = make("c", {"max_hp": 10}, hp=-3, conditions=("dying", "unconscious"))
    slow = SYSTEM.start_of_turn(c_slow, Dice(), OPTS)[0].hp  # −1 per turn: counted in rounds
    assert slow is not None and slow.after == -3
    stable = make("c", {"max_hp": 10}, hp=-7, conditions=("dying", "stable"))
    assert SYSTEM.start_of_turn(stable, Dice(), OPTS) == []


def test_magic_heal_stabilises_or_wakes() -> None:
    c = make("c", {"max_hp": 10}, hp=-8, conditions=("dying", "unconscious"))
    ch = SYSTEM.heal(c, 3, OPTS)
    assert ch.after == -5 and "stable" in {x.name for x in ch.conditions_added}
    up = SYSTEM.heal(c, 12, OPTS)
    assert up.after == 4 and set(up.conditions_removed) >= {"dying", "unconscious"}
    full = SYSTEM.heal(make("c", {"max_hp": 10}, hp=9), 5, OPTS)
    assert full.after == 10


def test_save_against_category_number() -> None:
    # AD&D: d20 ≥ the creature's save number; 001 "Grappled": −2 to ST
    orc = make("o", ORC)
    ok = SYSTEM.resolve_save(SaveRequest(token=orc, ability="breath", dc=0), Dice(forced=[20]),
                             OPTS)
    assert ok.dc == 20 and ok.success
    grappled = make("o", ORC, conditions=("grappled",))
    res = SYSTEM.resolve_save(SaveRequest(token=grappled, ability="paralyzation", dc=0),
                              Dice(forced=[17]), OPTS)
    assert (res.total, res.dc, res.success) == (15, 16, False)


def test_auto_failing_saves() -> None:
    # 001 "Stunned": fails all saves; "Paralyzed": fails non-mental saves only
    stunned = make("o", ORC, conditions=("stunned",))
    assert not SYSTEM.resolve_save(SaveRequest(token=stunned, ability="spell", dc=0),
                                   Dice(forced=[20]), OPTS).success
    para = make("o", {**ORC, "wisdom": 16}, conditions=("paralyzed",))
    assert not SYSTEM.resolve_save(SaveRequest(token=para, ability="rod", dc=0),
                                   Dice(forced=[20]), OPTS).success
    mental = SYSTEM.resolve_save(SaveRequest(token=para, ability="mental", dc=0),
                                 Dice(forced=[17]), OPTS)
    # Wisdom 16 M.A.A. +2 (001 "Bonus AD&D selon abilité"): 17 + 2 = 19 ≥ 19
    assert mental.total == 19 and mental.success


def test_ability_check_with_skill_table_and_sharing() -> None:
    # 001 "Bonus de type Skills": Dex 17 → +4; "Positionnement": −4 when two share a square
    c = make("c", {"dexterity": 17}, conditions=("sharing_square",))
    res = SYSTEM.resolve_save(SaveRequest(token=c, ability="dex", dc=15), Dice(forced=[15]), OPTS)
    assert res.total == 15 + 4 - 4 and res.success
