"""THAC0 attacks against descending AC with the 2bis modifiers (forced dice)."""

from __future__ import annotations

from battlemap.model import Size
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import AttackRequest, Combatant, Situation
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import OGRE, ORC, THIEF, make
from tests.helpers.words import fr

OPTS = Adnd2bisOptions()


def attack(a: Combatant, t: Combatant, forced: list[int], **kw: object):  # type: ignore[no-untyped-def]
    sit = kw.pop("situation", Situation())
    opts = kw.pop("opts", OPTS)
    req = AttackRequest(attacker=a, target=t, situation=sit, **kw)  # type: ignore[arg-type]
    return SYSTEM.resolve_attack(req, Dice(forced=forced), opts)


def names(single) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {words(m.name, "fr"): m.value for m in single.modifiers}


def test_thac0_against_descending_ac(fighter: Combatant, orc: Combatant) -> None:
    # THAC0 14 − AC 6 = 8; Str 18/76 +2 hit/+4 dmg (001 "Bonus AD&D selon la Force au combat"),
    # sword +1: d20 5 → 8 ≥ 8, hit; 1d8 3 → 3 + 4 + 1 = 8
    one = attack(fighter, orc, [5, 3]).attacks[0]
    assert (one.outcome, one.total, one.target_number) == ("hit", 8, 8)
    assert words(one.target_label, "fr") == "TAC0 14 − CA 6 = 8"
    assert names(one) == {"Force 18/76": 2, "Bonus magique Épée longue": 1}
    assert one.damage is not None and one.damage.total == 8
    assert all(m.source.startswith("001_") or m.source.startswith("AD&D") for m in one.modifiers)
    miss = attack(fighter, orc, [4]).attacks[0]
    assert (miss.outcome, miss.total) == ("miss", 7)


def test_cover_levels_raise_the_number(fighter: Combatant, orc: Combatant) -> None:
    # 001 "Modificateurs de Couverture": 25 % +1, 50 % +2, 75 % +4, 90 % +5 AC & disadvantage
    for level, bonus in (("25", 1), ("50", 2), ("75", 4)):
        one = attack(fighter, orc, [10, 1], situation=Situation(cover=level)).attacks[0]
        assert one.target_number == 8 + bonus
        assert fr(one.advantage) == "normal"
    ninety = attack(fighter, orc, [18, 6], situation=Situation(cover="90")).attacks[0]
    assert fr(ninety.advantage) == "disadvantage"
    assert (ninety.natural, ninety.total, ninety.target_number) == (6, 9, 13)
    assert ninety.outcome == "miss"


def test_total_cover_rolls_nothing(fighter: Combatant, orc: Combatant) -> None:
    res = attack(fighter, orc, [], situation=Situation(cover="total"))
    assert res.attacks[0].outcome == "no_target"
    assert res.attacks[0].roll is None


def test_invisible_two_ac_and_half_miss(fighter: Combatant, orc: Combatant) -> None:
    # 001 "Modificateurs de Couverture": invisible +2 AC & 50 % miss chance
    sit = Situation(target_unseen=True)
    missed = attack(fighter, orc, [10, 50], situation=sit).attacks[0]
    assert missed.target_number == 10
    assert missed.outcome == "miss" and missed.miss_chance is not None
    hit = attack(fighter, orc, [10, 51, 2], situation=sit).attacks[0]
    assert hit.outcome == "hit" and hit.damage is not None and hit.damage.total == 7


def test_tower_shield_against_missiles() -> None:
    # 001 "Modificateurs de Couverture", Nota: tower shield = permanent 25 % cover vs missiles
    archer = make("archer", {"thac0": 17, "dexterity": 16, "weapons": [
        {"name": "Arc court", "kind": "ranged", "damage": "1d6", "damage_type": "piercing",
         "bow": True}]})
    knight = make("knight", {"ac": 3, "shield": "tower"})
    one = attack(archer, knight, [12, 1], situation=Situation(kind="ranged")).attacks[0]
    # 17 − 3 + 1 = 15; 12 + Dex 16 missile +1 = 13
    assert (one.target_number, one.total, one.outcome) == (15, 13, "miss")
    melee = attack(make("m", ORC), knight, [1, 10])
    assert melee.attacks[0].target_number == 16  # 19 − 3, no shield cover in melee


