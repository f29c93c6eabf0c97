"""No French in the English interface, no English in the French one (issue 27, item 11):
every demo's fight (tests/helpers/languages.py) read in both languages, its data left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.languages import DEMOS, ENGLISH, FRENCH, leaks, play


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_language_says_only_its_own_words(demo: Path, seed: int) -> None:
    s, results = play(demo, seed)
    found = leaks(s, results, s.encounter.system)
    assert not found["en"], "French in the English texts:\n" + "\n".join(sorted(found["en"]))
    assert not found["fr"], "English in the French texts:\n" + "\n".join(sorted(found["fr"]))


def test_the_checks_would_see_a_leak() -> None:
    # The detectors themselves: a French note in English and English in a French log line.
    assert FRENCH.search("cible au sol") and FRENCH.search("CA 14 « abri »")
    assert ENGLISH.search("Ogre : PV 30 → 20 (ok)") and ENGLISH.search("bloodied")
    assert not FRENCH.search("target prone (001_dd346e63a171f715.txt)")
    assert not ENGLISH.search("Ogre : PV 30 → 20 (debout)")


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_what_each_condition_does_reads_in_each_language(demo: Path) -> None:
    # The conditions' effects (000 "États", 001 "ETATS…", 003 glossary, 004): one message
    # each, its English free of French and its French of English (adnd2bis's "check", its own
    # word, aside).
    from battlemap.io import load_encounter
    from battlemap.rules.core.system import get_system
    from battlemap.text import Message, words

    system = get_system(load_encounter(demo).system)
    effects = [e for info in system.conditions().values() for e in info.effects]
    assert len(effects) >= 10 and all(isinstance(e, Message) for e in effects)
    assert not [e for e in effects if FRENCH.search(words(e, "en"))]
    assert not [words(e, "fr") for e in effects if ENGLISH.search(words(e, "fr"))]
