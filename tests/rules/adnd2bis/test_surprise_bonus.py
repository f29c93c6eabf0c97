"""Attacking a surprised creature in 2bis (option `surprise_bonus`). The text gives it twice:
001 "Flanking", « L'attaque contre une créature surprise bénéficie des mêmes bonus » (+2 to
hit, line 120), and 001 "Surprise", « l'adversaire qui reçoit un malus de -2 à son AC »
(line 124). By default both count, as written and as the code always did; `to_hit` or
`ac` keeps one, and the other shows among the dropped modifiers with the option's reason
(docs/rules/adnd2bis.md "Surprise")."""

from __future__ import annotations

from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import AttackRequest, Combatant, Situation
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import ORC, make


def _attack(fighter: Combatant, reading: str):  # type: ignore[no-untyped-def]
    orc = make("orc", ORC, conditions=("surprised",))
    req = AttackRequest(attacker=fighter, target=orc, situation=Situation())
    opts = Adnd2bisOptions(surprise_bonus=reading)  # type: ignore[arg-type]
    return SYSTEM.resolve_attack(req, Dice(forced=[2, 1]), opts).attacks[0]


def _applied(one) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {words(m.name, "fr"): m.value for m in one.modifiers}


def _dropped(one) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {words(m.name, "fr"): words(m.why, "en") for m in one.dropped}


def test_both_by_default(fighter: Combatant) -> None:
    # d20 2 + Str 2 + sword 1 + surprised 2 = 7 against THAC0 14 − AC 6 − 2 = 6: a hit.
    assert Adnd2bisOptions().surprise_bonus == "both"
    one = _attack(fighter, "both")
    assert _applied(one)["Cible surprise"] == 2 and _applied(one)["Surpris"] == -2
    assert (one.total, one.target_number, one.outcome) == (7, 6, "hit")
    assert _dropped(one) == {}


def test_to_hit_only_drops_the_ac_penalty(fighter: Combatant) -> None:
    one = _attack(fighter, "to_hit")  # 7 against 14 − 6 = 8: a miss
    assert _applied(one)["Cible surprise"] == 2 and "Surpris" not in _applied(one)
    assert (one.total, one.target_number, one.outcome) == (7, 8, "miss")
    assert _dropped(one) == {
        "Surpris": 'the option "surprise bonus" keeps only the +2 to hit (001 "Flanking")'}


def test_ac_only_drops_the_bonus_to_hit(fighter: Combatant) -> None:
    one = _attack(fighter, "ac")  # 2 + 2 + 1 = 5 against 6: a miss
    assert _applied(one)["Surpris"] == -2 and "Cible surprise" not in _applied(one)
    assert (one.total, one.target_number, one.outcome) == (5, 6, "miss")
    assert _dropped(one) == {
        "Cible surprise": 'the option "surprise bonus" keeps only the −2 AC (001 "Surprise")'}
    fr = [words(m.why, "fr") for m in one.dropped]
    assert fr == ["l'option « bonus de surprise » ne garde que le −2 à la CA (001 « Surprise »)"]