def test_flanking_and_sneak_attack() -> None:
    # 001 "Flanking": +2 to hit for every attacker, thieves add their sneak attack
    thief, orc = make("thief", THIEF), make("orc", ORC)
    one = attack(thief, orc, [10, 4, 3, 5], situation=Situation(flanked=True)).attacks[0]
    assert names(one)["Flanking"] == 2
    assert one.total == 12 and one.target_number == 12 and one.outcome == "hit"
    assert one.damage is not None and one.damage.total == 4 + 8  # 1d6 4 + sneak 2d6 (3+5)
    off = attack(thief, orc, [10, 4], situation=Situation(flanked=True),
                 opts=Adnd2bisOptions(flanking=False)).attacks[0]
    assert "Flanking" not in names(off) and off.outcome == "miss"


def test_surprised_target(fighter: Combatant) -> None:
    # 001 "Surprise": the surprised side has −2 AC; "Flanking": same +2 bonus to hit
    orc = make("orc", ORC, conditions=("surprised",))
    one = attack(fighter, orc, [2, 1]).attacks[0]
    assert names(one)["Cible surprise"] == 2 and names(one)["Surpris"] == -2
    assert (one.total, one.target_number, one.outcome) == (7, 6, "hit")


def test_size_differential_both_tables(fighter: Combatant) -> None:
    # 001 "Différentiel de taille": Medium vs Large +1 (second table) or +2 (first)
    ogre = make("ogre", OGRE, size=Size.LARGE)
    second = attack(fighter, ogre, [10, 1]).attacks[0]
    assert names(second)["Différentiel de taille"] == 1
    first = attack(fighter, ogre, [10, 1], opts=Adnd2bisOptions(size_table="first")).attacks[0]
    assert names(first)["Différentiel de taille"] == 2
    back = attack(ogre, fighter, [10, 1]).attacks[0]
    assert names(back)["Différentiel de taille"] == -1


def test_prone_attacker_disadvantage_and_prone_target(fighter: Combatant) -> None:
    # 001 "Prone (au sol)": disadvantage on attacks; −2 AC vs melee, +2 AC vs ranged
    prone_fighter = make("f", {"thac0": 14, "weapons": [{"name": "Dague", "damage": "1d4"}]},
                         conditions=("prone",))
    one = attack(prone_fighter, make("o", ORC), [15, 3]).attacks[0]
    assert fr(one.advantage) == "disadvantage" and one.natural == 3
    prone_orc = make("o", ORC, conditions=("prone",))
    melee = attack(fighter, prone_orc, [10, 1]).attacks[0]
    assert melee.target_number == 6
    archer = make("a", {"thac0": 14, "weapons": [{"name": "Arc", "kind": "ranged",
                                                   "damage": "1d6", "bow": True}]})
    ranged = attack(archer, prone_orc, [10, 1], situation=Situation(kind="ranged")).attacks[0]
    assert ranged.target_number == 10


def test_advantage_and_disadvantage_cancel(fighter: Combatant) -> None:
    # 001 first bullet + docs/rules/README.md#shared-vocabulary: one of each cancels; 90 % cover vs blinded attacker
    blind = make("b", {"thac0": 14}, conditions=("blinded",))
    one = attack(blind, make("o", ORC), [9, 2], situation=Situation(cover="90")).attacks[0]
    assert fr(one.advantage) == "disadvantage" and one.natural == 2
    assert names(one)["Aveuglé"] == -4


def test_paralyzed_target_max_damage_twice(fighter: Combatant) -> None:
    # 001 "Paralyzed": −6 AC, a melee hit deals max weapon damage ×2: 2 × 8 + 4 + 1 = 21
    orc = make("orc", ORC, conditions=("paralyzed",))
    one = attack(fighter, orc, [1 + 1]).attacks[0]
    assert one.target_number == 2 and one.outcome == "hit"
    assert one.damage is not None and one.damage.total == 21 and one.damage.roll is None


