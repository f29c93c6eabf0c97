"""One catalogue per language (`en`, `fr`: key → template), plus the fragments each rules
system declares for its own words (`add`), whose keys are the system's.

A key has the same placeholders in every language (tests/text/test_catalogue.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module

LANGUAGES = ("en", "fr")

Fragment = Mapping[str, Mapping[str, str]]  # {lang: {key: template}}

_FRAGMENTS: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
_PENDING: list[Callable[[], Fragment]] = []  # fragments made only when a key is looked up


@cache
def base(lang: str) -> Mapping[str, str]:
    """The catalogue of `lang` as the text package ships it (`catalogue/<lang>.py`)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    table: Mapping[str, str] = import_module(f"battlemap.text.catalogue.{lang}").TEMPLATES
    return table


_TERMS: dict[str, Callable[[], Mapping[str, str]]] = {}


def add_terms(lang: str, terms: Callable[[], Mapping[str, str]]) -> None:
    """The interface's own dictionary (English word → its word in `lang`, read when first
    needed): a `text.term` message, which quotes a word the interface shows (an option's
    label in the log), says it so. Without one, the word reads in English."""
    _TERMS[lang] = terms


def term(text: str, lang: str) -> str:
    found = _TERMS.get(lang)
    return found().get(text, text) if found is not None else text


def add_later(make: Callable[[], Fragment]) -> None:
    """`add(make())` once some key is first looked up that the catalogues lack: a system's
    words are built from its tables, which loading an encounter need not build."""
    _PENDING.append(make)


def _resolve() -> bool:
    if not _PENDING:
        return False
    while _PENDING:
        add(_PENDING.pop(0)())
    return True


def add(fragment: Fragment, replacing: tuple[str, ...] = ()) -> None:
    """Make a system's own words known ({lang: {key: template}}). Its keys are its own: none
    may be a catalogue's; a system declared again (a test's toy system) brings its words anew,
    the keys starting with one of `replacing` it no longer has forgotten."""
    for lang in LANGUAGES:
        for key in [k for k in _FRAGMENTS[lang] if k.startswith(replacing)] if replacing else ():
            del _FRAGMENTS[lang][key]
    for lang in LANGUAGES:
        for key, template in fragment.get(lang, {}).items():
            if key in base(lang):
                raise ValueError(f"the message key '{key}' is the catalogue's, not a system's")
            _FRAGMENTS[lang][key] = template


def template(key: str, lang: str) -> str:
    found = base(lang).get(key)
    if found is None:
        found = _FRAGMENTS[lang].get(key)
    if found is None and _resolve():
        found = _FRAGMENTS[lang].get(key)
    if found is None:
        raise KeyError(f"no message '{key}' in the {lang} catalogue")
    return found


def fragments(lang: str) -> Mapping[str, str]:
    """The systems' words added so far, in `lang` (the tests walk them)."""
    _resolve()
    return dict(_FRAGMENTS[lang])


def known(key: str) -> bool:
    """Whether some catalogue (or a system's words) defines `key`."""
    if key in base("en") or key in _FRAGMENTS["en"]:
        return True
    return _resolve() and key in _FRAGMENTS["en"]
