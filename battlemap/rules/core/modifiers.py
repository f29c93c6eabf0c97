"""Modifiers with a name, a type and a source, and the stacking rules that keep or drop them."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel

from battlemap.text import LANGUAGES, Message, Text, words


class Modifier(BaseModel):
    """One number that changes a roll or a target number, with where it comes from.

    `source` cites the seed's section (`seed_citation`: '000_d623f1b22a06cede.txt,
    "Modificateurs de situation"' in English, « Brèche (D&D 3.5) — Modificateurs de
    situation » in French) or the official rule it encodes."""

    name: Text  # a message (the system's words: `rules/<system>/words.py`) or the GM's label
    value: int
    type: str = "untyped"  # 3.5 bonus type: armour, dodge, size, circumstance, morale…
    source: Text = ""  # a message (a seed citation) or the rule's own words
    applies_to: str = "attack"  # attack, ac, save, damage, initiative, check, speed


class DroppedModifier(Modifier):
    """A modifier that does not count here, and why: a message (the rule that cancels it,
    with its source) or the rule's own words."""

    why: Text


class Stacking(StrEnum):
    ALL = "all"  # everything adds (2024, B/X, 2bis)
    TYPED_35 = "typed_35"  # 3.5: same-type bonuses keep the best; dodge, untyped, circumstance
    # of different sources and all penalties add (000 "Bonus de même type")


# 3.5 bonus types that always stack with themselves.
_STACKING_TYPES = {"dodge", "untyped", "circumstance_distinct"}


def _named(m: Modifier) -> set[str]:
    return {words(m.name, lang) for lang in LANGUAGES}


class Stack(BaseModel):
    applied: list[Modifier]
    dropped: list[DroppedModifier]

    @property
    def total(self) -> int:
        return sum(m.value for m in self.applied)


def stack(mods: Iterable[Modifier], policy: Stacking = Stacking.ALL,
          disabled: Iterable[str] = ()) -> Stack:
    """Apply `policy`; modifiers whose name the GM switched off are dropped with that reason
    (a name in any language: the panel gives the English, an older file its French)."""
    off = set(disabled)
    applied: list[Modifier] = []
    dropped: list[DroppedModifier] = []
    best: dict[tuple[str, str], Modifier] = {}
    for m in mods:
        if off and _named(m) & off:
            dropped.append(DroppedModifier(**m.model_dump(), why="switched off by the GM"))
            continue
        if m.value == 0:
            continue
        if policy is Stacking.ALL or m.value < 0 or m.type in _STACKING_TYPES:
            applied.append(m)
            continue
        key = (m.type, m.applies_to)
        cur = best.get(key)
        if cur is None:
            best[key] = m
            applied.append(m)
        elif m.value > cur.value:
            applied.remove(cur)
            applied.append(m)
            best[key] = m
            dropped.append(DroppedModifier(**cur.model_dump(), why=_no_stack(m)))
        else:
            dropped.append(DroppedModifier(**m.model_dump(), why=_no_stack(cur)))
    return Stack(applied=applied, dropped=dropped)


def _no_stack(higher: Modifier) -> Message:
    """Why a bonus of the same type as `higher` does not count (000 "Bonus de même type")."""
    kind = Message.or_text(f"bonus_type.{higher.type}", higher.type)
    return Message.of("modifier.no_stack", type=kind, name=higher.name)


class Advantage(BaseModel):
    """Advantage and disadvantage with their sources: they never stack, and one of each
    cancels (003 "Avantage"; 001 first bullet)."""

    advantage: list[Text] = []  # messages: each source in the reader's language
    disadvantage: list[Text] = []

    @property
    def mode(self) -> str:
        if self.advantage and self.disadvantage:
            return "normal"
        if self.advantage:
            return "advantage"
        if self.disadvantage:
            return "disadvantage"
        return "normal"

    def explain(self) -> str:
        """Why, with each source (the sources are the seeds' own words): "advantage: …",
        "… cancel", a message; "" when neither."""
        adv, dis = list(self.advantage), list(self.disadvantage)
        if adv and dis:
            return Message.of("advantage.cancel", adv=adv, dis=dis)
        if adv:
            return Message.of("advantage.some", adv=adv)
        return Message.of("disadvantage.some", dis=dis) if dis else ""