def test_charge_with_polearm_doubles_strength(fighter: Combatant) -> None:
    # 001 "Charge": +2 hit & damage on the first attack; thrusting polearm: Str damage ×2 (min 2)
    pikeman = make("p", {"thac0": 16, "strength": "17", "weapons": [
        {"name": "Pique", "damage": "1d6", "damage_type": "piercing", "polearm": True,
         "reach_m": 3}]})
    one = attack(pikeman, make("o", ORC), [5, 4], situation=Situation(charging=True)).attacks[0]
    assert names(one) == {"Force 17": 1, "Charge": 2}
    assert one.total == 8 and one.target_number == 10 and one.outcome == "miss"
    hit = attack(pikeman, make("o", ORC), [8, 4], situation=Situation(charging=True)).attacks[0]
    assert hit.damage is not None and hit.damage.total == 4 + 2 + 2  # Str 1 ×2 = 2, charge +2


def test_three_halves_attacks_on_even_rounds(fighter: Combatant, orc: Combatant) -> None:
    # 001 "Table du nombre d'attaques par round": fighter level 7 = 3/2
    odd = attack(fighter, orc, [3, 3], full_attack=True, round_number=1)
    even = attack(fighter, orc, [3, 3, 3], full_attack=True, round_number=2)
    assert len(odd.attacks) == 1 and len(even.attacks) == 2


def test_fumble_ends_the_round_and_uses_the_table() -> None:
    # 001 "Fumbles": natural 1 ends the remaining attacks; DEX DC 15 to avoid the table;
    # d20 5 = Stumble: prone, CON DC 10 with a helm
    fighter = make("f", {"thac0": 10, "level": 13, "class_group": "fighter", "dexterity": 12,
                         "constitution": 14, "helm": True})
    res = attack(fighter, make("o", ORC), [1, 9, 5, 8], full_attack=True)
    assert len(res.attacks) == 1 and res.attacks[0].outcome == "fumble"
    notes = " ".join(fr(res.attacks[0].notes))
    assert "d20 = 5" in notes and "Trébuche" in notes
    assert any("fin des actions" in n for n in fr(res.notes))


def test_underwater_option() -> None:
    # 001 "MILIEU SUB-AQUATIQUE": disadvantage, slashing −4 and ×50 %; bows don't work
    swordsman = make("s", {"thac0": 15, "weapons": [
        {"name": "Épée", "damage": "1d8", "damage_type": "slashing"},
        {"name": "Arc", "kind": "ranged", "damage": "1d6", "bow": True}]})
    opts = Adnd2bisOptions(underwater=True)
    one = attack(swordsman, make("o", ORC), [14, 16, 7], opts=opts).attacks[0]
    assert fr(one.advantage) == "disadvantage" and one.natural == 14
    assert names(one)["Sous l'eau (arme tranchante/contondante)"] == -4
    assert one.total == 10 and one.target_number == 9
    assert one.damage is not None and one.damage.total == 3
    bow = attack(swordsman, make("o", ORC), [], weapon="Arc", opts=opts,
                 situation=Situation(kind="ranged"))
    assert bow.attacks[0].outcome == "no_target"


def test_two_weapons() -> None:
    # Seed silent: AD&D 2e two-weapon fighting, −2 main hand, −4 off hand
    duelist = make("d", {"thac0": 16, "weapons": [
        {"name": "Épée", "damage": "1d8", "damage_type": "slashing"},
        {"name": "Dague", "damage": "1d4", "damage_type": "piercing"}]})
    res = attack(duelist, make("o", ORC), [12, 2, 12], options={"two_weapon": "Dague"})
    assert [a.total for a in res.attacks] == [10, 8]
    assert [a.outcome for a in res.attacks] == ["hit", "miss"]


def test_range_bands_and_gm_advantage() -> None:
    # AD&D 2e ranges (seed silent): medium −2, long −5, beyond long no attack;
    # 001 first bullet: advantage named by the GM rolls 2d20 keep the best
    archer = make("a", {"thac0": 16, "weapons": [{"name": "Arc long", "kind": "ranged",
                                                   "damage": "1d6", "range_m": 21, "bow": True}]})
    orc = make("o", ORC)
    medium = attack(archer, orc, [10, 1], situation=Situation(kind="ranged", range_increments=1))
    assert names(medium.attacks[0])["Portée moyenne"] == -2
    far = attack(archer, orc, [], situation=Situation(kind="ranged", range_increments=3))
    assert far.attacks[0].outcome == "no_target"
    adv = attack(archer, orc, [4, 15, 2], situation=Situation(kind="ranged",
                                                             advantage=["position"]))
    assert adv.attacks[0].natural == 15 and fr(adv.attacks[0].advantage) == "advantage"
