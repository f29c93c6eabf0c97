"""Messages in pydantic models: `Text` keeps a `Message` whole in a field (pydantic's `str`
would make it a plain str) and writes it out as its English, so JSON output reads as before;
`StoredText` writes key and parameters, for what is kept and rendered later (the log). A dump
given the context `AS_DATA` writes `Text` fields as `StoredText` does: a result the log keeps
(an attack's modifiers and their sources) then reads in either language."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import PlainSerializer, PlainValidator, SerializationInfo, WithJsonSchema

from battlemap.text.message import Message


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value  # a Message stays a Message
    if isinstance(value, dict) and set(value) == {"key", "params"}:
        return _text(from_data(value))  # a result the log kept (`AS_DATA`), read back
    raise ValueError("must be text")


AS_DATA = {"text": "data"}  # model_dump(mode="json", context=AS_DATA)


def _written(value: str, info: SerializationInfo) -> Any:
    return to_data(value) if info.context == AS_DATA else str(value)


Text = Annotated[str, PlainValidator(_text), PlainSerializer(_written, when_used="json"),
                 WithJsonSchema({"type": "string"})]


def to_data(value: Any) -> Any:
    """A message (or a parameter) as JSON data: {"key", "params"}, plain values as they are."""
    if isinstance(value, Message):
        return {"key": value.key, "params": {k: to_data(v) for k, v in value.params.items()}}
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {k: to_data(v) for k, v in value.items()}
    if isinstance(value, str):
        return str(value)
    return value


def from_data(data: Any) -> Any:
    """The inverse of `to_data`; a key no catalogue knows any more reads as its English text
    if one was kept, else as the key."""
    if isinstance(data, dict) and set(data) == {"key", "params"} and isinstance(data["key"], str):
        params = data["params"] if isinstance(data["params"], dict) else {}
        try:
            return Message(data["key"], {k: from_data(v) for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            return str(data["key"])
    if isinstance(data, list):
        return [from_data(v) for v in data]
    if isinstance(data, dict):
        return {k: from_data(v) for k, v in data.items()}
    return data


def _stored(value: Any) -> str:
    found = from_data(value)
    return _text(found)


StoredText = Annotated[str, PlainValidator(_stored), PlainSerializer(to_data, when_used="json"),
                       WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "object"}]})]
