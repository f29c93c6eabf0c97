"""Counts agree with their noun in both languages (the CLI says "1 door", the window « 1 porte »)."""

import pytest

from battlemap.model.plural import counted


@pytest.mark.parametrize(("n", "text"), [(0, "0 doors"), (1, "1 door"), (2, "2 doors"),
                                         (1.5, "1.5 doors")])
def test_english_takes_the_singular_for_exactly_one(n: float, text: str) -> None:
    assert counted(n, "door") == text


@pytest.mark.parametrize(("n", "text"), [(0, "0 porte"), (1, "1 porte"), (1.5, "1,5 porte"),
                                         (2, "2 portes"), (12, "12 portes")])
def test_french_takes_the_singular_below_two(n: float, text: str) -> None:
    assert counted(n, "porte", lang="fr") == text


def test_an_irregular_plural_is_given() -> None:
    assert counted(3, "animal", "animaux", lang="fr") == "3 animaux"
    assert counted(1, "animal", "animaux", lang="fr") == "1 animal"
    assert counted(2, "foot", "feet") == "2 feet"
