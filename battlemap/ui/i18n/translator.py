"""FR/EN translation for the interface: a tiny dictionary translator, and the one place the
core's messages are said in the interface's language (`say`).

Keys are the English text; the French lives beside this module (`fr.json`, read with
importlib.resources: a missing file is an error, not an English interface). The language follows the
system locale until the GM picks one in the menu. `term(concept, system)` gives the word each
system's own French text uses (RULES.md §5), since the French UI speaks like the book at hand."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from battlemap.text import Message, catalogue, words

LANGUAGES = ("fr", "en")


def detect_language() -> str:
    """French if the system locale is French, else English (checked in POSIX order)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


_LANG = detect_language()


@cache
def french() -> dict[str, str]:
    """English → French of the interface's words (the options' labels, the dock's words…)."""
    raw = resources.files("battlemap.ui.i18n").joinpath("fr.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    return {k: v for k, v in data.items() if isinstance(v, str) and not k.startswith("_")}


# The catalogues say a word the interface shows (`text.term`: an option's label in the log)
# with this dictionary.
catalogue.add_terms("fr", french)


def tr(text: str) -> str:
    if _LANG == "fr":
        return french().get(text, text)
    return text


class _Measure(float):
    """A number that a format string ("{m:g}") writes the reader's way: 1,5 in French."""

    def __format__(self, spec: str) -> str:
        text = super().__format__(spec or "g")  # "{cols}" of an int still reads 20
        return text.replace(".", ",") if _LANG == "fr" else text


def measure(value: float) -> str:
    """A distance's number as the reader writes it ("4,5" in French, "4.5" in English), as
    the rulings do (geometry.words.number)."""
    return format(_Measure(value), "g")


# Digits with at most one separator, comma or point; no thousands separators.
NUMBER = re.compile(r"[+-]?\d*(?:[.,]\d*)?")


def number_text(value: float, places: int = 2) -> str:
    """`value` rounded to `places` decimals, without trailing zeros (« 7 », not « 7.0 »),
    with the interface's decimal separator."""
    text = f"{value:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", ",") if language() == "fr" else text


def parse_number(text: str) -> float | None:
    """The number in `text` (comma or point), or None when it is not one."""
    t = text.strip().replace("\u00a0", "").replace(" ", "")
    if NUMBER.fullmatch(t) is None or not any(c.isdigit() for c in t):
        return None
    return float(t.replace(",", "."))


def trf(text: str, **params: Any) -> str:
    """`tr(text).format(**params)` with the numbers written the reader's way."""
    return tr(text).format(**{k: _Measure(v) if isinstance(v, int | float)
                              and not isinstance(v, bool) else v for k, v in params.items()})


def labelled(label: str, text: str) -> str:
    """"Label: text", with the space French puts before a colon (« Couverture : partielle »)."""
    return f"{label} : {text}" if _LANG == "fr" else f"{label}: {text}"


def set_language(lang: str) -> None:
    global _LANG
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    _LANG = lang


def language() -> str:
    return _LANG


# RULES.md §5: the French word each system's own text uses; English uses the usual D&D term.
_TERMS_EN = {
    "cover": "cover", "flanking": "flanking", "reach": "reach",
    "opportunity_attack": "opportunity attack", "five_foot_step": "5-foot step",
    "armour_class": "AC", "thac0": "THAC0", "gm": "GM", "advantage": "advantage",
    "disadvantage": "disadvantage", "prone": "prone", "bloodied": "bloodied",
    "difficulty_class": "DC", "hit_points": "HP", "initiative": "Initiative",
}
# The French words where a system's text says otherwise are the system's ("<id>.term.<concept>").
_TERMS_FR_COMMON = {
    "reach": "allonge", "opportunity_attack": "attaque d'opportunité", "armour_class": "CA",
    "thac0": "TAC0", "gm": "MJ", "advantage": "avantage", "disadvantage": "désavantage",
    "prone": "à terre", "bloodied": "en péril", "difficulty_class": "DD", "cover": "couverture",
    "flanking": "prise en tenaille", "five_foot_step": "pas de placement",
    "hit_points": "PV", "initiative": "Initiative",
}


def term(concept: str, system: str) -> str:
    """The word for a rules concept in the current language and the encounter's system."""
    if _LANG != "fr":
        return _TERMS_EN.get(concept, concept)
    return _system_term(concept, system) or _TERMS_FR_COMMON.get(concept, concept)


def _system_term(concept: str, system: str) -> str:
    """The system's own word for the concept in the interface's language, or ""."""
    from battlemap.rules.core.system import UnknownSystem, declare_words, get_system

    try:
        declare_words(get_system(system))
    except UnknownSystem:
        return ""
    return say(Message.or_text(f"{system}.term.{concept}", ""))


def say(text: object) -> str:
    """A message (battlemap/text) in the interface's language; any other text as it is."""
    return words(text, _LANG)


def refusal(err: Exception) -> str:
    """The one sentence of an error the GUI shows, in the interface's language: the engine's
    and the loaders' errors carry it as their `reason`; a rules error was raised with a
    message (a forced die, an attack choice, a dice notation); any other keeps its text."""
    reason = getattr(err, "reason", None)
    if isinstance(reason, str) and reason:
        return say(reason)
    if err.args and isinstance(err.args[0], str):
        return say(err.args[0])
    return str(err)


def validation_message(error: Mapping[str, Any]) -> str:
    """What is wrong with one field, from one of pydantic's `ValidationError.errors()`, in the
    interface's language ("must be 40 or less", "doit valoir 40 au plus"), without the
    field: pydantic's English in English, the catalogue's words for the common kinds."""
    from battlemap.io.errors import problem_message

    if _LANG == "en":
        return str(error.get("msg", ""))
    return say(problem_message(error))


class LazyWhy(Mapping[tuple[int, int], str]):
    """Square → why, rendered only for the square the mouse hovers (areas have many): `one`
    gives the model of one square (None if not in the area), `squares` are the keys."""

    def __init__(self, one: Callable[[tuple[int, int]], Any], squares: Collection[tuple[int, int]]
                 ) -> None:
        self._one = one
        self._squares = squares

    def __getitem__(self, key: tuple[int, int]) -> str:
        found = self._one(key) if key in self._squares else None
        if found is None:
            raise KeyError(key)
        return say(found.why)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self._squares)

    def __len__(self) -> int:
        return len(self._squares)
