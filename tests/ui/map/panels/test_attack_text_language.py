"""The attack panel's words in the interface's language only (issue 27, item 11): each demo's
fight (tests/helpers/languages.py) shown as the panel shows it, the situation, the outcome
and each manoeuvre, read in English and in French, its data left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.rules.core.combat import ManoeuvreResult
from battlemap.ui import i18n
from battlemap.ui.map.panels.attack_text import manoeuvre_text, outcome_text, situation_lines
from tests.helpers.languages import DEMOS, data_of, play, stray


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panel_says_only_the_interface_language(demo: Path, lang: str) -> None:
    s, results = play(demo, 2)
    cites, names = data_of(s, results)
    system = s.encounter.system
    party = [t.id for t in s.encounter.tokens if t.side == "party"]
    foes = [t.id for t in s.encounter.tokens if t.side != "party"]
    tokens = {t.id: t.name for t in s.encounter.tokens}
    i18n.set_language(lang)
    shown: list[str] = []
    for a, t in ((party[0], foes[-1]), (foes[-1], party[0])):
        shown += situation_lines(s.preview_attack(a, t), system)
    for r in results:
        if hasattr(r, "result") and hasattr(r.result, "attacks"):
            shown += outcome_text(r, tokens).split("\n")
        elif isinstance(r, ManoeuvreResult):
            shown += manoeuvre_text(r, tokens[foes[0]], s.system).split("\n")
    assert len(shown) > 20  # the fight was shown, attacks and manoeuvres alike
    found = sorted({x for x in shown if stray(lang, x, cites, names, system)})
    assert not found, f"{lang} panel lines with the other language's words:\n" + "\n".join(found)
