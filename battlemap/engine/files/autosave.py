"""Autosave files: rotating, numbered in the order written, in the platform data dir
(`BATTLEMAP_DATA_DIR` overrides it, for tests), and recovery detection: for an encounter
file, and for the encounters that never had one (New, an unsaved import)."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from platformdirs import user_data_dir

from battlemap.io.encounter_file import atomic_write_text, savable_json
from battlemap.model import Encounter

KEEP = 5  # autosaves kept per encounter
_SEQUENCE = re.compile(r"s\d{1,18}")  # what write_autosave puts after the stem
_LOCAL_STAMP = re.compile(r"\d{8}-\d{6}-\d{9}")  # older autosaves: a local time
_UNTITLED = re.compile(r"untitled(-[0-9a-f]{1,32})?")  # the stems of encounters without a file


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
    """Oldest first, by the sequence number in the name, never by a clock: the local time
    goes back at a daylight-saving or time-zone change, and rotation would delete the newest.
    Names are compared as text, never as a pattern: a stem may hold `[`, `]`, `*` or `?`."""
    return [path for _, path in sorted(_numbered(stem))]


def _numbered(stem: str) -> list[tuple[tuple[int, int, str], Path]]:
    folder = autosave_dir()
    if not folder.is_dir():
        return []
    prefix = f"{stem}.autosave-"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".json")):
            continue
        tail = name[len(prefix):-len(".json")]
        if _SEQUENCE.fullmatch(tail):
            found.append(((1, int(tail[1:]), ""), entry))
        elif _LOCAL_STAMP.fullmatch(tail):  # written by an older battlemap: older than any
            found.append(((0, 0, tail), entry))
    return found


def write_autosave(enc: Encounter, stem: str, keep: int = KEEP) -> Path:
    known = _numbered(stem)
    seq = 1 + max((order[1] for order, _ in known), default=0)
    target = autosave_dir() / f"{stem}.autosave-s{seq:09d}.json"
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


def find_untitled_recovery() -> Path | None:
    """The newest autosave of an encounter that has no file, unless the GM declined it once.
    Each session without a file writes under its own stem (`untitled-<id>`) and numbers only
    its own autosaves, so the stems are compared by the time their newest autosave was
    written. A declined stem's older autosaves are not offered in its place: what the GM
    declined is that encounter, not one save of it."""
    folder = autosave_dir()
    if not folder.is_dir():
        return None
    stems = {entry.name.split(".autosave-", 1)[0] for entry in folder.iterdir() if ".autosave-" in entry.name}
    declined = _declined_names()
    newest = [found[-1] for stem in stems if _UNTITLED.fullmatch(stem) and (found := autosaves_for(stem))]
    return max((path for path in newest if path.name not in declined), key=_written_at, default=None)


def decline_untitled_recovery(autosave: Path) -> None:
    """Remember that the GM said no to this autosave: it stays in the autosave folder (the
    GM can still open it by hand) but is not offered at the next start. The list keeps only
    names still in the folder, so it never grows past the folder's own autosaves. A session
    that later reuses the stem numbers its autosaves after this one, so its newest is offered."""
    folder = autosave_dir()
    kept = {name for name in _declined_names() if (folder / name).exists()}
    kept.add(autosave.name)
    atomic_write_text(_declined_file(), "".join(f"{name}\n" for name in sorted(kept)))


def _declined_file() -> Path:
    return autosave_dir() / "declined.txt"


def _declined_names() -> set[str]:
    try:
        text = _declined_file().read_text(encoding="utf-8", errors="replace")
    except OSError:  # none declined yet, or unreadable: offering again loses nothing
        return set()
    return {line.strip() for line in text.splitlines() if line.strip()}


def _written_at(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed meanwhile: the others are newer
        return float("-inf")
