"""Autosave files: rotating, timestamped, in the platform data dir (`BATTLEMAP_DATA_DIR`
overrides it, for tests), and recovery detection for an encounter file."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from platformdirs import user_data_dir

from battlemap.io.encounter_file import atomic_write_text, savable_json
from battlemap.model import Encounter

KEEP = 5  # autosaves kept per encounter


def data_dir() -> Path:
    env = os.environ.get("BATTLEMAP_DATA_DIR")
    return Path(env) if env else Path(user_data_dir("battlemap"))


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def stem_for(path: Path | str | None, fallback: str = "untitled") -> str:
    """`<file stem>-<hash of its absolute path>`: two files named alike don't share autosaves."""
    if path is None:
        return fallback
    p = Path(path).resolve()
    digest = hashlib.sha1(str(p).encode("utf-8")).hexdigest()[:8]
    return f"{p.stem}-{digest}"


def autosaves_for(stem: str) -> list[Path]:
    """Oldest first (the timestamp in the name sorts)."""
    folder = autosave_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"{stem}.autosave-*.json"))


def write_autosave(enc: Encounter, stem: str, keep: int = KEEP) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 1_000_000_000:09d}"
    target = autosave_dir() / f"{stem}.autosave-{stamp}.json"
    atomic_write_text(target, savable_json(enc, target))
    for old in autosaves_for(stem)[:-keep]:
        old.unlink(missing_ok=True)
    return target


def find_recovery(path: Path | str) -> Path | None:
    """The newest autosave of this encounter if it is newer than the file itself."""
    p = Path(path)
    found = autosaves_for(stem_for(p))
    if not found:
        return None
    newest = found[-1]
    try:
        saved = p.stat().st_mtime
    except OSError:
        return newest  # the file is gone: the autosave is all there is
    return newest if newest.stat().st_mtime > saved else None
