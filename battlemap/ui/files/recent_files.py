"""The recent-files list, kept in QSettings (most recent first, existing files only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

KEY = "recent_files"
KEEP = 8


def recent_files(settings: QSettings | None = None) -> list[str]:
    s = settings or QSettings()
    value = s.value(KEY, [])
    items = [value] if isinstance(value, str) else list(value or [])
    return [p for p in items if isinstance(p, str) and Path(p).exists()][:KEEP]


def remember(path: str | Path, settings: QSettings | None = None) -> list[str]:
    s = settings or QSettings()
    p = str(Path(path).resolve())
    items = [p] + [x for x in recent_files(s) if x != p]
    s.setValue(KEY, items[:KEEP])
    return items[:KEEP]
