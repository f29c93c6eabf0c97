"""Exhausted's hit point loss, the 0-hp wait and CON check, a healer's stabilisation and the
slow bleed of −1..−5 counted in rounds (001 "Dying", "Exhausted (Epuisé)")."""

from __future__ import annotations

from adnd2bis_fixtures import make  # type: ignore[import-not-found]

from battlemap.model import Condition
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.conditions import ROUNDS_PER_TURN
from battlemap.rules.adnd2bis.dying import zero_hp_check, zero_hp_wait
from battlemap.rules.adnd2bis.exhaustion import gain_exhaustion
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice

OPTS = Adnd2bisOptions()
PATIENT = {"max_hp": 22, "constitution": 12}
CLERIC = {"max_hp": 30, "ac": 4, "thac0": 18, "level": 5, "wisdom": 18,
          "skills": {"healing": 6}}


def man(name: str, a: Combatant, t: Combatant, forced: list[int],
        opts: Adnd2bisOptions = OPTS, **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), opts)


def names(conds: list[Condition]) -> dict[str, int | None]:
    return {c.name: c.level for c in conds}


def test_exhausted_loses_half_its_maximum_as_nonlethal() -> None:
    # 001 "Exhausted (Epuisé)": non-lethal loss of 50 % of the maximum (58 → 29).
    fighter = make("f", SAMPLE_FIGHTER, hp=40)
    ch = gain_exhaustion(fighter, Dice())
    assert (ch.after, ch.nonlethal_after) == (40, 29)
    assert names(ch.conditions_added) == {"exhausted": 1}


def test_exhaustion_stops_at_zero_and_stuns() -> None:
    # 001 "Exhausted": "Si cette perte amène le personnage à 0 (ne peut l'amener en dessous), le
    # personnage passe en condition Stunned" — for d3 rounds ("Stunned", default duration).
    fighter = make("f", SAMPLE_FIGHTER, hp=20)
    ch = gain_exhaustion(fighter, Dice(forced=[2]))
    assert ch.nonlethal_after == 20
    stunned = [c for c in ch.conditions_added if c.name == "stunned"]
    assert len(stunned) == 1 and stunned[0].rounds_left == 2


def test_exhausted_put_on_by_hand_takes_its_loss_once() -> None:
    # 001 "Exhausted": the loss comes with the condition; the start of turn applies it when the
    # GM added the condition, and marks it taken (level 1).
    fresh = make("f", SAMPLE_FIGHTER, hp=58, conditions=("exhausted",))
    events = SYSTEM.start_of_turn(fresh, Dice(), OPTS)
    assert len(events) == 1 and events[0].hp is not None
    assert events[0].hp.nonlethal_after == 29
    taken = fresh.model_copy(update={"conditions": [Condition(name="exhausted", level=1)],
                                     "nonlethal": 29})
    assert SYSTEM.start_of_turn(taken, Dice(), OPTS) == []


def test_zero_hp_wait_is_d4_plus_4_hours() -> None:
    # 001 "Dying": "La durée par défaut de cet état est de d4+4 heures" (600 rounds an hour)
    roll, rounds = zero_hp_wait(Dice(forced=[3]))
    assert (roll.total, rounds) == (7, 4200)


def test_zero_hp_con_check_success_gives_one_hp_and_exhaustion() -> None:
    # 001 "Dying": CON DC 20; "S'il est réussi, elle récupère 1 hp et passe en condition Epuisée
    # pour d4 heures". CON 16 → +3 ("Bonus de type Skills"): 17 + 3 = 20.
    at_zero = make("f", SAMPLE_FIGHTER, hp=0, conditions=("dying",))
    out = zero_hp_check(at_zero, Dice(forced=[17, 2, 3]), OPTS)
    assert out.check.total == 20 and out.check.success
    assert out.hp.after == 1 and "dying" in out.hp.conditions_removed
    exhausted = [c for c in out.hp.conditions_added if c.name == "exhausted"]
    assert exhausted[0].rounds_left == 2 * 600 and exhausted[0].level == 1
    # Exhausted's loss at 1 hp reaches 0: Stunned d3 = 3 rounds.
    assert out.hp.nonlethal_after == 1
    assert [c.rounds_left for c in out.hp.conditions_added if c.name == "stunned"] == [3]


def test_zero_hp_con_check_failure_as_written_or_minus_one() -> None:
    # 001 "Dying": "Si le check échoue, elle passe à 1 hp"; option: read as −1 hp.
    at_zero = make("f", SAMPLE_FIGHTER, hp=0, conditions=("dying",))
    out = zero_hp_check(at_zero, Dice(forced=[16]), OPTS)
    assert out.check.total == 19 and not out.check.success and out.hp.after == 1
    minus = zero_hp_check(at_zero, Dice(forced=[16]), Adnd2bisOptions(zero_hp_failure="minus_one"))
    assert minus.hp.after == -1
    assert {"unconscious", "prone"} <= set(names(minus.hp.conditions_added))


