"""The Session: everything a GM does to an encounter, as undoable commands (DESIGN.md §2)."""

from __future__ import annotations

from pathlib import Path

from battlemap.engine.cmd_area import AreaCommands
from battlemap.engine.cmd_map import MapCommands
from battlemap.engine.persistence import Persistence


class Session(AreaCommands, MapCommands, Persistence):
    """See /work/briefs/engine_api.md for the contract the UI codes against."""

    @classmethod
    def open(cls, path: Path | str, seed: int | None = None) -> Session:
        """Load, migrate and validate a file into a new session (LoadError with one sentence
        on any problem); the caller's current session is untouched until this returns."""
        from battlemap.engine.migrate import load_current

        return cls(load_current(path), seed=seed, path=path)

    @classmethod
    def open_recovery(cls, path: Path | str, autosave_path: Path | str,
                      seed: int | None = None) -> Session:
        """Open an autosave (see `autosave.find_recovery`) as the encounter at `path`,
        unsaved: the GM decides whether to save it over the file."""
        from battlemap.engine.migrate import load_current

        session = cls(load_current(autosave_path), seed=seed, path=path)
        session.mark_dirty()  # nothing on disk matches this state yet
        return session
