"""A message: a key of the catalogues with its parameters, whose value is its English.

English is the canonical text: the CLI's JSON, the exceptions and the tests read a message as
the `str` it is, so a function that returned a str still does. The other languages are
rendered from the same key and parameters when a reader asks (`words`), so no layer below the
interface ever builds them and the languages cannot say different things."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from battlemap.text import catalogue

_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæ")


def de(name: str) -> str:
    """« de » before a name, elided before a vowel: « Tour d'Aude », « Tour de Hugues » (an
    initial h is left alone: most French names take « de » before it)."""
    return f"d'{name}" if name[:1].lower() in _VOWELS else f"de {name}"


def number(value: float, lang: str) -> str:
    """A measure as the reader writes it: 4.5 in English, 4,5 in French."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


class _Name(str):
    """A text parameter that a template may write « {a:de} »: « d'Aude »."""

    def __format__(self, spec: str) -> str:
        if spec == "de":
            return de(str(self))
        if spec == "decimal":  # a number already written for English: « 12,5 »
            return str(self).replace(".", ",")
        if spec == "cap":  # at the head of a sentence: « Porte (1,2)–(1,3) ouverte »
            return str(self).capitalize()
        if spec == "low":  # a label inside a sentence: « est pris au dépourvu »
            return str(self)[:1].lower() + str(self)[1:]
        if spec == "silent":  # a parameter this language leaves out: English cites a seed by
            return ""  # its file name, French by its system's name (« source.seed »)
        return super().__format__(spec)


class _Items(list[str]):
    """A list parameter: a template writes « {names:, } », the spec being the separator
    (none: end to end), so each language joins its lists its own way (« ; » / « ; »)."""

    def __format__(self, spec: str) -> str:
        return spec.join(self)


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return _Name(words(value, lang))
    if isinstance(value, str):
        return _Name(value)
    if isinstance(value, float):
        return number(value, lang)
    if isinstance(value, list):  # a tuple is one value: « (4, 1) »
        return _Items(str(_shown(v, lang)) for v in value)
    if isinstance(value, Mapping):  # a text given in each language (an old file's log line)
        return _shown(value.get(lang, value.get("en", "")), lang)
    return value


def _render(key: str, params: Mapping[str, Any], lang: str) -> str:
    template = catalogue.template(key, lang)
    if key == "text.term":  # a word of the interface's own dictionary (catalogue.add_terms)
        return catalogue.term(str(params.get("text", "")), lang)
    return template.format(**{k: _shown(v, lang) for k, v in params.items()})


class Message(str):
    """The English rendering of a catalogue key, carrying the key and its parameters.

    Parameters may be numbers (floats written the reader's way), plain strings (a name a
    template elides with « {name:de} »), other messages (rendered in the same language),
    lists of them (joined by the template's separator), and mappings language → text (a text
    an old file kept in each language, said as it was)."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, params: Mapping[str, Any] | None = None) -> Message:
        given = dict(params or {})
        obj = super().__new__(cls, _render(key, given, "en"))
        obj.key = key
        obj.params = given
        return obj

    @classmethod
    def of(cls, key: str, /, **params: Any) -> Message:
        return cls(key, params)

    @classmethod
    def or_text(cls, key: str, text: str) -> str:
        """The message `key` when a catalogue (or a system's words) has it, else `text` as it
        is: a word the catalogues may not know (a system's own id, a rules note)."""
        from battlemap.text.catalogue import known

        return cls(key) if known(key) else text

    @classmethod
    def quoting(cls, english: str, key: str, /, **params: Any) -> Message:
        """A message whose English is another library's own sentence (pydantic's "Input
        should be…", which the CLI and the exceptions quote as it is), said in the other
        languages by `key`."""
        obj = str.__new__(cls, english)
        obj.key = key
        obj.params = dict(params)
        obj.english = english
        return obj

    english: str | None = None  # set by `quoting`: the English is not the catalogue's

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle rebuild the message from its key and parameters
        if self.english is not None:
            return (_requote, (self.english, self.key, dict(self.params)))
        return (Message, (self.key, dict(self.params)))

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {dict(self.params)!r})"


def _requote(english: str, key: str, params: dict[str, Any]) -> Message:
    return Message.quoting(english, key, **params)


def words(message: object, lang: str) -> str:
    """`message` in `lang`: a `Message` from that language's catalogue with the same
    parameters; any other text as it is."""
    if not isinstance(message, Message):
        return str(message)
    if lang == "en":
        return str.__str__(message)
    return _render(message.key, message.params, lang)


def pick(*keys: str) -> str:
    """The first of `keys` a catalogue defines: a system's own key, then the common one."""
    from battlemap.text.catalogue import known

    return next((k for k in keys if known(k)), keys[-1])


class MessageError(Exception):
    """An error whose one sentence is a message: `reason` keeps it whole, for the interface
    to say in its language; `problem` is the pydantic error the sentence quotes, if any."""

    def __init__(self, reason: str = "", problem: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.problem = problem


def joined(parts: Sequence[str], key: str = "text.cat") -> Message:
    """Messages (or plain text) put together by a catalogue's joining template: end to end
    (`text.cat`), or « ; » (`text.semicolons`)…"""
    return Message.of(key, parts=list(parts))
