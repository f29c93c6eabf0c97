"""Which actions other than movement provoke in breche35 (000_d623f1b22a06cede.txt,
"Attaques d'opportunité": « lance un sort, tire, se relève ou fait une action qui
provoque »; "Le round de combat", actions table: « à distance ou à mains nues sans don :
oui »; "Manœuvres": bull rush, trip, disarm, grapple and overrun each « provoque »)."""

from __future__ import annotations

import pytest

from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.stats import SAMPLE, Breche35Stats
from battlemap.rules.core.combat import Combatant
from battlemap.text import words


def who(**changes: object) -> Combatant:
    return Combatant(id="a", name="A", stats=Breche35Stats.model_validate({**SAMPLE, **changes}))


FOE = Combatant(id="o", name="O", stats=Breche35Stats.model_validate(SAMPLE))


def test_a_shot_provokes_and_says_why_in_both_languages() -> None:
    why = SYSTEM.action_provokes(who(), "attack", FOE, "Pistolet 9 mm", "ranged")
    assert why == 'ranged attack in a threatened square, 000 "Attaques d\'opportunité"'
    assert words(why, "fr") == "attaque à distance dans une case menacée, 000 « Attaques d'opportunité »"


def test_the_weapons_kind_counts_when_the_attack_gives_none() -> None:
    assert SYSTEM.action_provokes(who(), "attack", FOE, "Pistolet 9 mm") is not None


def test_a_melee_weapon_attack_does_not_provoke() -> None:
    assert SYSTEM.action_provokes(who(), "attack", FOE, "Machette", "melee") is None


def test_an_unarmed_attack_provokes_without_the_feat_only() -> None:
    why = SYSTEM.action_provokes(who(), "attack", FOE, "Mains nues", "melee")
    assert why == 'unarmed attack without the feat, 000 "Le round de combat" (actions)'
    trained = who(feats=["Science du combat à mains nues"])
    assert SYSTEM.action_provokes(trained, "attack", FOE, "Mains nues", "melee") is None


@pytest.mark.parametrize(("name", "en"), [
    ("bull_rush", "bull rush"), ("trip", "trip"), ("disarm", "disarm"),
    ("grapple", "grapple"), ("overrun", "overrun")])
def test_every_manoeuvre_of_the_seed_provokes(name: str, en: str) -> None:
    why = SYSTEM.action_provokes(who(), name, FOE)
    assert why == f'{en} in a threatened square, 000 "Manœuvres"'


def test_the_coup_de_grace_is_silent_so_does_not_provoke() -> None:
    assert SYSTEM.action_provokes(who(), "coup_de_grace", FOE) is None
