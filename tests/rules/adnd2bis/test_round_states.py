"""States that last "the round" (a fumble: to the round's end; full defence: to the creature's
next turn), escaping a grapple with Free Action or Grease, and the size differential switched
off for manoeuvres."""

from __future__ import annotations

from battlemap.model import Size
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER
from battlemap.rules.core.combat import AttackRequest, Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import OGRE, ORC, make

OPTS = Adnd2bisOptions()


def man(name: str, a: Combatant, t: Combatant, forced: list[int],
        opts: Adnd2bisOptions = OPTS, **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), opts)


def test_a_fumble_ends_actions_and_reactions_until_the_end_of_the_round() -> None:
    # 001 "Fumbles": "Tous les fumbles arrêtent automatiquement toute action subséquente du
    # personnage dans le round y compris ses attaques non utilisées et y compris ses capacités
    # de réactions" — even when the DEX check (Dex 15 +2, 13 + 2 = 15 ≥ 15) avoids the table.
    fighter, orc = make("f", SAMPLE_FIGHTER, side="party"), make("o", ORC)
    res = SYSTEM.resolve_attack(AttackRequest(attacker=fighter, target=orc, full_attack=True,
                                              round_number=2), Dice(forced=[1, 13]), OPTS)
    assert [a.outcome for a in res.attacks] == ["fumble"]  # the second attack (3/2) is lost
    assert [c.name for c in res.attacks[0].self_conditions] == ["fumbled"]
    fumbled = make("f", SAMPLE_FIGHTER, side="party", conditions=("fumbled",))
    assert SYSTEM.turn_budget(fumbled, OPTS).slots == {"combat": 0, "move": 0}
    assert SYSTEM.threatens(fighter) and not SYSTEM.threatens(fumbled)  # no opportunity attack
    # "dans le round": the round's end takes it off, not the creature's next turn.
    assert SYSTEM.start_of_turn(fumbled, Dice(), OPTS) == []
    ends = SYSTEM.end_of_round([fighter, fumbled], Dice(), OPTS)
    assert [(e.token, e.conditions_removed) for e in ends] == [("f", ["fumbled"])]
    assert ends[0].what == ('end of the round: end of Fumbled (001_dd346e63a171f715.txt, '
                            '"Fumbles (natural 1/d20 toHit)")')
    assert words(ends[0].what, "fr") == ("fin du round : fin de Fumble (AD&D 2bis — Fumbles "
                                         "(natural 1/d20 toHit))")


def test_full_defence_lasts_until_the_defenders_next_turn() -> None:
    # 001 "Full Defence": "passer le round à tenter de se défendre": +4 AC against every attack
    # until its next turn, not only during its own.
    fighter = make("f", SAMPLE_FIGHTER, side="party")
    res = man("full_defence", fighter, fighter, [])
    cond = res.conditions_added["f"][0]
    assert (cond.name, cond.level, cond.rounds_left) == ("full_defence", 4, None)
    defending = fighter.model_copy(update={"conditions": [cond]})
    # Orc THAC0 19 − AC 2 + 4 (Défense totale) = 21
    hit = SYSTEM.resolve_attack(AttackRequest(attacker=make("o", ORC), target=defending),
                                Dice(forced=[19]), OPTS).attacks[0]
    assert hit.target_number == 21 and hit.outcome == "miss"
    assert SYSTEM.start_of_turn(defending, Dice(), OPTS)[0].conditions_removed == ["full_defence"]


def test_free_action_or_grease_escapes_without_a_roll() -> None:
    # 001 "S'échapper d'un grapple": "Des capacités comme Free Action ou Grease permettent de
    # s'échapper automatiquement par une move-action."
    ogre = make("g", OGRE, size=Size.LARGE)
    ringed = make("t", {"feats": ["free_action"]}, conditions=("grappled",))
    res = man("escape", ringed, ogre, [])
    assert res.success and res.rolls == [] and res.conditions_removed == {"t": ["grappled"]}
    greased = man("escape", make("t", {}, conditions=("grappled",)), ogre, [], grease=True)
    assert greased.success and greased.rolls == []


def test_size_differential_off_for_manoeuvres() -> None:
    # 001 "Grapple": "éventuellement modifié par la taille" — the encounter option may switch the
    # size differential off; with the second table a Large ogre gets +1 against a man.
    ogre, man_ = make("g", OGRE, size=Size.LARGE), make("m", {"strength": "12"})
    on = man("grapple", ogre, man_, [10, 10])
    assert {words(m.name, "fr"): m.value for m in on.modifiers}["Différentiel de taille"] == 1
    off = man("grapple", ogre, man_, [10, 10], Adnd2bisOptions(size_table="off"))
    assert "Différentiel de taille" not in {words(m.name, "fr") for m in off.modifiers}
