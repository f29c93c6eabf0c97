"""Words the log and the engine's rulings use, as messages (battlemap/text: the templates are
in its catalogues). The engine's refusals and preview lines are messages whose value is the
English (tests and the CLI read it); the interface says them in its language."""

from __future__ import annotations

from typing import Any

from battlemap.engine.log_text import shape_word
from battlemap.text import Message


def said(key: str, /, **params: Any) -> Message:
    """An engine message: its key and parameters (a message parameter is said in the
    reader's language too)."""
    return Message.of(key, **params)


def system_word(system: Any, kind: str, name: str) -> str:
    """A word the system owns (`RuleSystem.words`: "<id>.<kind>.<name>"), or `name` as it is
    when the system has none for it."""
    from battlemap.rules.core.system import declare_words

    declare_words(system)
    key = f"{system.id}.{kind}.{name}"
    return Message.or_text(key, name)


def move_kind(system: Any, kind: str) -> str:
    """A move kind ("withdraw") as the encounter's system names it (003 "Disengage" /
    « se désengager », 000 "withdraw" / « retrait »)."""
    return system_word(system, "move_kind", kind)


def manoeuvre(system: Any, name: str) -> str:
    """A manoeuvre by the system's name for it (003 "grapple" / « empoignade »)."""
    found = system_word(system, "manoeuvre", name)
    return found if isinstance(found, Message) else name.replace("_", " ")


def condition_word(system: Any, name: str) -> str:
    """A condition by the system's label (its id if the system lacks it)."""
    return system_word(system, "condition", name)


def either(words: list[str]) -> Message:
    """"standard or move" / "standard ou move" (slot ids stay the system's own)."""
    return Message.of("text.or", parts=list(words))


def edited_fields(fields: dict[str, Any]) -> Message:
    """What an edit changed, in words ("caché aux joueurs, nom"), each said once."""
    keys: list[str] = []
    for key in sorted(fields):
        if key == "hidden":
            word = "field.shown" if not fields[key] else "field.hidden"
        elif key == "row":
            word = "field.col"  # a position, said once
        else:
            word = f"field.{key}"
        if word not in keys:
            keys.append(word)
    return Message.of("text.commas", parts=[
        Message.or_text(k, k.removeprefix("field.")) for k in keys])


def wall_kind(kind: str) -> str:
    key = f"wall_kind.{kind}"
    return Message.or_text(key, kind)


def cat(*parts: str) -> Message:
    """Messages (and plain text, the same in every language) put end to end."""
    return Message.of("text.cat", parts=list(parts))


def joined(parts: list[str], key: str = "text.semicolons") -> Message:
    """Messages joined by a separator written each language's way ("; " / " ; ")."""
    return Message.of(key, parts=list(parts))


def shape_said(shape: str) -> str:
    return shape_word(shape)


def outcome(name: str) -> str:
    """An attack's outcome in words ("critical" → "critical hit")."""
    key = f"outcome.{name}"
    return Message.or_text(key, name)
