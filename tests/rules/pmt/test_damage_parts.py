"""Damage in typed parts in PMT: 004_49216c8abfe9f777.txt gives no resistance by damage type,
so a weapon's `extra_damage` is rolled (or fixed) as the weapon's own dice and added: a natural
20 deals « les dommages maximums de son arme » (every part), and the HP change says in one
sentence that the parts only add up."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.options import PmtOptions
from tests.helpers.pmt import FIGHTER, MONSTER_ASC, make

OPTS = PmtOptions()
FLAMING = {**FIGHTER, "weapons": [{"name": "Épée ardente", "damage": "1d8",
                                   "damage_type": "tranchant",
                                   "extra_damage": [{"dice": "1d6", "type": "feu"}]}]}


def _hit(dice: list[int]) -> object:
    req = AttackRequest(attacker=make("a", FLAMING), target=make("m", MONSTER_ASC),
                        situation=Situation(distance_m=1.5))
    return SYSTEM.resolve_attack(req, Dice(forced=dice), OPTS).attacks[0]


def test_the_parts_are_rolled_summed_and_said_to_add_up() -> None:
    # 004 "Formule": d20 12 + bonus 1 + FOR 1 = 14 ≥ CA 12. Épée 1d8 (3) + FOR 1 = 4, fire
    # 1d6 (5): 9.
    a = _hit([12, 3, 5])
    assert a.outcome == "hit" and a.damage is not None
    assert [(p.type, p.rolled) for p in a.damage.parts] == [("tranchant", 4), ("feu", 5)]
    ch = SYSTEM.damage(make("m", MONSTER_ASC), a.damage.total, Dice(), OPTS,
                       kind=a.damage.kind, parts=a.damage.parts)
    assert (ch.before, ch.after) == (9, 0)
    assert ch.notes[0] == ("Portes, Monstres & Trésors gives no resistance, immunity or "
                           "vulnerability by damage type (004_49216c8abfe9f777.txt is silent): "
                           "the parts add up")


def test_a_natural_20_deals_every_part_s_maximum() -> None:
    # 004 "20 naturel" (on by default): 8 + FOR 1 and 6, no damage die rolled.
    a = _hit([20])
    assert a.damage is not None and a.damage.roll is None
    assert [p.rolled for p in a.damage.parts] == [9, 6] and a.damage.total == 15
