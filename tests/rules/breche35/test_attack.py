"""breche35 attack formulas, natural 20/1, criticals, damage and iterative attacks
(000_d623f1b22a06cede.txt, "Attaquer" and "Le jet de base")."""

from __future__ import annotations

import pytest

from battlemap.model import Size
from battlemap.text import words
from tests.helpers.breche35 import BRUTE, MARA, attack, combatant, ganger, mara, mods
from tests.helpers.words import fr


def test_melee_attack_is_d20_bba_str_size() -> None:
    # 000 "Attaquer": "Corps à corps : 1d20 + BBA + modificateur de Force + taille".
    res = attack(mara(), ganger(), [5, 4])
    a = res.attacks[0]
    assert mods(a.modifiers) == {"BBA": 5, "Force": 3}
    assert (a.natural, a.total, a.target_number, words(a.target_label, "fr")) == (5, 13, 13, "CA 13")
    assert a.outcome == "hit"
    # 000 "Attaquer": damage = weapon die + Str: 1d6 (4) + 3.
    assert a.damage is not None and a.damage.total == 7
    assert res.total_damage == 7


def test_melee_attack_misses_below_ac() -> None:
    a = attack(mara(), ganger(), [4]).attacks[0]
    assert (a.total, a.outcome, a.damage) == (12, "miss", None)


def test_size_modifier_applies_to_the_attack() -> None:
    # 000 "Taille": G −1 to attack. Brute: BBA 6 + Str 6 − 1 = +11; claw 1d6 + 6.
    brute = combatant("brute", BRUTE, size=Size.LARGE)
    a = attack(brute, ganger(), [2, 3]).attacks[0]
    assert mods(a.modifiers) == {"BBA": 6, "Force": 6, "Taille": -1}
    assert (a.total, a.outcome, a.damage.total if a.damage else None) == (13, "hit", 9)


def test_ranged_attack_uses_dex_and_loses_2_per_range_increment() -> None:
    # 000 "Attaquer": "1d20 + BBA + Dex + taille − 2 par facteur de portée au-delà du premier".
    # 20 m with a 9 m increment: third increment, two beyond the first → −4.
    a = attack(mara(), ganger(), [10, 3, 4], weapon="Pistolet 9 mm", kind="ranged",
               distance_m=20).attacks[0]
    assert mods(a.modifiers) == {"BBA": 5, "Dextérité": 2,
                                 "Portée (2 facteur(s) au-delà du premier)": -4}
    assert (a.total, a.outcome) == (13, "hit")
    # "Les armes à feu n'ajoutent pas la Force": 2d6 = 3 + 4, nothing else.
    assert a.damage is not None and (a.damage.total, a.damage.modifiers) == (7, [])


def test_range_increments_given_by_the_map_count_too() -> None:
    a = attack(mara(), ganger(), [10, 2, 2], weapon="Pistolet 9 mm", kind="ranged",
               distance_m=6, range_increments=1).attacks[0]
    assert (a.total, a.outcome) == (10 + 7 - 2, "hit")
    assert a.damage is not None and a.damage.total == 4


def test_natural_20_always_hits_and_threatens() -> None:
    # 000 "Le jet de base": "un 20 réussit toujours". Ganger +3 against AC 30: the threat
    # is not confirmed (5 + 3 = 8), so a plain hit: batte 1d6 (6) + Str 1 × 1.5 = 1.
    wall = combatant("tank", {"ac": 30})
    a = attack(ganger(), wall, [20, 5, 6]).attacks[0]
    assert (a.total, a.outcome) == (23, "hit")
    assert a.confirm is not None and a.confirm.total == 5
    assert a.damage is not None and a.damage.total == 7


def test_natural_1_always_misses() -> None:
    # 000 "Le jet de base": "un 1 échoue toujours": 1 + 11 = 12 would beat AC 5.
    brute = combatant("brute", BRUTE, size=Size.LARGE)
    a = attack(brute, combatant("rat", {"ac": 5}), [1]).attacks[0]
    assert (a.total, a.outcome) == (12, "miss")
    assert "1 naturel : rate toujours" in fr(a.notes)


def test_threat_confirmed_multiplies_damage() -> None:
    # 000 "Attaquer", "Coup critique": machete 19-20/×2; confirmation 12 + 8 = 20 ≥ 13.
    a = attack(mara(), ganger(), [19, 12, 4, 5]).attacks[0]
    assert a.outcome == "critical"
    assert a.damage is not None
    assert a.damage.roll is not None and a.damage.roll.expr == "(1d6+3) + (1d6+3)"
    assert a.damage.total == (4 + 3) + (5 + 3)


def test_threat_not_confirmed_is_a_plain_hit() -> None:
    a = attack(mara(), ganger(), [19, 2, 4]).attacks[0]
    assert a.outcome == "hit"
    assert a.damage is not None and a.damage.total == 7


def test_a_threat_that_misses_is_not_confirmed() -> None:
    a = attack(mara(), combatant("tank", {"ac": 30}), [19]).attacks[0]
    assert (a.total, a.outcome, a.confirm) == (27, "miss", None)


