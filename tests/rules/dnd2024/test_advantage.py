"""Advantage and disadvantage on attacks: every source named, never stacking, cancelling
(003 "Avantage", "Désavantage"), and the condition effects of D&D 2024 PHB, Conditions."""

from __future__ import annotations

import statistics

import pytest

from battlemap.model import Condition, Size
from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, ROGUE, SKELETON
from battlemap.text import words
from tests.helpers.dnd2024 import combatant
from tests.helpers.words import fr


def _one(system, attacker, target, forced, weapon=None, options=None, **situation):
    req = AttackRequest(attacker=attacker, target=target, weapon=weapon,
                        situation=Situation(**situation))
    return system.resolve_attack(req, Dice(forced=forced), options or Dnd2024Options()).attacks[0]


def test_advantage_keeps_the_higher_d20(system):
    # 003 "Avantage": deux d20, le plus élevé. Target prone within 1.5 m (PHB, Prone).
    a = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, "prone"), [3, 15, 4])
    assert (fr(a.advantage), a.natural, a.total) == ("advantage", 15, 21)
    assert a.roll.expr == "2d20kh1"
    assert "cible À terre à 1,5 m ou moins" in fr(a.advantage_why)


def test_disadvantage_keeps_the_lower_d20(system):
    # 003 "Désavantage": deux d20, le plus faible. Prone target beyond 1.5 m (PHB, Prone).
    a = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, "prone"), [15, 3],
             weapon="Arc long", kind="ranged", distance_m=9.0)
    # Longbow: Dex 14 (+2) + proficiency 3.
    assert (fr(a.advantage), a.natural, a.total, a.outcome) == ("disadvantage", 3, 8, "miss")
    assert "cible À terre à plus de 1,5 m" in fr(a.advantage_why)


def test_advantage_and_disadvantage_cancel_and_both_are_listed(system):
    # 003 "Avantage": l'Avantage et le Désavantage sur un même jet s'annulent.
    a = _one(system, combatant("f", FIGHTER, "poisoned"), combatant("s", SKELETON, "restrained"),
             [7, 2])
    assert (fr(a.advantage), a.roll.expr, a.total) == ("normal", "1d20", 13)
    assert a.advantage_why.endswith("cancel") and fr(a.advantage_why).endswith("s'annulent")
    assert "attaquant Empoisonné" in fr(a.advantage_why) and "cible Entravé" in fr(a.advantage_why)


def test_several_advantages_do_not_stack(system):
    # 003 "Avantage": un jet ne peut pas être affecté par plus d'un Avantage.
    a = _one(system, combatant("f", FIGHTER, "invisible"),
             combatant("s", SKELETON, "blinded", "restrained"), [2, 9, 1])
    assert a.roll.expr == "2d20kh1" and a.natural == 9
    assert fr(a.advantage_why).count("(D&D 2024 PHB") == 3


def test_two_disadvantages_cancel_one_advantage(system):
    # Any number of each cancel: blinded + poisoned attacker vs a stunned target → normal.
    a = _one(system, combatant("f", FIGHTER, "blinded", "poisoned"),
             combatant("s", SKELETON, "stunned"), [11, 1])
    assert (fr(a.advantage), a.total) == ("normal", 17)


@pytest.mark.parametrize("condition", ["blinded", "poisoned", "prone", "restrained", "frightened"])
def test_attacker_conditions_that_give_disadvantage(system, condition):
    # D&D 2024 PHB, Conditions: Blinded, Poisoned, Prone, Restrained, Frightened.
    a = _one(system, combatant("f", FIGHTER, condition), combatant("s", SKELETON), [18, 4])
    assert (fr(a.advantage), a.natural, a.total) == ("disadvantage", 4, 10)


@pytest.mark.parametrize("condition", ["blinded", "paralyzed", "petrified", "restrained",
                                       "stunned", "unconscious"])
def test_target_conditions_that_give_advantage(system, condition):
    # D&D 2024 PHB, Conditions: attack rolls against the creature have Advantage.
    a = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, condition), [4, 18, 1, 1],
             weapon="Arc long", kind="ranged", distance_m=6.0)
    assert (fr(a.advantage), a.natural, a.total) == ("advantage", 18, 23)


def test_invisible_attacker_and_target(system):
    # D&D 2024 PHB, Invisible: your attacks have Advantage, attacks against you Disadvantage.
    a = _one(system, combatant("f", FIGHTER, "invisible"), combatant("s", SKELETON), [4, 18, 1])
    assert fr(a.advantage) == "advantage"
    b = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, "invisible"), [4, 18])
    assert (fr(b.advantage), b.natural) == ("disadvantage", 4)


def test_unseen_attacker_and_unseen_target_from_the_map(system):
    # D&D 2024 PHB, Unseen Attackers and Targets.
    a = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [4, 18, 1],
             attacker_unseen=True)
    assert fr(a.advantage) == "advantage"
    b = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [4, 18], target_unseen=True)
    assert fr(b.advantage) == "disadvantage"


def test_ranged_attack_with_an_enemy_within_1_5_m(system):
    # D&D 2024 PHB, Ranged Attacks in Close Combat: Disadvantage; melee is not affected.
    bow = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [17, 2],
               weapon="Arc court", kind="ranged", distance_m=6.0, adjacent_enemy=True)
    assert (fr(bow.advantage), bow.natural) == ("disadvantage", 2)
    sword = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [17, 2],
                 adjacent_enemy=True)
    assert fr(sword.advantage) == "normal"


