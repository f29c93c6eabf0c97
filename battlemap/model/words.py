"""Messages in English and in French from one template: the mechanism every layer's words use
(geometry/words.py for the rulings, engine/words.py for the engine's refusals and errors,
io/words.py for the loaders' errors). It sits at the bottom so the file loaders use it
without importing geometry.

A layer's template table maps a message id to its "en" and "fr" templates and is registered
here once (`register`); `Said.of(key, **params)` fills both languages from the same
parameters, so they can never say different things. English stays the canonical text (tests
and the CLI read it); a `Said` is that English string carrying its French twin in `.fr`, so
functions that returned a str still do."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

Templates = dict[str, dict[str, str]]

_TABLES: dict[str, Templates] = {}  # message id → the table that holds it


# The interface's French for its English words (the options' labels, the dock's words…),
# read by the UI's translator and by the engine's log lines that quote those words.
FR_FILE = Path(__file__).resolve().parents[2] / "assets" / "i18n" / "fr.json"


@cache
def interface_french() -> dict[str, str]:
    """English → French of the interface's words. A missing or broken file means English."""
    try:
        data = json.loads(FR_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str) and not k.startswith("_")}


def register(table: Templates) -> Templates:
    """Make a layer's templates known to `Said.of`; ids are unique across the layers."""
    for key in table:
        owner = _TABLES.setdefault(key, table)
        if owner is not table:
            raise ValueError(f"the message id '{key}' is defined twice")
    return table


def registered() -> dict[str, Templates]:
    """Every registered message id with its table (the tests walk them)."""
    return dict(_TABLES)


def number(value: float, lang: str) -> str:
    """A measure as the reader writes it: 4.5 in English, 4,5 in French."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


def french(text: str) -> str:
    """The French of a `Said` (any other string is returned unchanged)."""
    return getattr(text, "fr", text)


_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæ")


def de(name: str) -> str:
    """« de » before a name, elided before a vowel: « Tour d'Aude », « Tour de Hugues » (an
    initial h is left alone: most French names take « de » before it)."""
    return f"d'{name}" if name[:1].lower() in _VOWELS else f"de {name}"


class _Name(str):
    """A text parameter that a French template may write « {a:de} »: « d'Aude »."""

    def __format__(self, spec: str) -> str:
        return de(str(self)) if spec == "de" else super().__format__(spec)


def render(table: Templates, key: str, lang: str, **params: Any) -> str:
    """The message `key` of a template table in `lang`: float parameters written the reader's
    way, a `Said` parameter in its French for the French; a French template may write a text
    parameter « {name:de} » (`de`)."""
    shown = {k: number(v, lang) if isinstance(v, float)
             else (_Name(french(v) if lang == "fr" else v) if isinstance(v, str) else v)
             for k, v in params.items()}
    return table[key][lang].format(**shown)


class Said(str):
    """An English message that also carries its French rendering in `.fr`."""

    fr: str

    def __new__(cls, en: str, fr: str | None = None) -> Said:
        # `fr` has a default so copy and pickle (which pass the str value only, then
        # restore `.fr` from the instance dict) work.
        obj = super().__new__(cls, en)
        obj.fr = en if fr is None else fr
        return obj

    @classmethod
    def of(cls, key: str, **params: Any) -> Said:
        """The registered message `key` in both languages."""
        table = _TABLES[key]
        return cls(render(table, key, "en", **params), render(table, key, "fr", **params))



class SaidError(Exception):
    """An error whose message is one sentence in both languages: built from a `Said`, it
    carries the French in `reason_fr`; `problem` is the pydantic error whose English message
    the sentence quotes, for the UI to say in French (`i18n.refusal`)."""

    def __init__(self, reason: str = "", reason_fr: str = "",
                 problem: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = str(reason)
        self.reason_fr = reason_fr or getattr(reason, "fr", str(reason))
        self.problem = problem

# The model's own validators: why a token, wall or template cannot be (`Encounter._placement`
# and the field checks). The engine quotes them when a command would break them ("Not
# allowed: …"), a file's error when it holds them; the UI says them in French.
MODEL_TEMPLATES = register({
    "placement.twice": {"en": "tokens[{i}]: id '{id}' is used twice",
                        "fr": "tokens[{i}] : l'identifiant « {id} » sert deux fois"},
    "placement.off_grid": {"en": "tokens[{i}] ('{id}') stands off the {cols}x{rows} grid",
                           "fr": "tokens[{i}] (« {id} ») sort de la grille de {cols} × {rows}"},
    "placement.overlap": {"en": "tokens[{i}] ('{id}') overlaps '{other}', which {system} does "
                                "not allow",
                          "fr": "tokens[{i}] (« {id} ») chevauche « {other} », ce que {system} "
                                "ne permet pas"},
    "placement.non_finite": {"en": "walls[{i}] has a non-finite point",
                             "fr": "walls[{i}] a un point non fini"},
    "placement.rides": {"en": "templates[{i}] ('{id}') rides the token '{token}', which is not "
                              "on the map",
                        "fr": "templates[{i}] (« {id} ») suit le pion « {token} », qui n'est pas "
                              "sur la carte"},
    "model.half_square": {"en": "must be a whole or half square number",
                          "fr": "doit être un nombre entier ou demi-entier de cases"},
    "model.whole_squares": {"en": "a {size} token must stand on whole squares",
                            "fr": "un pion de taille {size} doit occuper des cases entières"},
    # sizes as the French interface names them ("Taille : grande")
    "size.tiny": {"en": "tiny", "fr": "très petite"},
    "size.small": {"en": "small", "fr": "petite"},
    "size.medium": {"en": "medium", "fr": "moyenne"},
    "size.large": {"en": "large", "fr": "grande"},
    "size.huge": {"en": "huge", "fr": "très grande"},
    "size.gargantuan": {"en": "gargantuan", "fr": "gigantesque"},
    "model.wall_points": {"en": "a wall needs two distinct points",
                          "fr": "un mur demande deux points distincts"},
    "model.area_origin": {"en": "an area needs an origin point or a token",
                          "fr": "une zone demande un point d'origine ou un pion"},
})
