"""The rules' texts as a reader sees them: `fr(x)` is a message (or a list, tuple or dict of
them) in French, the seed's words the tests quote; `en(x)` the same in English."""

from __future__ import annotations

from typing import Any

from battlemap.text import words


def said(value: Any, lang: str) -> Any:
    if isinstance(value, str):
        return words(value, lang)
    if isinstance(value, list):
        return [said(v, lang) for v in value]
    if isinstance(value, tuple):
        return tuple(said(v, lang) for v in value)
    if isinstance(value, dict):
        return {k: said(v, lang) for k, v in value.items()}
    return value


def fr(value: Any) -> Any:
    return said(value, "fr")


def en(value: Any) -> Any:
    return said(value, "en")
