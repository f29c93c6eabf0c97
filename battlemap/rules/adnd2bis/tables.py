"""The ability, size, cover and attack-rate tables of the 2bis text, and Strength "18/xx"."""

from __future__ import annotations

import re
from bisect import bisect_right
from fractions import Fraction

from battlemap.model import Size
from battlemap.rules.core.citation import seed_citation
from battlemap.text import Message

SEED = "001_dd346e63a171f715.txt"
NAME = "AD&D 2bis"  # the system's name, which its French citations give


def src(section: str) -> Message:
    """A modifier's source: the seed file and the section it comes from, in the system's name."""
    return seed_citation(SEED, NAME, section)


# "Bonus de type Skills selon abilité": the score at which each bonus starts.
_SKILL_FROM = [4, 5, 6, 7, 8, 12, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25]
_SKILL_VAL = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10]
# "Bonus AD&D selon abilité (sauf Force > 15 en combat)".
_ADND_FROM = [4, 5, 6, 7, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25]
_ADND_VAL = [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def skill_bonus(score: int) -> int:
    """Bonus for checks (Str, Dex, Con… checks, skills)."""
    return _SKILL_VAL[bisect_right(_SKILL_FROM, score)]


def adnd_bonus(score: int) -> int:
    """AD&D bonus (Dex to AC, Con to hp…)."""
    return _ADND_VAL[bisect_right(_ADND_FROM, score)]


# "Bonus AD&D selon la Force au combat": (to hit, damage). Scores below 16: no bonus in the
# table; we use the AD&D bonus for weak scores (table above) as a malus to both.
_STR_COMBAT: dict[str, tuple[int, int]] = {
    "16": (0, 1), "17": (1, 1), "18": (1, 2),
    "18/01-50": (1, 3), "18/51-75": (2, 3), "18/76-90": (2, 4), "18/91-99": (2, 5), "18/00": (3, 6),
    "19": (3, 7), "20": (3, 8), "21": (4, 9), "22": (4, 10), "23": (5, 11), "24": (6, 12),
    "25": (7, 14),
}

_STR_RE = re.compile(r"^\s*(\d{1,2})(?:\s*/\s*(\d{2}))?\s*$")


class StrengthError(ValueError):
    pass


def parse_strength(value: str | int) -> tuple[int, int | None]:
    """'18/76' → (18, 76); '18/00' → (18, 100); '17' → (17, None). Exceptional Strength
    (18/xx) exists only on an 18."""
    m = _STR_RE.match(str(value))
    if not m:
        raise StrengthError(f"'{value}' is not a Strength score (write 17 or 18/76)")
    score = int(m.group(1))
    if not 1 <= score <= 25:
        raise StrengthError(f"Strength {score} is outside 1–25")
    if m.group(2) is None:
        return score, None
    if score != 18:
        raise StrengthError(f"only an 18 has exceptional Strength, not '{value}'")
    pct = int(m.group(2))
    return 18, 100 if pct == 0 else pct


def strength_row(value: str | int) -> str:
    score, pct = parse_strength(value)
    if pct is None:
        return str(score)
    if pct <= 50:
        return "18/01-50"
    if pct <= 75:
        return "18/51-75"
    if pct <= 90:
        return "18/76-90"
    if pct <= 99:
        return "18/91-99"
    return "18/00"


def strength_combat(value: str | int) -> tuple[int, int]:
    """(to-hit, damage) from Strength, e.g. '18/76' → (2, 4)."""
    row = strength_row(value)
    if row in _STR_COMBAT:
        return _STR_COMBAT[row]
    score, _ = parse_strength(value)
    weak = min(adnd_bonus(score), 0)  # 15 and below: the general AD&D table (≤ 0)
    return weak, weak


# "Différentiel de taille": two tables in the text; the second is the default (docs/rules/README.md#rules-core-by-system).
SIZE_TABLE_FIRST = {Size.TINY: 2, Size.SMALL: 1, Size.MEDIUM: 0, Size.LARGE: -2, Size.HUGE: -4,
                    Size.GARGANTUAN: -6}
SIZE_TABLE_SECOND = {Size.TINY: 2, Size.SMALL: 1, Size.MEDIUM: 0, Size.LARGE: -1, Size.HUGE: -2,
                     Size.GARGANTUAN: -4}


def size_modifier(size: Size, table: str) -> int:
    return (SIZE_TABLE_FIRST if table == "first" else SIZE_TABLE_SECOND)[size]


# "Modificateurs de Couverture": AC bonus per level; 90% also gives disadvantage.
COVER_AC = {"25": 1, "50": 2, "75": 4, "90": 5}
INVISIBLE_AC = 2
INVISIBLE_MISS = 50

# "Table du nombre d'attaques par round": level from which each rate applies.
_RATE_LEVELS = {
    "martial": [(18, Fraction(3)), (13, Fraction(2)), (7, Fraction(3, 2)), (1, Fraction(1))],
    "other": [(23, Fraction(3)), (16, Fraction(2)), (9, Fraction(3, 2)), (1, Fraction(1))],
}
MARTIAL_CLASSES = {"fighter", "thief", "monk"}


def attack_rate(class_group: str, level: int) -> Fraction:
    """Attacks per round for a class at a level (FTR, THF, MNK vs other classes)."""
    col = "martial" if class_group in MARTIAL_CLASSES else "other"
    for lvl, rate in _RATE_LEVELS[col]:
        if level >= lvl:
            return rate
    return Fraction(1)


def parse_rate(text: str) -> Fraction:
    """'3/2' → 3/2, '2' → 2."""
    try:
        rate = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"'{text}' is not an attack rate (write 1, 3/2, 2…)") from None
    if rate <= 0 or rate > 10:
        raise ValueError(f"attack rate {text} is outside 0–10")
    return rate


def attacks_this_round(rate: Fraction, round_number: int) -> int:
    """A half attack becomes a whole one on even rounds (3/2 = 1 then 2)."""
    whole = int(rate)
    if rate - whole >= Fraction(1, 2) and round_number % 2 == 0:
        whole += 1
    return max(whole, 1)
