"""Ability, Strength, size and attack-rate tables of the 2bis text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from battlemap.model import Size
from battlemap.rules.adnd2bis.tables import (
    StrengthError,
    adnd_bonus,
    attack_rate,
    attacks_this_round,
    parse_strength,
    size_modifier,
    skill_bonus,
    strength_combat,
)


# 001, "Bonus de type Skills selon abilité"
@pytest.mark.parametrize(("score", "bonus"), [
    (3, -5), (4, -4), (7, -1), (8, 0), (11, 0), (12, 1), (14, 1), (15, 2), (18, 5), (21, 8),
    (22, 8), (23, 9), (24, 9), (25, 10)])
def test_skill_bonus(score: int, bonus: int) -> None:
    assert skill_bonus(score) == bonus


# 001, "Bonus AD&D selon abilité (sauf Force > 15 en combat)"
@pytest.mark.parametrize(("score", "bonus"), [
    (3, -4), (4, -3), (6, -1), (7, 0), (14, 0), (15, 1), (16, 2), (18, 4), (22, 8), (23, 9),
    (25, 10)])
def test_adnd_bonus(score: int, bonus: int) -> None:
    assert adnd_bonus(score) == bonus


# 001, "Bonus AD&D selon la Force au combat": every row, 18/xx parsed from text
@pytest.mark.parametrize(("strength", "hit", "dmg"), [
    ("16", 0, 1), ("17", 1, 1), ("18", 1, 2), ("18/01", 1, 3), ("18/50", 1, 3), ("18/51", 2, 3),
    ("18/75", 2, 3), ("18/76", 2, 4), ("18/90", 2, 4), ("18/91", 2, 5), ("18/99", 2, 5),
    ("18/00", 3, 6), ("19", 3, 7), ("20", 3, 8), ("21", 4, 9), ("22", 4, 10), ("23", 5, 11),
    ("24", 6, 12), ("25", 7, 14), ("10", 0, 0), ("5", -2, -2)])
def test_strength_combat(strength: str, hit: int, dmg: int) -> None:
    assert strength_combat(strength) == (hit, dmg)


def test_strength_parse() -> None:
    assert parse_strength("18/76") == (18, 76)
    assert parse_strength("18/00") == (18, 100)
    assert parse_strength(17) == (17, None)
    with pytest.raises(StrengthError):
        parse_strength("17/50")  # only an 18 is exceptional
    with pytest.raises(StrengthError):
        parse_strength("dix-huit")


# 001, "Différentiel de taille": the two tables disagree from Large on
def test_size_tables() -> None:
    assert [size_modifier(s, "first") for s in Size] == [2, 1, 0, -2, -4, -6]
    assert [size_modifier(s, "second") for s in Size] == [2, 1, 0, -1, -2, -4]


# 001, "Table du nombre d'attaques par round"
@pytest.mark.parametrize(("group", "level", "rate"), [
    ("fighter", 6, Fraction(1)), ("fighter", 7, Fraction(3, 2)), ("thief", 13, Fraction(2)),
    ("monk", 18, Fraction(3)), ("other", 8, Fraction(1)), ("other", 9, Fraction(3, 2)),
    ("other", 16, Fraction(2)), ("other", 22, Fraction(2)), ("other", 23, Fraction(3))])
def test_attack_rate(group: str, level: int, rate: Fraction) -> None:
    assert attack_rate(group, level) == rate


def test_three_halves_alternate_rounds() -> None:
    # 3/2 = one attack on odd rounds, two on even rounds
    assert [attacks_this_round(Fraction(3, 2), r) for r in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert [attacks_this_round(Fraction(2), r) for r in (1, 2)] == [2, 2]
