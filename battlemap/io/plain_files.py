"""Whether a path is a plain file, and opening one without ever blocking.

A name can fail in ways `Path.is_file()` raises on (a name longer than the file system
holds, a NUL byte), and a path can name a pipe, a device or a socket, whose `open()` waits
forever for a writer. Every file a user names (an encounter, a picture) is looked at with
`file_state` and opened with `open_regular`: the open never waits (O_NONBLOCK, which a
plain file ignores), and anything but a plain file is refused before a byte is read."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

_NO_WAIT = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_MISSING = (errno.ENOENT, errno.ENOTDIR)


class NotPlainFile(OSError):
    """The path names a folder, a pipe, a device or a socket, not a plain file."""

    def __init__(self, path: Path | str) -> None:
        super().__init__(errno.EINVAL, "not a plain file", str(path))


@dataclass(frozen=True)
class FileState:
    kind: Literal["file", "missing", "special", "unreadable"]
    why: str = ""  # the system's reason, for "unreadable"


def file_state(path: Path | str) -> FileState:
    """What `path` names, never raising: a plain file, nothing, something else, or a name
    the system refuses (with its reason)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno in _MISSING:
            return FileState("missing")
        return FileState("unreadable", str(exc.strerror or exc))
    except ValueError:  # a NUL byte in the name
        return FileState("unreadable", os.strerror(errno.EINVAL))
    return FileState("file") if stat.S_ISREG(st.st_mode) else FileState("special")


def open_regular(path: Path | str) -> BinaryIO:
    """`path` opened for reading if it is a plain file; NotPlainFile if it is anything else,
    OSError as raised otherwise. Checked on the open descriptor, so nothing can swap the
    file between the check and the read."""
    try:
        fd = os.open(path, _NO_WAIT)
    except ValueError:  # a NUL byte in the name
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), str(path)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotPlainFile(path)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def plain_file_bytes(path: Path | str) -> bytes | None:
    """The whole of a plain file, or None when `path` is anything else or cannot be read
    (the window then draws without it and says why)."""
    try:
        with open_regular(path) as fh:
            return fh.read()
    except OSError:
        return None
