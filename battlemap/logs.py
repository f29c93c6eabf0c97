"""Where the log goes and what it holds: one rotating file in the platform's log folder
(platformdirs `user_log_dir`; `BATTLEMAP_LOG_DIR` overrides it, for tests), opened when the
window starts with the versions a bug report needs (battlemap, Python, Qt, the system), then
every error with its traceback. The CLI's commands log nothing: their errors are on stderr."""

from __future__ import annotations

import logging
import os
import platform
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from platformdirs import user_log_dir

LOGGER = "battlemap"
FILE_NAME = "battlemap.log"
MAX_BYTES = 1_000_000  # a long evening's errors; then battlemap.log.1 … .3
BACKUPS = 3

log = logging.getLogger(LOGGER)


def log_dir() -> Path:
    env = os.environ.get("BATTLEMAP_LOG_DIR")
    return Path(env) if env else Path(user_log_dir("battlemap", appauthor=False))


def log_file() -> Path:
    return log_dir() / FILE_NAME


def start(qt_version: str = "") -> Path:
    """Send battlemap's log records to the rotating file (once per file) and write the
    start line; returns the file."""
    path = log_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not any(isinstance(h, RotatingFileHandler) and Path(h.baseFilename) == path
               for h in log.handlers):
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                      encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    from battlemap import __version__

    frozen = " (frozen app)" if getattr(sys, "frozen", False) else ""
    # platform.platform() would read the interpreter's binary for its libc: uname is enough.
    system = f"{platform.system()} {platform.release()} {platform.machine()}"
    log.info("battlemap %s%s, Python %s, Qt %s, %s", __version__, frozen,
             platform.python_version(), qt_version or "not loaded", system)
    return path


def stop() -> None:
    """Close the file handlers (a test's folder can then be removed)."""
    for handler in list(log.handlers):
        if isinstance(handler, RotatingFileHandler):
            log.removeHandler(handler)
            handler.close()
