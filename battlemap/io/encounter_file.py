"""Load and save encounter files: validated on the way in, atomic on the way out."""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from battlemap.io.errors import LoadError, SaveError, invalid
from battlemap.io.limits import ENCOUNTER_LIMITS, Limits, check_list_lengths
from battlemap.io.safe_json import check_containers, read_json_file, size_in_words
from battlemap.io.words import json_kind, said, unnamed
from battlemap.model import Encounter, KnownSystems
from battlemap.model.encounter import SYSTEMS

MAX_FILE_BYTES = ENCOUNTER_LIMITS.max_file_bytes


def _umask() -> int:
    """The process's umask, read once at import: setting it to read it back is not safe
    while other threads create files."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()


def read_json(path: Path | str, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a JSON file with a size limit; every failure is a LoadError sentence."""
    return read_json_file(path, replace(ENCOUNTER_LIMITS, max_file_bytes=max_bytes))


def load_encounter(path: Path | str, limits: Limits = ENCOUNTER_LIMITS,
                   systems: KnownSystems | None = None) -> Encounter:
    """The encounter in `path`, validated; with `systems` (the rules registry's, which io
    cannot reach), its system must be one of them and obey that system's placement rule."""
    return encounter_from_data(read_json_file(path, limits), path, limits, systems)


def encounter_from_data(data: Any, path: Path | str, limits: Limits = ENCOUNTER_LIMITS,
                        systems: KnownSystems | None = None) -> Encounter:
    """load_encounter's checks on JSON already parsed from `path` (within `limits`): a
    caller that had to read the file first (for its version) need not parse it twice."""
    name = Path(path).name
    if not isinstance(data, dict):
        raise LoadError(said("io.not_object", name=name, kind=json_kind(_json_kind(data))))
    if data.get("format") != "battlemap-encounter":
        raise LoadError(said("io.format", name=name))
    check_list_lengths(data, path, limits)
    try:
        return Encounter.model_validate(data, context={SYSTEMS: systems} if systems else None)
    except ValidationError as err:
        raise invalid(path, err) from None
    except (ArithmeticError, TypeError, RecursionError) as exc:
        # A validator tripped on a value pydantic let through (e.g. 1e308 * 2 overflowing):
        # still the file's fault, still one sentence.
        raise LoadError(said("io.out_of_range", name=name, error=type(exc).__name__,
                             exc=str(exc))) from None


def _json_kind(data: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(data), "a number"
    )


def encounter_to_json(enc: Encounter) -> str:
    return enc.model_dump_json(indent=2, exclude_defaults=False) + "\n"


def atomic_write_text(path: Path | str, text: str, backup: bool = False) -> None:
    """Write via a temporary file in the same folder and os.replace: a crash at any point
    leaves either the old file or the new one, never half of one."""
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup)


def atomic_write_bytes(path: Path | str, data: bytes, backup: bool = False) -> None:
    """`atomic_write_text` for bytes (map pictures written beside an encounter). Through a
    symbolic link, the link's target is written (the rename would replace the link)."""
    p = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    bak_tmp = ""
    try:
        # mkstemp makes the file owner-only; give it the old file's mode, or what the user's
        # umask gives a new file.
        os.chmod(tmp, p.stat().st_mode & 0o777 if p.exists() else 0o666 & ~_UMASK)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and p.exists():
            # Copy, never move, the old file: at every instant `path` holds a whole file.
            bak_fd, bak_tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".baktmp", dir=p.parent)
            os.close(bak_fd)
            shutil.copy2(p, bak_tmp)
            os.replace(bak_tmp, p.with_name(p.name + ".bak"))
        os.replace(tmp, p)
    except BaseException:
        for leftover in (tmp, bak_tmp):
            if leftover and os.path.exists(leftover):
                os.unlink(leftover)
        raise


def save_encounter(enc: Encounter, path: Path | str, backup: bool = True,
                   limits: Limits = ENCOUNTER_LIMITS) -> None:
    """Write `enc` atomically; SaveError (one sentence, nothing written) when its data cannot
    be a file that opens again within `limits`, OSError as raised when the disk refuses."""
    atomic_write_text(path, savable_json(enc, path, limits), backup=backup)


def savable_json(enc: Encounter, path: Path | str, limits: Limits = ENCOUNTER_LIMITS) -> str:
    """The file's text, checked to reopen: indented, or compact when indented it would be over
    the size limit; SaveError naming `path` when it cannot be written or would not reopen."""
    name = Path(path).name
    try:
        text = encounter_to_json(enc)
        size = len(text.encode("utf-8"))
        if size > limits.max_file_bytes:
            text = enc.model_dump_json(exclude_defaults=False) + "\n"
            size = len(text.encode("utf-8"))
    except (PydanticSerializationError, UnicodeEncodeError, ValueError) as exc:
        why = said("safety.not_unicode") if _unicode_problem(exc) else str(exc)[:120]
        raise SaveError(said("safety.cannot_save", name=name, why=why)) from None
    try:
        if size > limits.max_file_bytes:
            raise LoadError(said("safety.too_big", size=size_in_words(size),
                                        limit=size_in_words(limits.max_file_bytes)))
        check_list_lengths(_counted(enc), name, limits)
        check_containers(text.encode("utf-8"), name, limits)
    except LoadError as err:  # what opening it would say: said as the reason it is not saved
        raise SaveError(said("safety.cannot_save", name=name, why=_reason(err, name))) from None
    return text


def _counted(enc: Encounter) -> dict[str, Any]:
    """The lists the loader counts before validating, as `check_list_lengths` reads them."""
    return {"tokens": enc.tokens, "lights": enc.lights, "log": enc.log,
            "walls": [{"points": list(w.points)} for w in enc.walls],
            "terrain": [{"squares": list(t.squares)} for t in enc.terrain]}


def _reason(err: LoadError, name: str) -> str:
    """A loader's sentence without its file name and full stop: a reason to quote (the
    problem of an `io.named` message; a sentence that names the file itself is quoted
    whole, less its full stop)."""
    reason = unnamed(err.reason)
    return reason if reason is not err.reason else str(reason).rstrip(".")


def _unicode_problem(exc: Exception) -> bool:
    return isinstance(exc, UnicodeError) or "surrogate" in str(exc) or "UTF-8" in str(exc)
