"""Which temporary files an atomic write left behind can go.

`atomic_write_bytes` writes `.NAME.xxxxxxxx.tmp` (and `.NAME.xxxxxxxx.baktmp` for the
backup) beside NAME, then renames it; a process killed in between leaves it there, about the
size of the file each time. Only names of exactly that shape are removed, and only stale
ones: a younger one may belong to a save still running in another window."""

from __future__ import annotations

import re
import time
from pathlib import Path

STALE_S = 60.0  # far longer than any save takes
_RANDOM = r"\.[a-z0-9_]{8}\.(?:tmp|baktmp)"  # what tempfile.mkstemp adds, then our suffix
_ANY = re.compile(r"\..+" + _RANDOM)


def remove_leftovers(folder: Path | str, name: str | None = None,
                     stale_s: float = STALE_S) -> list[Path]:
    """Remove the stale temporaries of `name` in `folder` (of any file, without `name`);
    the paths removed. Never raises: a leftover that cannot go is left."""
    shape = _ANY if name is None else re.compile(re.escape(f".{name}") + _RANDOM)
    cutoff = time.time() - stale_s
    removed = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    for entry in entries:
        if not shape.fullmatch(entry.name):
            continue
        try:
            if entry.is_file() and not entry.is_symlink() and entry.stat().st_mtime < cutoff:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return sorted(removed)
