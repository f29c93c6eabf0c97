"""Damage in typed parts in AD&D 2bis: 001_dd346e63a171f715.txt gives creatures no resistance,
immunity or vulnerability by damage type, so a weapon's `extra_damage` is rolled beside its die
and added; the HP change says in one sentence that the parts only add up. Its conditions'
« max. weapon damage x 2 » (« Paralyzed (Paralysé) ») counts every part of the weapon."""

from __future__ import annotations

from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import ORC, make

OPTS = Adnd2bisOptions()
# A flaming scimitar: 1d8 slashing plus 1d6 fire.
FLAMING = {**ORC, "weapons": [{"name": "Cimeterre ardent", "damage": "1d8",
                               "damage_type": "slashing",
                               "extra_damage": [{"dice": "1d6", "type": "fire"}]}]}


def _hit(target_conditions: tuple[str, ...], dice: list[int]) -> object:
    req = AttackRequest(attacker=make("a", FLAMING), target=make("t", ORC, conditions=target_conditions),
                        situation=Situation(distance_m=1.5))
    return SYSTEM.resolve_attack(req, Dice(forced=dice), OPTS).attacks[0]


def test_the_parts_are_rolled_and_summed() -> None:
    # THAC0 19 vs AC 6: 13 hits. Scimitar 1d8 (5) + Str 13 (no bonus) and fire 1d6 (4).
    a = _hit((), [13, 5, 4])
    assert a.outcome == "hit" and a.damage is not None
    assert [(p.type, p.expr, p.rolled) for p in a.damage.parts] == [
        ("slashing", "1d8", 5), ("fire", "1d6", 4)]
    assert a.damage.total == 9


def test_the_hp_change_says_the_seed_gives_no_rule_by_type() -> None:
    a = _hit((), [13, 5, 4])
    ch = SYSTEM.damage(make("t", ORC, hp=12), a.damage.total, Dice(), OPTS, kind=a.damage.kind,
                       parts=a.damage.parts)
    assert (ch.before, ch.after, [p.taken for p in ch.parts]) == (12, 3, [5, 4])
    assert ch.notes == ["AD&D 2bis gives no resistance, immunity or vulnerability by damage "
                        "type (001_dd346e63a171f715.txt is silent): the parts add up"]
    assert words(ch.notes[0], "fr").startswith("AD&D 2bis ne donne ni résistance")


def test_a_single_weapon_part_says_nothing_more() -> None:
    ch = SYSTEM.damage(make("t", ORC, hp=12), 5, Dice(), OPTS, kind="slashing")
    assert ch.notes == [] and ch.after == 7


def test_a_paralyzed_target_takes_every_part_at_its_maximum_twice() -> None:
    # « Any melee attack that hits the creature inflicts max. weapon damage x 2 »: 2 × 8 and
    # 2 × 6, no die rolled but the attack's.
    a = _hit(("paralyzed",), [13])
    assert a.damage is not None and a.damage.roll is None
    assert [p.rolled for p in a.damage.parts] == [16, 12] and a.damage.total == 28
