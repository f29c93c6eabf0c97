"""The natural 1 in PMT (option `natural_1`): the seed speaks of the natural 20 alone (004
"Sur un 20 naturel à son jet d'attaque, le personnage inflige automatiquement les dommages
maximums"), never of the 1, so by default it counts as rolled, as the code always did;
`auto_miss` makes it a miss whatever the total (docs/rules/pmt.md "Natural 1")."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.options import PmtOptions
from tests.helpers.pmt import FIGHTER, MONSTER_ASC, make

LOW_AC = {**MONSTER_ASC, "ac": 3}  # a natural 1 + 1 (bonus) + 1 (FOR) reaches CA 3


def _attack(opts: PmtOptions, forced: list[int]):  # type: ignore[no-untyped-def]
    req = AttackRequest(attacker=make("g", FIGHTER, side="party"), target=make("m", LOW_AC),
                        situation=Situation())
    return SYSTEM.resolve_attack(req, Dice(forced=forced), opts).attacks[0]


def test_by_default_a_natural_1_counts_as_rolled_and_can_hit() -> None:
    assert PmtOptions().natural_1 == "as_rolled"
    one = _attack(PmtOptions(), [1, 5])  # 1 + 1 + 1 = 3 ≥ CA 3; Épée 1d8 → 5, + FOR 1
    assert (one.natural, one.total, one.target_number, one.outcome) == (1, 3, 3, "hit")
    assert one.damage is not None and one.damage.total == 6
    assert any(n.startswith("1 naturel : compté tel quel") and "option natural_1" in n
               for n in one.notes)


def test_auto_miss_makes_it_a_miss_that_still_deals_1() -> None:
    one = _attack(PmtOptions(natural_1="auto_miss"), [1])
    assert (one.natural, one.total, one.target_number, one.outcome) == (1, 3, 3, "miss")
    # 004 "Un coup raté inflige quand même 1 dommage" holds for this miss too.
    assert one.damage is not None and one.damage.total == 1
    assert any(n.startswith("1 naturel : raté automatique") for n in one.notes)


def test_a_2_is_untouched_by_the_option() -> None:
    one = _attack(PmtOptions(natural_1="auto_miss"), [2, 5])  # 2 + 2 = 4 ≥ 3
    assert (one.total, one.outcome) == (4, "hit")
    assert not any("1 naturel" in n for n in one.notes)
