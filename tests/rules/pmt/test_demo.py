"""The pmt demo encounter loads and every token's stats validate."""

from __future__ import annotations

from pathlib import Path

from battlemap.io import load_encounter
from battlemap.rules.core.system import get_system
from battlemap.rules.pmt.ac import ac_label
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.text import words

DEMO = Path(__file__).parents[3] / "assets" / "demo" / "pmt-salle-des-gardes.json"


def test_demo_encounter_validates() -> None:
    enc = load_encounter(DEMO)
    system = get_system(enc.system)
    opts = system.options_model.model_validate(enc.options.rules)
    assert isinstance(opts, PmtOptions) and opts.ac_form == "descending"
    assert system.stats_model is PmtStats
    labels = {t.id: words(ac_label(PmtStats.model_validate(t.stats), opts), "fr") for t in enc.tokens}
    # Hugues: CA 16 ascending = 3 descending; the goblins' CA 7 stays 7
    assert labels["hugues"] == "CA 3" and labels["gob1"] == "CA 7"
    assert any(t.size.value == "large" for t in enc.tokens)
