"""One error type for every loader: its message is one sentence for the user."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from battlemap.io.words import said
from battlemap.text import Message, MessageError, catalogue


class LoadError(MessageError):
    """A file could not be loaded; `str(err)` names the file and the problem. Its `reason` is
    the message (io/words.py), for the interface to say in its language."""


class SaveError(MessageError):
    """An encounter could not be written (its data, not the disk: that is an OSError);
    `str(err)` names the file and says that the file on disk is unchanged."""


def describe_validation(path: Path | str, err: ValidationError) -> Message:
    """First pydantic error as one sentence: file, field, problem."""
    loc, msg = first_problem(err)
    extra = said("io.more", n=err.error_count() - 1) if err.error_count() > 1 else ""
    where = said("io.field", loc=loc) if loc else said("io.the_file")
    return said("io.invalid", name=Path(path).name, where=where, msg=msg, extra=extra)


def invalid(path: Path | str, err: ValidationError) -> LoadError:
    """The LoadError of a file pydantic refuses: its first problem, said in one sentence."""
    return LoadError(describe_validation(path, err), problem=err.errors()[0])


def first_problem(err: ValidationError) -> tuple[str, str]:
    """Where the first error is (`weapons[0].damage`) and what it says, without pydantic's
    "Value error, " prefix: the parts of a one-sentence message."""
    first = err.errors()[0]
    return _dotted(first.get("loc", ())), problem_message(first)


def problem_message(error: Mapping[str, Any], prefixed: bool = False) -> str:
    """What one of pydantic's errors says (without its "Value error, " prefix unless
    `prefixed`): the model's own message when a validator raised one, pydantic's English
    quoted as a message of ours when the catalogue words that kind of problem, else
    pydantic's English as it is."""
    msg = str(error.get("msg", "is invalid"))
    if not prefixed:
        msg = msg.removeprefix("Value error, ")
    raised = (error.get("ctx") or {}).get("error")
    args = getattr(raised, "args", ())
    if args and isinstance(args[0], Message):
        said: Message = args[0]
        return said if msg == said else Message.quoting(msg, said.key, **said.params)
    ctx = {k: v for k, v in (error.get("ctx") or {}).items() if k != "error"}
    kind = str(error.get("type", ""))
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        kind = "not_empty"
    key = f"problem.{kind}"
    if kind and catalogue.known(key):
        return Message.quoting(msg, key, **ctx)
    return msg


def field_path(loc: tuple[int | str, ...]) -> str:
    """A JSON location as the user reads it: `walls[3].points[0]`."""
    return _dotted(loc)


def _dotted(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
