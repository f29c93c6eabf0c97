"""A Brèche trip reads side by side: the touch attack with its own modifiers against the
target's touch AC, then each side's opposed check with its own, then what follows
(000_d623f1b22a06cede.txt, "Manœuvres": « Croc-en-jambe : une attaque de contact
(provoque), puis test de Force (ou Dextérité) opposé : la cible tombe à terre »). Before,
the three dice and every modifier were one list, and the panel's table showed « Cible à
terre +4 » after the roll as if it had counted."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.io import load_encounter
from battlemap.text import words
from tests.helpers.words import fr

DEMO = Path(__file__).resolve().parents[3] / "battlemap" / "assets" / "demo" / "breche35-entrepot-pigalle.json"


def mara_beside_the_thug() -> Session:
    enc = load_encounter(DEMO)
    enc.tokens = [t.model_copy(update={"col": 8, "row": 8}) if t.id == "mara" else t
                  for t in enc.tokens]
    return Session(enc, seed=1)


def test_the_touch_attack_and_each_check_carry_their_own_modifiers() -> None:
    s = mara_beside_the_thug()
    res = s.manoeuvre("trip", "mara", "voyou-1", forced=[15, 14, 3])
    touch, mine, theirs = res.sides
    # Touch: d20 15 + BBA 5 + Str 3 = 23 against touch AC 11 (10 + Dex 1).
    assert (touch.total, words(touch.against, "fr")) == (23, "CA 11")
    assert [(words(m.name, "fr"), m.value) for m in touch.modifiers] == [("BBA", 5), ("Force", 3)]
    # Opposed Strength: Mara 14 + 3 = 17, the thug 3 + 1 = 4 (its Str beats its Dex).
    assert (mine.total, [m.value for m in mine.modifiers]) == (17, [3])
    assert (theirs.total, [m.value for m in theirs.modifiers]) == (4, [1])
    assert res.success and fr(res.effects) == ["Voyou au blouson tombe à terre"]
    lines = detail_lines(s.log.entries[-1].details, "fr")
    assert lines[:3] == [
        "croc-en-jambe : attaque de contact : 1d20 → (15!) = 15 (23 contre CA 11)",
        "  BBA +5 [Brèche (D&D 3.5) — Attaquer]",
        "  Force +3 [Brèche (D&D 3.5) — Attaquer]"]
    assert lines[-1] == "conséquences : Voyou au blouson tombe à terre"
    assert detail_lines(s.log.entries[-1].details, "en")[-1] == "consequences: Voyou au blouson falls prone"
