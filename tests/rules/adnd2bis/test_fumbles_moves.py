"""Fumble table, movement, opportunity attacks, disengagement, conditions, budget."""

from __future__ import annotations

import pytest

from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.fumbles import entry, resolve_fumble
from battlemap.rules.adnd2bis.movement import speed
from battlemap.rules.adnd2bis.opportunity import disengage, oa_attacks, provokes
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import ORC, make

OPTS = Adnd2bisOptions()


# 001 "Fumbles": rows 4-6, 7-8, 9-11, 12-13, 14-15 span several faces
@pytest.mark.parametrize(("face", "start"), [
    (1, "Se touche"), (2, "Attaque un partenaire"), (3, "Subit"), (4, "Trébuche"), (6, "Trébuche"),
    (7, "Lâche"), (8, "Lâche"), (9, "Mauvais"), (11, "Mauvais"), (12, "L'arme frappe"),
    (13, "L'arme frappe"), (14, "Perd une pièce"), (15, "Perd une pièce"), (16, "Élongation"),
    (17, "Arme coincée"), (18, "Désorientation"), (19, "Une ancienne"), (20, "Main")])
def test_fumble_rows(face: int, start: str) -> None:
    assert words(entry(face), "fr").startswith(start)


@pytest.mark.parametrize(("forced", "conds"), [
    ([5, 14], {"armour_damaged"}), ([5, 16, 3], {"dex_lost"}), ([5, 17], {"stuck_weapon"}),
    ([5, 20], {"broken_hand"}), ([5, 19], {"reopened_wound"}), ([5, 5, 2, 3, 4], {"prone",
                                                                                   "unconscious"}),
    ([5, 18, 2], {"disoriented"})])
def test_fumble_effects(forced: list[int], conds: set[str]) -> None:
    # DEX 10 (+0) check 5 < 15 confirms; then the table; Stumble without helm: CON DC 18
    who = make("f", {"dexterity": 10, "constitution": 10})
    res = resolve_fumble(who, Dice(forced=forced))
    assert res.confirmed and {c.name for c in res.conditions} == conds


def test_fumble_avoided_by_dex_check() -> None:
    # 001 "Fumbles": DEX or Acrobatics DC 15; Dex 17 (+4) + Acrobatics 4 + 7 = 15
    who = make("t", {"dexterity": 17, "skills": {"acrobatics": 4}})
    res = resolve_fumble(who, Dice(forced=[7]))
    assert not res.confirmed and res.table_roll is None


def test_speeds_by_race_and_mode() -> None:
    # 001 "Vitesses de déplacement en combat"
    human = Adnd2bisStats(race="human")
    assert speed(human).metres == 9
    assert speed(human, "run").metres == 18
    assert speed(human, "full").metres == 27
    assert speed(Adnd2bisStats(unencumbered=True), "full").metres == 36
    assert speed(Adnd2bisStats(race="halfling", encumbered=True)).metres == 4.5
    assert speed(Adnd2bisStats(race="dwarf", encumbered=True)).metres == 6
    assert speed(human, difficult=True).metres == 4.5
    assert speed(human, difficult=True, poor_visibility=True).metres == 2.25
    assert speed(human, obstacles=1).metres == 6
    assert not speed(human, "run", difficult=True).allowed
    assert not speed(Adnd2bisStats(encumbered=True), "full").allowed
    assert speed(human, "run", bonus_after_m=3).metres == 21  # monk +10' after ×2


def test_who_provokes() -> None:
    # 001 "Opportunity Attacks…": only leaving the zone; the 5' step provokes; entering a square
    plain, reflexes = Adnd2bisStats(), Adnd2bisStats(feats=["offensive_reflexes"])
    assert provokes("leave_zone", plain)[0] and provokes("five_foot_step", plain)[0]
    assert provokes("enter_square", plain)[0]
    assert not provokes("move_within", plain)[0] and provokes("move_within", reflexes)[0]
    assert not provokes("charge", plain)[0] and not provokes("combat_casting_step", plain)[0]
    assert oa_attacks(plain, 2) == 1 and oa_attacks(reflexes, 1) == 3
    assert oa_attacks(Adnd2bisStats(feats=["multiattack"]), 4) == 4


def test_disengagement() -> None:
    # 001 "Désengagement" a/b/c, else Tumbling DC 15 + HD per opponent
    thief = make("t", {"dexterity": 17, "skills": {"tumbling": 6}})
    orcs = [make("o1", ORC), make("o2", {**ORC, "hd": 3})]
    free = disengage(thief, orcs, Dice(), ally_in_place=True, ally_unopposed=True,
                     ally_attacks=1, opponent_attacks=1)
    assert free.free
    res = disengage(thief, orcs, Dice(forced=[6, 5]), ally_in_place=True, ally_unopposed=True,
                    ally_attacks=1, opponent_attacks=2)
    assert not res.free and [c.dc for c in res.checks] == [16, 18]
    assert [c.total for c in res.checks] == [16, 15] and not res.success


def test_conditions_listed_with_durations() -> None:
    # 001 "ETATS": Stunned d3 rounds; Frightened 1 turn + 1d10 rounds
    conds = SYSTEM.conditions()
    for name in ("dying", "fatigued", "exhausted", "frightened", "grappled", "prone", "stunned",
                 "paralyzed", "unconscious", "blinded", "deafened"):
        assert conds[name].source.startswith("001_")
    assert any("1d3" in e for e in conds["stunned"].effects)
    assert conds["surprised"].default_rounds == 1


def test_turn_budget() -> None:
    # 001 "Actions…": one combat action + one move; grappled speed 0; stunned nothing
    b = SYSTEM.turn_budget(make("a", {}), OPTS)
    assert b.slots["combat"] == 1 and b.movement_m == 9
    assert SYSTEM.turn_budget(make("a", {}, conditions=("grappled",)), OPTS).movement_m == 0
    assert SYSTEM.turn_budget(make("a", {}, conditions=("stunned",)), OPTS).slots["combat"] == 0
    assert SYSTEM.turn_budget(make("a", {}, conditions=("exhausted",)), OPTS).movement_m == 4.5
