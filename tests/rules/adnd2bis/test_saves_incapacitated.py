"""Saves on an ability ("JS de DEX" vs a DC) of incapacitated creatures: they are saving
throws, so the conditions of 001_dd346e63a171f715.txt, "ETATS (CONDITIONS, AFFLICTIONS… ) DU
PERSONNAGE" apply as to the AD&D categories: Stunned "automatically fails saving throws",
Paralyzed "automatically fails non mental saving throws", Unconscious "automatically fails all
saving throws", Grappled "– 2 penalty to ST". (The 2bis text has no "held" or "helpless"
condition: its incapacitating ones are these three.)"""

from __future__ import annotations

import pytest

from battlemap.engine import Session
from battlemap.model import Condition
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import SaveRequest
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import ORC, make
from tests.helpers.engine import encounter, tok

OPTS = Adnd2bisOptions()
SEED = "001_dd346e63a171f715.txt"
NIMBLE = {**ORC, "dexterity": 17, "wisdom": 17}  # "Bonus de type Skills": 17 → +4


def _save(conditions: tuple[str, ...], ability: str, die: int = 20, dc: int = 10):  # type: ignore[no-untyped-def]
    who = make("o", NIMBLE, conditions=conditions)
    return SYSTEM.resolve_save(SaveRequest(token=who, ability=ability, dc=dc),
                               Dice(forced=[die]), OPTS)


@pytest.mark.parametrize(("condition", "section"), [
    ("stunned", "Stunned / Dazed (Etourdi)"), ("paralyzed", "Paralyzed (Paralysé)"),
    ("unconscious", "Unconscious (Inconscient)")])
def test_incapacitated_creature_fails_a_dex_save_even_on_twenty(condition: str,
                                                                section: str) -> None:
    # 20 + Dex 17 (+4) = 24 ≥ DC 10, yet the save fails; the note names the rule.
    res = _save((condition,), "dex")
    assert (res.total, res.dc, res.success) == (24, 10, False)
    assert len(res.notes) == 1 and f'{SEED}, "{section}"' in res.notes[0]
    assert words(res.notes[0], "fr").startswith("rate automatiquement : ")


def test_paralysed_still_rolls_mental_ability_saves() -> None:
    # 001 "Paralyzed": only the non mental saves fail: Wis 17 (+4) + 7 = 11 ≥ 10.
    res = _save(("paralyzed",), "wis", die=7)
    assert (res.total, res.success, res.notes) == (11, True, [])


@pytest.mark.parametrize("condition", ["stunned", "unconscious"])
def test_stunned_or_unconscious_fail_mental_ability_saves_too(condition: str) -> None:
    # 001 "Stunned": "fails saving throws"; "Unconscious": "fails all saving throws".
    assert not _save((condition,), "wis").success


def test_free_creature_passes_the_same_dex_save() -> None:
    res = _save((), "dex", die=6)  # 6 + 4 = 10 ≥ 10
    assert (res.total, res.success, res.notes) == (10, True, [])


def test_grappled_takes_minus_two_on_a_dex_save() -> None:
    # 001 "Grappled (Attrapé)": "– 2 penalty to ST & AC": 8 + 4 − 2 = 10.
    res = _save(("grappled",), "dex", die=8)
    assert res.total == 10 and res.success
    assert ("Attrapé", -2, f'{SEED}, "Grappled (Attrapé)"') in [
        (words(m.name, "fr"), m.value, m.source) for m in res.modifiers]


DEX_ORC = {"max_hp": 6, "ac": 6, "thac0": 19, "dexterity": 17}


def test_stunned_dex_save_fails_and_the_log_names_the_rule() -> None:
    s = Session(encounter([tok("o", 1, 1, stats=DEX_ORC, name="Orc",
                               conditions=[Condition(name="stunned")])], system="adnd2bis"))
    res = s.save_throw("o", "dex", 10, forced=[20])
    assert (res.total, res.success) == (24, False)  # 20 + Dex 17 (+4)
    entry = s.log.entries[-1]
    assert ("rate automatiquement : étourdi (tous les JS, AD&D 2bis — Stunned / Dazed "
            "(Etourdi))") in s.log.render(entry, "fr")
    assert ('fails automatically: stunned (every save, 001_dd346e63a171f715.txt, '
            '"Stunned / Dazed (Etourdi)")') in s.log.render(entry, "en")
