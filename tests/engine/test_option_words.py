"""« Options modifiées » in the log names what changed: each option's label, as the options
dock shows it in the log's language, with its old → new value."""

from __future__ import annotations

from pathlib import Path

import battlemap.ui.i18n  # noqa: F401  (registers the interface's dictionary: the options' French)
from battlemap.engine import Session
from battlemap.io.encounter_file import load_encounter
from battlemap.text import from_data, words

DEMO = Path(__file__).resolve().parents[2] / "assets" / "demo"


def test_the_options_line_names_each_option_with_old_and_new_value() -> None:
    s = Session(load_encounter(DEMO / "pmt-salle-des-gardes.json"), seed=3)
    s.set_options(rules={"minions": False}, diagonals="chebyshev", flanking=True)
    entry = s.encounter.log[-1]
    assert words(from_data(entry["summary"]), "fr") == (
        "Options modifiées : Déplacement en diagonale : défaut du système → chaque case 1,5 m"
        " ; Prise en tenaille : défaut du système → activé ; Sbires : activé → désactivé")
    assert words(from_data(entry["summary"]), "en") == (
        "Options changed: Diagonal movement: system default → every square 1.5 m; "
        "Flanking: system default → on; Minions: on → off")
    assert entry["details"]["changed"][-1] == {"option": "minions", "old": True, "new": False}


def test_a_system_choice_is_named_by_its_french_word() -> None:
    s = Session(load_encounter(DEMO / "pmt-salle-des-gardes.json"), seed=3)
    s.set_options(rules={"miss_damage": "pcs"})
    entry = s.encounter.log[-1]
    assert words(from_data(entry["summary"]), "fr") == "Options modifiées : Coup raté : 1 dommage : tous → PJ seulement"
    assert words(from_data(entry["summary"]), "en") == "Options changed: Miss damage: all → pcs"


def test_a_field_label_writes_the_rules_abbreviations_in_capitals() -> None:
    # The English inspector read « Ac », « Hd », « Break dc »; the French finds its word by
    # the same label (ui/i18n/fr.json: « CA », « DV », « DD pour briser »).
    from battlemap.engine.option_words import field_label
    from battlemap.ui.i18n import translator

    labels = [field_label(n) for n in ("ac", "hd", "break_dc", "max_hp", "thac0_formula", "dex")]
    assert labels == ["AC", "HD", "Break DC", "Max HP", "THAC0 formula", "Dex"]
    fr = translator.french()
    assert [fr[x] for x in labels[:4]] == ["CA", "DV", "DD pour briser", "PV max"]
