"""pmt AC is shown in the encounter's form everywhere (RULES.md §4 pmt; 004 "CA descendante":
descending AC = 19 − ascending, the B/X conversion consistent with the seed's two examples)."""

from __future__ import annotations

from battlemap.rules.core.system import get_system
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.text import words


def test_ascending_form_is_the_default():
    pmt = get_system("pmt")
    assert words(pmt.ac_display(PmtStats(ac=16), PmtOptions()), "fr") == "CA 16 (ascendante)"


def test_descending_form_converts_and_says_so():
    pmt = get_system("pmt")
    opts = PmtOptions(ac_form="descending")
    assert words(pmt.ac_display(PmtStats(ac=16), opts), "fr") == "CA 3 (descendante)"
    assert pmt.ac_display(PmtStats(ac=16), opts) == "AC 3 (descending)"
    # A stat block written in descending AC reads the same in a descending encounter.
    assert words(pmt.ac_display(PmtStats(ac=3, ac_form="descending"), opts), "fr") == "CA 3 (descendante)"


def test_other_systems_show_their_plain_ac():
    dnd = get_system("dnd2024")
    assert words(dnd.ac_display(dnd.stats_model(ac=15), None), "fr") == "CA 15"
    assert dnd.ac_display(dnd.stats_model(ac=15), None) == "AC 15"
