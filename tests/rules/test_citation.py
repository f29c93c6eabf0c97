"""A seed citation is a message: English writes the seed's file and section, as the JSON output
always read; French writes the system's name and the section, so the GM reads no file name;
the message survives a modifier, the stacking rules and the log's dump."""

from __future__ import annotations

import pytest

from battlemap.rules.adnd2bis.tables import src as adnd2bis_src
from battlemap.rules.breche35.system import Breche35System
from battlemap.rules.breche35.tables import src
from battlemap.rules.core.modifiers import Modifier, Stacking, stack
from battlemap.rules.dnd2024.tables import COVER
from battlemap.rules.pmt.tables import src as pmt_src
from battlemap.text import AS_DATA, Message, from_data, words

SECTION = "Modificateurs de situation"


def test_english_is_the_file_and_the_section() -> None:
    assert src(SECTION) == '000_d623f1b22a06cede.txt, "Modificateurs de situation"'
    assert words(src(SECTION), "en") == '000_d623f1b22a06cede.txt, "Modificateurs de situation"'


def test_french_is_the_system_name_and_the_section() -> None:
    assert words(src(SECTION), "fr") == f"{Breche35System.name} — Modificateurs de situation"
    assert words(src(SECTION), "fr") == "Brèche (D&D 3.5) — Modificateurs de situation"


@pytest.mark.parametrize(("cite", "name"), [
    (adnd2bis_src("Charge"), "AD&D 2bis — Charge"),
    (pmt_src("Manœuvres"), "Portes, Monstres & Trésors — Manœuvres"),
    (COVER, "D&D 2024 — L'abri"),
])
def test_every_system_cites_by_its_name_in_french(cite: Message, name: str) -> None:
    assert words(cite, "fr") == name
    assert "_" not in words(cite, "fr") and ".txt" in cite


def test_a_modifier_and_a_dropped_one_keep_the_citation() -> None:
    mods = [Modifier(name="a", value=2, type="morale", source=src(SECTION)),
            Modifier(name="b", value=1, type="morale", source=src("Taille"))]
    kept = stack(mods, Stacking.TYPED_35)
    assert isinstance(kept.applied[0].source, Message)
    assert words(kept.dropped[0].source, "fr") == "Brèche (D&D 3.5) — Taille"


def test_json_writes_english_and_the_log_dump_keeps_the_message() -> None:
    mod = Modifier(name="a", value=2, source=src(SECTION))
    assert mod.model_dump(mode="json")["source"] == str(src(SECTION))
    assert '"source":"000_d623f1b22a06cede.txt, \\"Modificateurs de situation\\""' in (
        mod.model_dump_json())
    kept = mod.model_dump(mode="json", context=AS_DATA)["source"]
    assert kept["key"] == "source.seed"
    assert words(from_data(kept), "fr") == "Brèche (D&D 3.5) — Modificateurs de situation"
    # a plain source (the GM's, an older file's) stays as it is
    assert Modifier(name="b", value=1, source="MJ / GM").model_dump(
        mode="json", context=AS_DATA)["source"] == "MJ / GM"


def test_the_step_cites_its_section_by_the_systems_name_in_french() -> None:
    from battlemap.geometry.words import step_refusal
    from battlemap.rules.adnd2bis.geometry import GEOMETRY as ADND2BIS
    from battlemap.rules.breche35.geometry import GEOMETRY as BRECHE35

    too_far = step_refusal(BRECHE35, 2, 3.0)
    assert '(000 "Le round de combat": "un pas de placement de 1,5 m")' in too_far
    assert ("(Brèche (D&D 3.5) — Le round de combat : « un pas de placement de 1,5 m »)"
            in words(too_far, "fr"))
    rough = step_refusal(ADND2BIS, 1, 3.0, (1, 2))
    assert '(001 "Vitesses de déplacement en combat": "Terrain Difficile : -50%")' in rough
    assert "(AD&D 2bis — Vitesses de déplacement en combat : « Terrain Difficile : -50% »)" in (
        words(rough, "fr"))
