"""dnd2024 attack rolls: d20 + ability + proficiency vs AC, critical hits, natural 1, cover,
multiple attacks. Numbers worked out by hand from the sample stat blocks."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, GHOUL, OGRE, SKELETON, WIZARD
from battlemap.text import words
from tests.helpers.dnd2024 import combatant

SEED = "003_04e386f09d3dfd89.txt"


def _attack(system, attacker, target, forced, weapon=None, options=None, **situation):
    req = AttackRequest(attacker=attacker, target=target, weapon=weapon,
                        situation=Situation(**situation))
    return system.resolve_attack(req, Dice(forced=forced), options or Dnd2024Options())


def test_longsword_hit_lists_each_modifier_with_its_source(system):
    # D&D 2024 PHB, Attack Rolls: d20 + Str mod (+3, Str 17) + proficiency (+3) vs AC 14.
    res = _attack(system, combatant("fighter", FIGHTER), combatant("skel", SKELETON), [12, 5])
    a = res.attacks[0]
    assert (a.natural, a.total, a.target_number, a.outcome) == (12, 18, 14, "hit")
    assert [(words(m.name, "fr"), m.value) for m in a.modifiers] == [
        ("Modificateur de Force", 3), ("Bonus de maîtrise", 3)]
    assert all(m.source for m in a.modifiers)
    assert words(a.target_label, "fr") == "CA 14"
    # Damage: 1d8 (5) + Str 3.
    assert a.damage is not None
    assert (a.damage.roll.total, a.damage.total, a.damage.kind) == (5, 8, "slashing")


def test_miss_rolls_no_damage(system):
    dice = Dice(forced=[7, 6])
    req = AttackRequest(attacker=combatant("fighter", FIGHTER), target=combatant("skel", SKELETON))
    a = system.resolve_attack(req, dice, Dnd2024Options()).attacks[0]
    assert (a.total, a.outcome, a.damage) == (13, "miss", None)
    assert list(dice.forced) == [6]  # the damage die was never rolled


def test_natural_20_doubles_dice_not_modifiers(system):
    # 003 "Coup critique": touche quelle que soit la CA; dés lancés deux fois, puis modificateurs.
    armoured = combatant("wall", {**SKELETON, "ac": 30})
    a = _attack(system, combatant("fighter", FIGHTER), armoured, [20, 4, 6]).attacks[0]
    assert a.outcome == "critical"
    assert a.damage.roll.expr == "2d8"
    assert a.damage.total == 4 + 6 + 3


def test_critical_doubles_every_die_of_a_multi_die_weapon(system):
    # 003 "Coup critique": ogre greatclub 2d8 + Str 4 → 4d8 + 4 on a 20.
    a = _attack(system, combatant("ogre", OGRE), combatant("f", FIGHTER), [20, 1, 2, 3, 4]).attacks[0]
    assert a.damage.roll.expr == "4d8"
    assert a.damage.total == 1 + 2 + 3 + 4 + 4


def test_natural_1_misses_by_default_and_not_when_switched_off(system):
    # D&D 2024 PHB, Attack Rolls: a 1 misses whatever the bonus; option natural_one_misses.
    easy = combatant("easy", {**SKELETON, "ac": 5})
    a = _attack(system, combatant("fighter", FIGHTER), easy, [1]).attacks[0]
    assert (a.total, a.outcome) == (7, "miss")
    off = Dnd2024Options(natural_one_misses=False)
    b = _attack(system, combatant("fighter", FIGHTER), easy, [1, 3], options=off).attacks[0]
    assert (b.total, b.outcome, b.damage.total) == (7, "hit", 6)


def test_half_cover_adds_2_and_three_quarters_5_to_ac(system):
    # 003 "L'abri": abri partiel +2 à la CA, abri supérieur +5.
    f, s = combatant("fighter", FIGHTER), combatant("skel", SKELETON)
    half = _attack(system, f, s, [10, 1], cover="half").attacks[0]
    assert (half.total, half.target_number, half.outcome) == (16, 16, "hit")
    assert words(half.target_label, "fr") == "CA 14 + 2 (Abri partiel) = 16"
    cover_mod = [m for m in half.modifiers if m.applies_to == "ac"]
    assert [(words(m.name, "fr"), m.value, m.source) for m in cover_mod] == [
        ("Abri partiel", 2, f'{SEED}, "L\'abri"')]
    three = _attack(system, f, s, [12], cover="three_quarters").attacks[0]
    assert (three.total, three.target_number, three.outcome) == (18, 19, "miss")


def test_total_cover_cannot_be_targeted_and_rolls_nothing(system):
    # 003 "L'abri": Abri total, le sujet ne peut pas être pris pour cible directement.
    dice = Dice(forced=[20])
    req = AttackRequest(attacker=combatant("fighter", FIGHTER), target=combatant("s", SKELETON),
                        situation=Situation(cover="total"))
    a = system.resolve_attack(req, dice, Dnd2024Options()).attacks[0]
    assert (a.outcome, a.roll) == ("no_target", None)
    assert list(dice.forced) == [20]


def test_gm_can_switch_off_cover(system):
    a = _attack(system, combatant("fighter", FIGHTER), combatant("s", SKELETON), [8, 2],
                cover="half", disabled=["Abri partiel"]).attacks[0]
    assert a.target_number == 14 and a.outcome == "hit"  # 8 + 6 = 14
    assert [(words(d.name, "fr"), d.why) for d in a.dropped] == [("Abri partiel", "switched off by the GM")]


def test_gm_extra_modifiers_reach_attack_ac_and_damage(system):
    extra = [Modifier(name="Bénédiction", value=2, source="MJ"),
             Modifier(name="Bouclier", value=5, source="MJ", applies_to="ac"),
             Modifier(name="Arme bénie", value=1, source="MJ", applies_to="damage")]
    a = _attack(system, combatant("fighter", FIGHTER), combatant("s", SKELETON), [10, 3],
                extra=extra).attacks[0]
    assert (a.total, a.target_number, a.outcome) == (18, 19, "miss")
    b = _attack(system, combatant("fighter", FIGHTER), combatant("s", SKELETON), [11, 3],
                extra=extra).attacks[0]
    assert (b.total, b.outcome, b.damage.total) == (19, "hit", 3 + 3 + 1)


def test_extra_attack_rolls_attacks_per_action(system):
    # D&D 2024 PHB, Extra Attack: the level-5 fighter attacks twice with the Attack action.
    req = AttackRequest(attacker=combatant("fighter", FIGHTER), target=combatant("s", SKELETON),
                        full_attack=True)
    res = system.resolve_attack(req, Dice(forced=[15, 2, 3]), Dnd2024Options())
    assert [a.outcome for a in res.attacks] == ["hit", "miss"]
    assert [a.total for a in res.attacks] == [21, 9]
    assert res.total_damage == 5
    assert res.attacks[1].label == "Épée longue (2/2)"


def test_finesse_uses_the_better_of_str_and_dex(system):
    # D&D 2024 PHB, Finesse: the skeleton's shortsword uses Dex 16 (+3), not Str 10 (+0).
    a = _attack(system, combatant("s", SKELETON), combatant("w", WIZARD), [10, 4]).attacks[0]
    assert words(a.modifiers[0].name, "fr") == "Modificateur de Dextérité"
    assert (a.total, a.damage.total) == (15, 7)


def test_unarmed_strike_without_weapons(system):
    # D&D 2024 PHB, Unarmed Strike: 1 + Str mod bludgeoning damage.
    brute = combatant("brute", {"abilities": {"str": 16}})
    a = _attack(system, brute, combatant("s", SKELETON), [15]).attacks[0]
    assert a.total == 15 + 3 + 2
    assert (a.damage.total, a.damage.kind) == (4, "bludgeoning")


def test_out_of_reach_and_beyond_long_range_cannot_attack(system):
    f, s = combatant("fighter", FIGHTER), combatant("s", SKELETON)
    assert _attack(system, f, s, [], in_reach=False).attacks[0].outcome == "no_target"
    bow = _attack(system, f, s, [], weapon="Arc long", kind="ranged", distance_m=181.5)
    assert bow.attacks[0].outcome == "no_target"


def test_ghoul_multiattack_uses_its_first_weapon_twice(system):
    req = AttackRequest(attacker=combatant("ghoul", GHOUL), target=combatant("w", WIZARD),
                        full_attack=True)
    res = system.resolve_attack(req, Dice(forced=[10, 3, 4, 2]), Dnd2024Options())
    # +2 Dex (finesse, Dex 15) +2 proficiency vs AC 12: 14 hits, 6 misses.
    assert [(a.total, a.outcome) for a in res.attacks] == [(14, "hit"), (6, "miss")]
    # SRD 5.2 Ghoul, Bite: 1d6 (3) + 2 piercing, plus 1d6 (4) necrotic.
    assert res.attacks[0].damage.total == 3 + 2 + 4