def test_long_range_gives_disadvantage(system):
    # D&D 2024 PHB, Range: beyond normal range (24 m) up to long range (96 m) → Disadvantage.
    near = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [17, 2],
                weapon="Arc court", kind="ranged", distance_m=24.0)
    far = _one(system, combatant("r", ROGUE), combatant("s", SKELETON), [17, 2],
               weapon="Arc court", kind="ranged", distance_m=25.5)
    assert (fr(near.advantage), fr(far.advantage)) == ("normal", "disadvantage")
    assert "portée longue" in fr(far.advantage_why)


def test_grappled_attacker_has_disadvantage_except_against_its_grappler(system):
    # D&D 2024 PHB, Grappled: Disadvantage on attacks against any target other than the grappler.
    grabbed = combatant("f", FIGHTER)
    grabbed.conditions.append(Condition(name="grappled", source="ogre"))
    other = _one(system, grabbed, combatant("s", SKELETON), [17, 2])
    grappler = _one(system, grabbed, combatant("ogre", SKELETON, size=Size.LARGE), [17, 2])
    assert (fr(other.advantage), fr(grappler.advantage)) == ("disadvantage", "normal")


def test_charmed_creature_cannot_attack_its_charmer(system):
    # D&D 2024 PHB, Charmed: can't attack the charmer.
    charmed = combatant("f", FIGHTER)
    charmed.conditions.append(Condition(name="charmed", source="vampire"))
    a = _one(system, charmed, combatant("vampire", SKELETON), [20])
    assert a.outcome == "no_target" and a.roll is None


def test_flanking_is_an_option_giving_advantage(system):
    # docs/rules/dnd2024.md#the-map: no flanking in the glossary; option "flanking gives advantage".
    off = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON), [3, 15, 1], flanked=True)
    assert fr(off.advantage) == "normal"
    on = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON), [3, 15, 1], flanked=True,
              options=Dnd2024Options(flanking=True))
    assert fr(on.advantage) == "advantage"
    assert "règle optionnelle de prise en tenaille" in fr(on.advantage_why)


def test_heavy_weapon_in_small_hands(system):
    # D&D 2024 PHB, Heavy: Disadvantage for a Small creature.
    halfling = combatant("h", FIGHTER, size=Size.SMALL)
    a = _one(system, halfling, combatant("s", SKELETON), [17, 2], weapon="Arc long",
             kind="ranged", distance_m=9.0)
    assert fr(a.advantage) == "disadvantage"


def test_gm_named_sources_and_switching_one_off(system):
    a = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON), [3, 15, 1],
             advantage=["Aide d'un allié"])
    assert fr(a.advantage) == "advantage" and "Aide d'un allié (MJ)" in fr(a.advantage_why)
    b = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, "prone"), [3, 15],
             disabled=["cible À terre à 1,5 m ou moins"])
    assert fr(b.advantage) == "normal"


def test_paralyzed_or_unconscious_target_hit_in_melee_within_1_5_m_is_critical(system):
    # D&D 2024 PHB, Paralyzed / Unconscious: any hit from within 1.5 m is a Critical Hit.
    for cond in ("paralyzed", "unconscious"):
        a = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, cond), [2, 12, 3, 4])
        assert (a.outcome, a.damage.roll.expr, a.damage.total) == ("critical", "2d8", 3 + 4 + 3)
    ranged = _one(system, combatant("f", FIGHTER), combatant("s", SKELETON, "paralyzed"),
                  [2, 12, 3], weapon="Arc long", kind="ranged", distance_m=6.0)
    assert (ranged.outcome, ranged.damage.roll.expr) == ("hit", "1d8")


def test_exhaustion_lowers_attack_rolls_by_two_per_level(system):
    # D&D 2024 PHB, Exhaustion: d20 tests −2 × level.
    a = _one(system, combatant("f", FIGHTER, exhaustion=2), combatant("s", SKELETON), [10])
    assert a.total == 10 + 6 - 4
    assert ("Épuisement (niveau 2)", -4) in [(words(m.name, "fr"), m.value) for m in a.modifiers]


@pytest.mark.slow
def test_advantage_shifts_the_mean_d20(system):
    # 2d20 keep highest has mean 13.825, keep lowest 7.175, one d20 10.5 (fixed seed).
    dice = Dice(seed=2024)
    f = combatant("f", FIGHTER)
    target = {"adv": combatant("s", SKELETON, "restrained"), "dis": combatant("s", SKELETON),
              "normal": combatant("s", SKELETON)}
    means = {}
    for key, tgt in target.items():
        sit = Situation(target_unseen=key == "dis")
        rolls = [system.resolve_attack(AttackRequest(attacker=f, target=tgt, situation=sit), dice,
                                       Dnd2024Options()).attacks[0].natural for _ in range(1000)]
        means[key] = statistics.fmean(rolls)
    assert abs(means["adv"] - 13.825) < 0.45
    assert abs(means["dis"] - 7.175) < 0.45
    assert abs(means["normal"] - 10.5) < 0.45
