"""Map pictures an import writes beside an encounter, never over another one's picture.

`cave.map.png` may be the picture of an encounter saved earlier (or of its `.bak`): an import
that wants that name and brings other bytes takes the next free one, `cave.map-2.png`,
`cave.map-3.png`…; a file holding exactly the same bytes is reused as it is."""

from __future__ import annotations

import errno
import hashlib
from collections.abc import Iterator
from pathlib import Path

from battlemap.io.encounter_file import atomic_write_bytes

MAX_NUMBERED = 999  # past `.map-999`, the name carries the bytes' hash instead


def free_picture_path(wanted: Path, data: bytes) -> tuple[Path, bool]:
    """Where to keep `data`: `wanted`, or the first numbered name that is free or already
    holds these bytes; and whether the bytes still have to be written there. FileExistsError
    when even the name made of the bytes' hash holds something else."""
    for candidate in _candidates(wanted, data):
        if not candidate.exists() and not candidate.is_symlink():
            return candidate, True
        if _holds(candidate, data):
            return candidate, False
    raise FileExistsError(errno.EEXIST, "every name for the picture is taken", str(wanted))


def write_picture(wanted: Path, data: bytes) -> tuple[Path, bool]:
    """Write `data` atomically at `free_picture_path(wanted, data)`: (the path, whether a new
    file was made, so a failed import can take back only what it wrote). OSError as raised."""
    target, new = free_picture_path(wanted, data)
    if new:
        atomic_write_bytes(target, data)
    return target, new


def _candidates(wanted: Path, data: bytes) -> Iterator[Path]:
    yield wanted
    stem, ext = _split(wanted)
    for n in range(2, MAX_NUMBERED + 1):
        yield wanted.with_name(f"{stem}-{n}{ext}")
    yield wanted.with_name(f"{stem}-{hashlib.sha256(data).hexdigest()[:16]}{ext}")


def _split(path: Path) -> tuple[str, str]:
    """`cave.map.png` → (`cave.map`, `.png`)."""
    return path.name[: -len(path.suffix)] if path.suffix else path.name, path.suffix


def _holds(path: Path, data: bytes) -> bool:
    try:
        if not path.is_file() or path.stat().st_size != len(data):
            return False
        return path.read_bytes() == data
    except OSError:
        return False
