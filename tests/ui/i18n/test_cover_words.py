"""Cover levels in words: English D&D terms, and in French each system's own noun
(RULES.md §5: breche35 "couverture (partielle / totale)", adnd2bis "couverture 25 / 50 / 75 /
90 %", dnd2024 "abri (partiel / supérieur / total)", pmt "couvert")."""

import pytest

from battlemap.ui import i18n
from battlemap.ui.i18n.cover_words import cover_words


@pytest.mark.parametrize(("level", "system", "en", "fr"), [
    ("half", "dnd2024", "half cover", "abri partiel"),
    ("three_quarters", "dnd2024", "three-quarters cover", "abri supérieur"),
    ("partial", "breche35", "partial cover", "couverture partielle"),
    ("total", "breche35", "total cover", "couverture totale"),
    ("75", "adnd2bis", "75% cover", "couverture 75 %"),
    ("half", "pmt", "half cover", "couvert partiel"),
    # One word for one level: the panel read « couvert lourd — couvert important ».
    ("three_quarters", "pmt", "three-quarters cover", "couvert important"),
    ("none", "dnd2024", "no cover", "pas d'abri"),
])
def test_cover_words(level: str, system: str, en: str, fr: str) -> None:
    i18n.set_language("en")
    assert cover_words(level, system) == en
    i18n.set_language("fr")
    try:
        assert cover_words(level, system) == fr
    finally:
        i18n.set_language("en")
