"""How a system spells its words for the catalogues: from its tables of (English, seed's
French) pairs, the keys `<prefix>.condition.<id>`, `<prefix>.move_kind.<kind>`,
`<prefix>.manoeuvre.<name>`, `<prefix>.term.<concept>`, `<prefix>.modifier.<id>` (the names
of its modifiers and target numbers), `<prefix>.damage.<id>` (what its damage rules say of
a blow), `<prefix>.note.<id>` (its rulings' sentences: notes, effects, roll labels, why a
modifier is dropped) and `<prefix>.effect.<condition>.<n>` (what each condition does, in
words) in both languages, beside the system's own entries
(`rules/<system>/words.py`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from battlemap.text import Message

Pairs = Mapping[str, tuple[str, str]]

# The six abilities by their short ids: (English, French), as every system's text names them;
# a system's modifiers name them `<prefix>.modifier.ability_<id>`.
ABILITY_NAMES: Pairs = {
    "str": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"),
    "con": ("Constitution", "Constitution"), "int": ("Intelligence", "Intelligence"),
    "wis": ("Wisdom", "Sagesse"), "cha": ("Charisma", "Charisme"),
}


def spelled(prefix: str, *, conditions: Pairs | None = None, move_kinds: Pairs | None = None,
            manoeuvres: Mapping[str, str] | None = None, terms: Pairs | None = None,
            modifiers: Pairs | None = None, damage: Pairs | None = None,
            notes: Pairs | None = None,
            effects: Mapping[str, Sequence[tuple[str, str]]] | None = None,
            en: Mapping[str, str] | None = None,
            fr: Mapping[str, str] | None = None) -> dict[str, dict[str, str]]:
    """The system's words by language: its own entries, then its tables' keys. A manoeuvre's
    English is its id in words ("bull_rush" → "bull rush"), its French the seed's name."""
    out = {"en": dict(en or {}), "fr": dict(fr or {})}
    for kind, table in (("condition", conditions), ("move_kind", move_kinds), ("term", terms),
                          ("modifier", modifiers), ("damage", damage), ("note", notes)):
        for key, (english, french) in (table or {}).items():
            out["en"][f"{prefix}.{kind}.{key}"] = english
            out["fr"][f"{prefix}.{kind}.{key}"] = french
    for cond, pairs in (effects or {}).items():  # a condition's effects, one key each
        for i, (english, french) in enumerate(pairs):
            out["en"][f"{prefix}.effect.{cond}.{i}"] = english
            out["fr"][f"{prefix}.effect.{cond}.{i}"] = french
    for key, french in (manoeuvres or {}).items():
        out["en"][f"{prefix}.manoeuvre.{key}"] = key.replace("_", " ")
        out["fr"][f"{prefix}.manoeuvre.{key}"] = french
    return out


def seed_words(conditions: Pairs) -> Callable[[str], str]:
    """`seed_word(condition)`: a condition as the seed's own text names it (the rules'
    modifiers and notes quote the seed, which is written in French); an unknown id as it is."""

    def seed_word(condition: str) -> str:
        return conditions[condition][1] if condition in conditions else condition

    return seed_word


def namer(prefix: str, kind: str = "modifier") -> Callable[..., Message]:
    """`named(id, **params)`: the message naming one of the system's modifiers or target
    numbers (`<prefix>.modifier.<id>`), English the official rule's term, French the seed's;
    with `kind="note"`, one of its rulings' sentences (`<prefix>.note.<id>`)."""

    def named(key: str, /, **params: Any) -> Message:
        return Message.of(f"{prefix}.{kind}.{key}", **params)

    return named


def teller(prefix: str) -> Callable[..., Message]:
    """`told(id, **params)`: the message of what the system's damage rules say of a blow
    (`<prefix>.damage.<id>`): a critical's dice, a resistance met, temporary hit points."""
    return namer(prefix, "damage")


def effects_of(prefix: str, effects: Mapping[str, Sequence[tuple[str, str]]]
               ) -> Callable[[str], list[Message]]:
    """`condition_effects(condition)`: what the condition does, one message per effect
    (`<prefix>.effect.<condition>.<n>`); none for a condition the table lacks."""

    def condition_effects(condition: str) -> list[Message]:
        return [Message.of(f"{prefix}.effect.{condition}.{i}")
                for i in range(len(effects.get(condition, ())))]

    return condition_effects
