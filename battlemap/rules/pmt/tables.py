"""Shared numbers of Portes, Monstres & Trésors: the seed citation, AC/THAC0 conversions,
ability modifiers, dice sizes."""

from __future__ import annotations

from battlemap.rules.core.citation import seed_citation
from battlemap.rules.core.dice import DICE_TERM
from battlemap.text import Message

SEED = "004_49216c8abfe9f777.txt"
NAME = "Portes, Monstres & Trésors"  # the system's name, which its French citations give
# B/X convention the seed's two examples agree with: attack bonus +1 ↔ THAC0 18.
AC_PIVOT = 19


def src(section: str) -> Message:
    """A modifier's source: the seed file and the section it comes from, in the system's name."""
    return seed_citation(SEED, NAME, section)


def ascending_from_descending(ac: int) -> int:
    return AC_PIVOT - ac


def descending_from_ascending(ac: int) -> int:
    return AC_PIVOT - ac


def thac0_from_bonus(bonus: int) -> int:
    return AC_PIVOT - bonus


def ability_mod(score: int) -> int:
    """B/X ability modifiers (the seed names "mod. de FOR ou de DEX" without its table)."""
    if score <= 3:
        return -3
    if score <= 5:
        return -2
    if score <= 8:
        return -1
    if score <= 12:
        return 0
    if score <= 15:
        return 1
    if score <= 17:
        return 2
    return 3


def largest_die(expr: str) -> int:
    """'1d8+1' → 8, for the two-weapon dice limits."""
    sizes = [int(m.group(2)) for m in DICE_TERM.finditer(expr)]
    return max(sizes) if sizes else 0
