"""FR/EN translation for the interface: a tiny dictionary translator.

Keys are the English text; the French lives in `assets/i18n/fr.json`. The language follows the
system locale until the GM picks one in the menu. `term(concept, system)` gives the word each
system's own French text uses (RULES.md §5), since the French UI speaks like the book at hand."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from battlemap.model.words import interface_french

LANGUAGES = ("fr", "en")


def detect_language() -> str:
    """French if the system locale is French, else English (checked in POSIX order)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


_LANG = detect_language()


french = interface_french  # the dictionary the translator reads (tests list it)


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
# The French words where a system's text says otherwise are the system's (`terms_fr`).
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
    return _system_terms_fr(system).get(concept) or _TERMS_FR_COMMON.get(concept, concept)


def _system_terms_fr(system: str) -> Mapping[str, str]:
    from battlemap.rules.core.system import UnknownSystem, get_system

    try:
        return get_system(system).terms_fr
    except UnknownSystem:
        return {}


def ruling(obj: object, field: str) -> Any:
    """A ruling text that geometry or the engine wrote (`explanation`, `reason`, `why`…) in
    the current language: its `<field>_fr` twin when French and present, else the English."""
    if _LANG == "fr":
        fr = getattr(obj, field + "_fr", None)
        if fr:
            return fr
    return getattr(obj, field, "")


def spoken(text: str) -> str:
    """A two-language `Said` (model/words.py) in the current language; any str as it is."""
    return str(getattr(text, "fr", text)) if _LANG == "fr" else str(text)


def refusal(err: Exception) -> str:
    """The one sentence of an error the GUI shows, in the current language: the engine's
    (`EngineError`, `Refused`) and the loaders' (`LoadError`) carry their French in
    `reason_fr`; a pydantic message the sentence quotes (`problem`) is said in the model's
    own French or as the stats form says it; an exception raised with a `Said` gives its
    French; any other keeps its own text."""
    if not hasattr(err, "reason_fr"):
        # A rules error raised with a `Said` (a forced die, an attack choice), or a dice
        # notation fragment (a damage typed in a dialog); anything else as it is.
        text = str(err)
        if _LANG == "fr" and err.args:
            said = spoken(err.args[0]) if isinstance(err.args[0], str) else text
            return said if said != text else _notation(text) or text
        return text
    text = str(ruling(err, "reason") or err)
    problem = getattr(err, "problem", None)
    if _LANG == "fr" and problem:
        msg = str(problem.get("msg", ""))
        quoted = msg.removeprefix("Value error, ")  # as io.errors.first_problem quotes it
        said = _problem(problem)
        english = next((m for m in (msg, quoted) if m and m in text), "")
        if english and said not in (msg, quoted):
            text = text.replace(english, said, 1)
    return text


# The stats form validates with the system's pydantic model, whose messages are English. The
# common error types get a sentence of ours (English template, French in fr.json), the ctx's
# numbers filled in; the rare ones keep pydantic's English.
_VALIDATION = {
    "greater_than": "must be greater than {gt}",
    "greater_than_equal": "must be {ge} or more",
    "less_than": "must be less than {lt}",
    "less_than_equal": "must be {le} or less",
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "float_type": "must be a number",
    "bool_parsing": "must be yes or no",
    "bool_type": "must be yes or no",
    "missing": "is required",
    "string_type": "must be text",
    "string_too_short": "must have at least {min_length} characters",
    "string_too_long": "must have at most {max_length} characters",
    "too_short": "must have at least {min_length} entries",
    "too_long": "must have at most {max_length} entries",
}
# Dice notation errors (rules/core/notation.py) reach the form as "Value error, …" fragments.
_NOTATION = [
    (re.compile(r"weapon '(?P<name>.*?)': (?P<rest>.*)", re.S), "weapon '{name}': {rest}"),
    (re.compile(r"'(?P<expr>.*)' is not dice notation \(it ends too early\)", re.S),
     "'{expr}' is not dice notation (it ends too early)"),
    (re.compile(r"'(?P<expr>.*)' is not dice notation \('(?P<got>.*)' at character (?P<col>\d+)"
                r" is unexpected\)", re.S),
     "'{expr}' is not dice notation ('{got}' at character {col} is unexpected)"),
    (re.compile(r"'(?P<expr>.*)' rolls (?P<count>\d+) dice, over the limit of (?P<limit>\d+)",
                re.S), "'{expr}' rolls {count} dice, over the limit of {limit}"),
    (re.compile(r"'(?P<expr>.*)' has a d(?P<sides>\d+); a die has 1 to (?P<limit>\d+) sides",
                re.S), "'{expr}' has a d{sides}; a die has 1 to {limit} sides"),
    (re.compile(r"'(?P<expr>.*)' has two signs in a row \('(?P<signs>.*)'\)", re.S),
     "'{expr}' has two signs in a row ('{signs}')"),
    (re.compile(r"'(?P<expr>.*)' rolls too many dice \(over 1000 with rerolls and criticals\)",
                re.S), "'{expr}' rolls too many dice (over 1000 with rerolls and criticals)"),
    (re.compile(r"'(?P<expr>.*)' has no highest total \(its dice explode\)", re.S),
     "'{expr}' has no highest total (its dice explode)"),
    # d20's own reason stays as the dice library words it
    (re.compile(r"'(?P<expr>.*)' cannot be rolled \((?P<why>.*)\)", re.S),
     "'{expr}' cannot be rolled ({why})"),
]


def _notation(text: str) -> str | None:
    """A dice notation error's fragment in the current language; None if it is not one."""
    for pattern, template in _NOTATION:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        parts = m.groupdict()
        if "rest" in parts:
            rest = _notation(parts["rest"])
            if rest is None:
                return None
            parts["rest"] = rest
        return tr(template).format(**parts)  # the numbers are counts: written as they are
    return None


def _problem(error: Mapping[str, Any]) -> str:
    """A pydantic error in French: the model's own `Said` (its validators raise them), else
    as the stats form says it."""
    raised = (error.get("ctx") or {}).get("error")
    args = getattr(raised, "args", ())
    said = getattr(args[0], "fr", None) if args else None
    return str(said) if said else validation_message(error)


def validation_message(error: Mapping[str, Any]) -> str:
    """What is wrong with one field, from one of pydantic's `ValidationError.errors()`, in the
    current language ("must be 40 or less", "doit valoir 40 au plus"), without the field."""
    msg = str(error.get("msg", ""))
    if _LANG != "fr":
        return msg
    kind = str(error.get("type", ""))
    template = _VALIDATION.get(kind)
    ctx = error.get("ctx") or {}
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return tr("must not be empty")
    if template is not None:
        try:
            return trf(template, **ctx)
        except (KeyError, IndexError, ValueError):
            return msg
    if kind == "value_error":
        return _notation(msg.removeprefix("Value error, ")) or msg
    return msg


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
        return str(ruling(found, "why"))

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self._squares)

    def __len__(self) -> int:
        return len(self._squares)
