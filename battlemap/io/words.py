"""What a file that cannot be loaded says: the loaders' one-sentence errors (`LoadError`),
as messages (battlemap/text; the templates are in its catalogues, keys "io.…").

`{name}` is the file's name (or a message like "x.uvtt: field 'image'"); numbers already
formatted for English go through `decimal` so the French reads them with a decimal comma."""

from __future__ import annotations

from typing import Any

from battlemap.text import Message, catalogue


def said(key: str, /, **params: Any) -> Message:
    """A file message: its key and parameters (a message parameter is said in the reader's
    language too). A problem whose template names no file is said after the file's `name`
    ("x.json: the file is …."), so the problem alone can be quoted (picture_check.py)."""
    name = params.get("name")
    if name is not None and "{name}" not in catalogue.template(key, "en"):
        del params["name"]
        return Message.of("io.named", name=name, text=Message.of(key, **params))
    return Message.of(key, **params)


def unnamed(message: str) -> str:
    """The problem of a file message without the file's name (`said`)."""
    if isinstance(message, Message) and message.key == "io.named":
        text: str = message.params["text"]
        return text
    return message


def decimal(text: str) -> Message:
    """A number already written for English ("12.5", "inf"): the French with a comma."""
    return Message.of("text.decimal", text=text)


def json_kind(kind: str) -> str:
    """"an array" / "un tableau": what a file holds instead of an object."""
    key = f"json_kind.{kind}"
    return Message.or_text(key, kind)


def json_message(msg: str) -> str:
    """The json module's complaint ("Expecting value"), a message when the catalogue has it."""
    key = f"json_msg.{msg}"
    return Message.or_text(key, msg)
