"""One error type for every loader: its message is one sentence for the user."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from battlemap.io.words import said
from battlemap.model.words import Said, SaidError


class LoadError(SaidError):
    """A file could not be loaded; `str(err)` names the file and the problem. Built from a
    `Said` (io/words.py), it carries the French in `reason_fr` (see `SaidError`)."""


class SaveError(SaidError):
    """An encounter could not be written (its data, not the disk: that is an OSError);
    `str(err)` names the file and says that the file on disk is unchanged."""


def describe_validation(path: Path | str, err: ValidationError) -> Said:
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
