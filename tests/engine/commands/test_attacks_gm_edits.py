"""The GM's edits of the attack panel (a modifier added, one switched off) reach a manoeuvre's
rolls as they reach an attack's, in every system, and the result and the log name them: the
addition on each roll of the manoeuvre's author, the switched-off one as dropped
(battlemap/rules/core/gm_edits.py)."""

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.breche35.stats import SAMPLE as B35
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.dnd2024.stats import SAMPLE as D24
from battlemap.text import words
from tests.helpers.words import fr as in_french

BLESS = Modifier(name="Bénédiction", value=2, type="circumstance", source="MJ / GM")
SKILLS = '001_dd346e63a171f715.txt, "Bonus de type Skills selon abilité"'
# 2bis: Str 18/76 → "Force 18" +5 on a check; the orc's Str 13 → +1, Dex 10 → +0.
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "strength": "18/76", "dexterity": 13,
           "weapons": [{"name": "Épée longue", "damage": "1d8"}]}
ORC = {"max_hp": 6, "ac": 6, "thac0": 19, "strength": "13", "dexterity": 10,
       "weapons": [{"name": "Cimeterre", "damage": "1d8"}]}
PMT_HERO = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "strength": 13,
            "weapons": [{"name": "Épée", "damage": "1d8"}]}
PMT_BRUTE = {"max_hp": 12, "ac": 12, "weapons": [{"name": "Griffes", "damage": "1d6"}]}


def duel(system: str, mine: dict[str, Any], theirs: dict[str, Any]) -> Session:
    return Session(Encounter(system=system, grid=Grid(cols=8, rows=5), tokens=[  # type: ignore[arg-type]
        Token(id="a", name="Aldric", side="party", col=2, row=2, stats=mine),
        Token(id="o", name="Orc", side="foe", col=3, row=2, stats=theirs)]), seed=1)


def test_adnd2bis_trip_takes_the_gm_plus_two_and_drops_the_unticked_strength() -> None:
    # 001 "Trip": check of Str or Dex against the defender's. Plain: 9 + 5 = 14 > 12 + 1.
    s = duel("adnd2bis", FIGHTER, ORC)
    assert s.manoeuvre("trip", "a", "o", forced=[9, 12]).success
    s.undo()
    res = s.manoeuvre("trip", "a", "o", forced=[9, 12], extra=[BLESS], disabled=["Force 18"])
    assert not res.success and "Aldric 11 contre Orc 13 (Force)" in in_french(res.notes)  # 9 + 2 vs 12 + 1
    assert [(words(m.name, "fr"), m.value) for m in res.modifiers] == [("Bénédiction", 2), ("Force 13", 1)]
    assert [(words(m.name, "fr"), m.value, m.source, in_french(m.why)) for m in res.dropped] == [
        ("Force 18", 5, SKILLS, "switched off by the GM")]
    fr = s.log.render(s.log.entries[-1], "fr")
    assert "Bénédiction +2 (test) [MJ / GM]" in fr
    # the French log cites the seed by the system's name, the English by its file
    assert ("écarté : Force 18 +5 (test) [AD&D 2bis — Bonus de type Skills selon abilité] — "
            "désactivé par le MJ") in fr and "001_" not in fr
    assert f"Strength 18 +5 (check) [{SKILLS}]" in s.log.render(s.log.entries[-1], "en")
    assert "Aldric 11 contre Orc 13 (Force)" in fr


def test_breche35_bull_rush_gm_bonus_wins_the_tie() -> None:
    # 000_d623f1b22a06cede.txt, "Manœuvres": « Bousculade : … test de Force opposé »; Str 16
    # (+3) each: 10 + 3 < 12 + 3; with +2: 15 = 15, the higher modifier wins (5 > 3).
    s = duel("breche35", B35, B35)
    assert not s.manoeuvre("bull_rush", "a", "o", forced=[10, 12]).success
    s.undo()
    res = s.manoeuvre("bull_rush", "a", "o", forced=[10, 12], extra=[BLESS])
    assert res.success and in_french(res.notes) == ["Force 15 contre 15"]
    assert ("Bénédiction", 2, "check") in [(words(m.name, "fr"), m.value, m.applies_to)
                                           for m in res.modifiers]


def test_dnd2024_shove_gm_bonus_raises_the_dc_the_target_saves_against() -> None:
    # D&D 2024 PHB, Unarmed Strike (Shove): DD 8 + Str 3 + proficiency 3 = 14; the save
    # 9 + 3 + 3 = 15 resists it, not the DD 16 the GM's +2 makes.
    s = duel("dnd2024", D24, D24)
    assert not s.manoeuvre("shove", "a", "o", forced=[9]).success
    s.undo()
    res = s.manoeuvre("shove", "a", "o", forced=[9], extra=[BLESS])
    assert res.success and in_french(res.notes)[0] == "JS de Force 15 contre DD 16"  # the save named in words
    assert s.token("o").has_condition("prone")


def test_pmt_manoeuvre_attack_drops_the_unticked_bonus() -> None:
    # 004_49216c8abfe9f777.txt: a manoeuvre is an attack: d20 10 + 1 + FOR 1 = 12 ≥ CA 12;
    # without the attack bonus, 11 misses: "pas de manœuvre".
    s = duel("pmt", PMT_HERO, PMT_BRUTE)
    assert s.manoeuvre("envoyer au sol", "a", "o", forced=[10], defender_choice="effect").success
    s.undo()
    res = s.manoeuvre("envoyer au sol", "a", "o", forced=[10], disabled=["Bonus d'attaque"])
    assert not res.success and "attaque ratée : pas de manœuvre" in in_french(res.effects)
    assert [(words(m.name, "fr"), m.value) for m in res.dropped] == [("Bonus d'attaque", 1)]


def test_preview_lists_the_manoeuvre_modifiers_with_the_gm_edits() -> None:
    s = duel("adnd2bis", FIGHTER, ORC)
    seen = s.preview_manoeuvre("trip", "a", "o", extra=[BLESS], disabled=["Force 18"])
    assert [(words(m.name, "fr"), m.value) for m in seen.modifiers] == [("Bénédiction", 2), ("Force 13", 1)]
    assert [words(m.name, "fr") for m in seen.dropped] == ["Force 18"] and not s.can_undo