def test_confirmation_can_be_switched_off() -> None:
    a = attack(mara(), ganger(), [19, 4, 5], options={"confirm_criticals": False}).attacks[0]
    assert a.outcome == "critical" and a.damage is not None and a.damage.total == 15


def test_bonus_dice_are_not_multiplied() -> None:
    # 000 "Coup critique": "Les dés de bonus (feu, électricité) ne sont pas multipliés."
    axe = {"name": "Hache ardente", "damage": "1d8", "crit_mult": 3, "bonus_damage": "1d6",
           "bonus_damage_type": "fire"}
    m = combatant("mara", MARA, weapons=[axe])
    a = attack(m, ganger(), [20, 10, 1, 2, 3, 6]).attacks[0]
    assert a.outcome == "critical" and a.damage is not None
    assert a.damage.total == (1 + 3) + (2 + 3) + (3 + 3) + 6
    assert [(p.type, p.rolled) for p in a.damage.parts] == [("bludgeoning", 15), ("fire", 6)]
    # The first note names the weapon's damage type (attack.py); then the critical's.
    assert [words(n, "fr") for n in a.damage.notes] == [
        "bludgeoning", "× 3 (coup critique)",
        "dés de bonus (1d6) non multipliés (Brèche (D&D 3.5) — Attaquer)"]


def test_two_handed_adds_str_and_a_half() -> None:
    # 000 "Attaquer": "× 1,5 à deux mains": Str +6 → +9.
    club = {"name": "Poutre", "damage": "2d6", "two_handed": True}
    brute = combatant("brute", BRUTE, size=Size.LARGE, weapons=[club])
    a = attack(brute, ganger(), [10, 4, 1]).attacks[0]
    assert a.damage is not None
    assert mods(a.damage.modifiers, "damage") == {"Force × 1,5 (à deux mains)": 9}
    assert a.damage.total == 4 + 1 + 9


def test_off_hand_adds_half_str() -> None:
    # 000 "Attaquer": "× 0,5 pour la seconde main": Str +3 → +1 (rounded down).
    dagger = {"name": "Dague", "damage": "1d4", "off_hand": True, "light": True}
    a = attack(combatant("mara", MARA, weapons=[dagger]), ganger(), [10, 2]).attacks[0]
    assert a.damage is not None and a.damage.total == 3


def test_thrown_weapon_adds_str_but_a_bow_does_not() -> None:
    knife = {"name": "Couteau de lancer", "kind": "ranged", "damage": "1d4", "range_m": 3,
             "thrown": True}
    bow = {"name": "Arc", "kind": "ranged", "damage": "1d8", "range_m": 30}
    m = combatant("mara", MARA, weapons=[knife, bow])
    k = attack(m, ganger(), [15, 3], weapon="Couteau de lancer", kind="ranged").attacks[0]
    b = attack(m, ganger(), [15, 3], weapon="Arc", kind="ranged").attacks[0]
    assert k.damage is not None and k.damage.total == 6
    assert b.damage is not None and b.damage.total == 3


def test_full_attack_gives_a_second_attack_at_bba_6() -> None:
    # 000 "Attaquer": "avec un BBA de +6, une attaque à outrance donne une seconde attaque à −5".
    brute = combatant("brute", BRUTE, size=Size.LARGE)
    res = attack(brute, ganger(), [10, 3, 10, 2], full_attack=True)
    assert [a.total for a in res.attacks] == [21, 16]
    assert mods(res.attacks[1].modifiers)["Attaque supplémentaire"] == -5
    assert res.total_damage == (3 + 6) + (2 + 6)


def test_iteratives_at_11_and_16() -> None:
    # 000 "Attaquer": "à +11, une troisième à −10" — the seed stops there, so by default a
    # BBA +16 still gets three attacks; the official 3.5 fourth at −15 is an option.
    veteran = combatant("vet", {"bab": 16, "weapons": [{"name": "Épée", "damage": "1d8"}]})
    tank = combatant("tank", {"ac": 40})
    seed_only = attack(veteran, tank, [10, 10, 10], full_attack=True)
    assert [a.total for a in seed_only.attacks] == [26, 21, 16]
    res = attack(veteran, tank, [10, 10, 10, 10], full_attack=True,
                 options={"fourth_iterative_attack": True})
    assert [a.total for a in res.attacks] == [26, 21, 16, 11]
    eleven = combatant("vet", {"bab": 11, "weapons": [{"name": "Épée", "damage": "1d8"}]})
    assert len(attack(eleven, tank, [10, 10, 10], full_attack=True).attacks) == 3
    five = mara()
    assert len(attack(five, tank, [10], full_attack=True).attacks) == 1


def test_total_cover_cannot_be_targeted() -> None:
    # 000 "Modificateurs de situation": "Couverture ... totale : on ne peut pas viser".
    res = attack(mara(), ganger(), [], cover="total")
    assert [(a.outcome, a.roll) for a in res.attacks] == [("no_target", None)]


def test_unknown_weapon_is_an_error() -> None:
    with pytest.raises(ValueError, match="no weapon named 'Lance'"):
        attack(mara(), ganger(), [], weapon="Lance")
