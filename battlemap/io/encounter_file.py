"""Load and save encounter files: validated on the way in, atomic on the way out."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from battlemap.io.errors import LoadError, describe_validation
from battlemap.model import Encounter

MAX_FILE_BYTES = 64 * 1024 * 1024


def read_json(path: Path | str, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a JSON file with a size limit; every failure is a LoadError sentence."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise LoadError(f"{p.name}: cannot be read ({exc.strerror or exc}).") from None
    if size > max_bytes:
        raise LoadError(f"{p.name}: the file is {size // 1_000_000} MB, over the {max_bytes // 1_000_000} MB limit.")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LoadError(f"{p.name}: cannot be read as UTF-8 text ({exc}).") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise LoadError(f"{p.name}: the JSON is nested too deeply.") from None
    except ValueError as exc:
        raise LoadError(f"{p.name}: not valid JSON ({exc}).") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number this file may hold")


def load_encounter(path: Path | str) -> Encounter:
    data = read_json(path)
    if not isinstance(data, dict):
        raise LoadError(f"{Path(path).name}: the file must hold a JSON object, not {type(data).__name__}.")
    if data.get("format") != "battlemap-encounter":
        raise LoadError(f"{Path(path).name}: field 'format' must be \"battlemap-encounter\".")
    try:
        return Encounter.model_validate(data)
    except ValidationError as err:
        raise LoadError(describe_validation(path, err)) from None


def encounter_to_json(enc: Encounter) -> str:
    return enc.model_dump_json(indent=2, exclude_defaults=False) + "\n"


def atomic_write_text(path: Path | str, text: str, backup: bool = False) -> None:
    """Write via a temporary file in the same folder and os.replace: a crash at any point
    leaves either the old file or the new one, never half of one."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
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
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_encounter(enc: Encounter, path: Path | str, backup: bool = True) -> None:
    atomic_write_text(path, encounter_to_json(enc), backup=backup)
