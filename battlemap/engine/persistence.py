"""Saving a session: atomic write with a backup, the clean/dirty flag, and autosave."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine import autosave
from battlemap.engine.core import SessionCore
from battlemap.engine.errors import EngineError
from battlemap.engine.words import said
from battlemap.io import save_encounter


class Persistence(SessionCore):
    autosave_keep = autosave.KEEP
    suggested_path: Path | None = None  # where "Save as" proposes (an imported map's name)

    def mark_dirty(self) -> None:
        """Treat the current state as unsaved (a recovered autosave, an imported map)."""
        self._saved_marker = -1

    def save(self, path: Path | str | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise EngineError(said("error.no_file"))
        save_encounter(self.encounter, target, backup=True)  # atomic, previous → .bak
        self.path = target
        self._saved_marker = self.history.marker
        self._autosaved_marker = self.history.marker
        return target

    def autosave_now(self) -> Path | None:
        """Write a rotating autosave if something changed since the last save/autosave."""
        if not self.dirty or self.history.marker == self._autosaved_marker:
            return None
        stem = autosave.stem_for(self.path, fallback=f"untitled-{id(self):x}")
        written = autosave.write_autosave(self.encounter, stem, keep=self.autosave_keep)
        self._autosaved_marker = self.history.marker
        return written
