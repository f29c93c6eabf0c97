"""Every system that has flanking says the real reason when an ally standing opposite does
not flank: its condition keeps it from threatening, named with the section that says so. The
attack panel's preview and `battlemap query flanking` give the same ruling: the query said
"flanked, +2" for a flat-footed 3.5 partner while the panel said "no ally opposite".

Each system's own condition that stops threatening: 000_d623f1b22a06cede.txt, "États" (Pris
au dépourvu: « pas d'attaque d'opportunité ») with "Tenaille" (the partner must threaten);
001_dd346e63a171f715.txt, "Surprise" with "Flanking" (two opponents who threaten);
003 Conditions: Incapacitated (the optional flanking rule, an adjacent ally who can act);
004 "Toute attaque contre un personnage inconscient" (the +2 option, the 2024 test)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.engine import Session
from battlemap.io import save_encounter
from battlemap.model import Encounter, EncounterOptions, Grid, Size, Token
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER as ADND2BIS
from battlemap.rules.breche35.stats import SAMPLE as BRECHE35
from battlemap.rules.dnd2024.stats import SAMPLE as DND2024
from battlemap.rules.pmt.stats import SAMPLE_FIGHTER as PMT
from battlemap.text import words

CASES = [
    ("breche35", BRECHE35, "flat_footed", {},
     'Pia (flat-footed) threatens no square (000_d623f1b22a06cede.txt, "États")',
     "Pia (pris au dépourvu) ne menace aucune case (Brèche (D&D 3.5) — États)"),
    ("adnd2bis", ADND2BIS, "surprised", {},
     'Pia (surprised) threatens no square (001_dd346e63a171f715.txt, "Surprise")',
     "Pia (surpris) ne menace aucune case (AD&D 2bis — Surprise)"),
    ("dnd2024", DND2024, "incapacitated", {"flanking": True},
     "Pia (incapacitated) threatens no square (D&D 2024 PHB, Conditions: Incapacitated)",
     "Pia (neutralisé) ne menace aucune case (D&D 2024 PHB, Conditions: Incapacitated)"),
    ("pmt", PMT, "unconscious", {"flanking": True},
     "Pia (unconscious) threatens no square (004_49216c8abfe9f777.txt, "
     '"Toute attaque contre un personnage inconscient")',
     "Pia (inconscient) ne menace aucune case"),
]


def _session(system: str, stats: Any, options: dict[str, Any]) -> Session:
    """Aude and Pia on either side of a thug, in a row: each system flanks it."""
    enc = Encounter(system=system, grid=Grid(cols=8, rows=6),
                    options=EncounterOptions(**options), tokens=[
        Token(id="a", name="Aude", side="party", col=2, row=2, stats=stats),
        Token(id="t", name="Thug", side="foe", col=3, row=2, stats=stats),
        Token(id="p", name="Pia", side="party", col=4, row=2, stats=stats)])
    return Session(enc, seed=1)


def _query(s: Session, tmp_path: Path, capsys: Any) -> dict[str, Any]:
    path = tmp_path / "enc.json"
    save_encounter(s.encounter, path)
    assert main(["query", str(path), "flanking", "a", "t"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("system", "stats", "condition", "options", "why_en", "why_fr"),
                         CASES, ids=[c[0] for c in CASES])
def test_a_partner_that_cannot_threaten_is_named_and_the_query_agrees(
        system: str, stats: Any, condition: str, options: dict[str, Any], why_en: str,
        why_fr: str, tmp_path: Path, capsys: Any) -> None:
    s = _session(system, stats, options)
    assert s.preview_attack("a", "t").situation.flanked
    assert _query(s, tmp_path, capsys)["flanked"]
    s.add_condition("p", condition)
    panel = s.preview_attack("a", "t")
    query = _query(s, tmp_path, capsys)
    assert not panel.situation.flanked and not query["flanked"] and query["effect"] == "none"
    assert str(panel.flanking.explanation).endswith(f": {why_en}, though opposite Aude")
    assert query["explanation"] == str(panel.flanking.explanation)
    assert why_fr in words(panel.flanking.explanation, "fr")


@pytest.mark.parametrize(("system", "stats", "condition", "options", "why_en", "why_fr"),
                         CASES, ids=[c[0] for c in CASES])
def test_an_attacker_that_cannot_threaten_is_told_why(
        system: str, stats: Any, condition: str, options: dict[str, Any], why_en: str,
        why_fr: str) -> None:
    s = _session(system, stats, options)
    s.add_condition("a", condition)
    why = str(s.flanking("a", "t").explanation)
    assert why_en.replace("Pia", "Aude") in why and "does not threaten" not in why


def test_a_partner_out_of_reach_is_named_with_its_reach() -> None:
    # 000 "Tenaille": the ally must threaten the target; a Tiny creature's reach is 0 (000
    # "Taille": « 0,75 m, 0 »), so standing opposite it threatens nothing.
    s = _session("breche35", BRECHE35, {})
    s.encounter.tokens[2] = s.encounter.tokens[2].model_copy(update={"size": Size.TINY})
    s = Session(s.encounter, seed=1)
    assert str(s.flanking("a", "t").explanation) == (
        "no flanking on Thug: Pia does not threaten Thug from where it stands, though "
        "opposite Aude")
