"""One error type for every loader: its message is one sentence for the user."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError


class LoadError(Exception):
    """A file could not be loaded; `str(err)` names the file and the problem."""


def describe_validation(path: Path | str, err: ValidationError) -> str:
    """First pydantic error as one sentence: file, field, problem."""
    loc, msg = first_problem(err)
    extra = f" (and {err.error_count() - 1} more problem(s))" if err.error_count() > 1 else ""
    where = f"field '{loc}'" if loc else "the file"
    return f"{Path(path).name}: {where}: {msg}{extra}."


def first_problem(err: ValidationError) -> tuple[str, str]:
    """Where the first error is (`weapons[0].damage`) and what it says, without pydantic's
    "Value error, " prefix: the parts of a one-sentence message."""
    first = err.errors()[0]
    msg = str(first.get("msg", "is invalid")).removeprefix("Value error, ")
    return _dotted(first.get("loc", ())), msg


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