def test_care_stabilises_in_two_rounds_and_stops_the_loss_meanwhile() -> None:
    # 001 "Dying": "s'y consacrer entièrement pendant deux rounds (la créature ne perd
    # provisoirement pas de points de vie pendant la stabilisation)"
    friend = make("h", {"max_hp": 12})
    patient = make("p", PATIENT, hp=-7, conditions=("dying", "unconscious"))
    first = man("stabilise", friend, patient, [])
    caring = first.conditions_added["p"][0]
    assert (caring.name, caring.level, first.conditions_added["p"][0].rounds_left) == (
        "stabilising", 1, 3)
    tended = patient.model_copy(update={"conditions": [*patient.conditions, caring]})
    paused = SYSTEM.start_of_turn(tended, Dice(), OPTS)
    assert len(paused) == 1 and paused[0].hp is None
    second = man("stabilise", friend, tended, [])
    assert names(second.conditions_added["p"]) == {"stable": None}
    assert second.conditions_removed == {"p": ["stabilising"]}


def test_care_takes_one_round_with_the_healing_skill() -> None:
    # 001 "Dying": "ou un seul si le soignant possède le skill Healing"
    patient = make("p", PATIENT, hp=-3, conditions=("dying", "unconscious"))
    res = man("stabilise", make("c", CLERIC), patient, [])
    assert names(res.conditions_added["p"]) == {"stable": None}
    for hp in (0, -11):
        assert not man("stabilise", make("c", CLERIC), make("p", PATIENT, hp=hp), []).success


def test_internal_cause_in_rounds_is_a_dc_30_healing_check_over_two_rounds() -> None:
    # 001 "Dying": below −5 hp the Healing check is done in two rounds, "pendant lesquels la
    # créature perd des points de vie", DC 30. Wisdom 18 → +5, Healing 6.
    cleric = make("c", CLERIC)
    patient = make("p", PATIENT, hp=-7, conditions=("dying", "unconscious"))
    first = man("stabilise", cleric, patient, [], cause="internal")
    checking = first.conditions_added["p"][0]
    assert (checking.name, checking.level) == ("healing_check", 1)
    during = patient.model_copy(update={"conditions": [*patient.conditions, checking]})
    bleed = SYSTEM.start_of_turn(during, Dice(), OPTS)[0].hp
    assert bleed is not None and bleed.after == -8
    ok = man("stabilise", cleric, during, [19], cause="internal")
    assert ok.success and ok.rolls[0].total == 19 and "stable" in names(ok.conditions_added["p"])
    ko = man("stabilise", cleric, during, [18], cause="internal")
    assert not ko.success and ko.conditions_removed == {"p": ["healing_check"]}


def test_internal_cause_over_two_turns_loses_only_the_first_turn() -> None:
    # 001 "Dying": a Healing check lasts 2 turns; "la créature cible ne perd de points de vie
    # que pendant le 1er turn" (1 hp a turn). DC: the encounter option (15), Wisdom 18 +5,
    # Healing 6: 4 + 11 = 15.
    patient = make("p", PATIENT, hp=-3, conditions=("dying", "unconscious"))
    res = man("stabilise", make("c", CLERIC), patient, [4], cause="internal")
    assert res.success and res.damage is not None and res.damage.total == 1
    stable = patient.model_copy(update={"conditions": [*patient.conditions,
                                                       Condition(name="stable")]})
    lost = SYSTEM.damage(stable, res.damage.total, Dice(), OPTS, kind=res.damage.kind)
    assert lost.after == -4 and "stable" not in lost.conditions_removed
    wound = SYSTEM.damage(stable, 1, Dice(), OPTS, kind="slashing")
    assert "stable" in wound.conditions_removed  # a new wound starts the loss again
    hard = Adnd2bisOptions(healing_dc=16)
    assert not man("stabilise", make("c", CLERIC), patient, [4], hard, cause="internal").success


def test_slow_bleed_loses_one_hp_every_hundred_rounds() -> None:
    # 001 "Dying": −1..−5 "perd 1hp par turn"; "le round AD&D dure une minute, le turn 10" and
    # the fight round is 6 seconds ("TEMPORALITE"): 1 turn = 100 rounds.
    assert ROUNDS_PER_TURN == 100
    start = make("p", PATIENT, hp=-3, conditions=("dying", "unconscious"))
    first = SYSTEM.start_of_turn(start, Dice(), OPTS)[0].hp
    assert first is not None and first.after == -3 and names(first.conditions_added)["dying"] == 1
    late = start.model_copy(update={"conditions": [Condition(name="dying", level=98),
                                                   Condition(name="unconscious")]})
    ninety_nine = SYSTEM.start_of_turn(late, Dice(), OPTS)[0].hp
    assert ninety_nine is not None and ninety_nine.after == -3
    last = late.model_copy(update={"conditions": [Condition(name="dying", level=99),
                                                  Condition(name="unconscious")]})
    lost = SYSTEM.start_of_turn(last, Dice(), OPTS)[0].hp
    assert lost is not None and lost.after == -4 and names(lost.conditions_added)["dying"] == 0
