"""Saving a session: atomic write with a backup, the clean/dirty flag, and autosave."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from battlemap.engine.errors import EngineError
from battlemap.engine.files import autosave
from battlemap.engine.words import said
from battlemap.io import save_encounter

if TYPE_CHECKING:
    from battlemap.engine.state import State


def mark_dirty(state: State) -> None:
    """Treat the current state as unsaved (a recovered autosave, an imported map)."""
    state.saved_marker = -1


def save(state: State, path: Path | str | None = None) -> Path:
    target = Path(path) if path is not None else state.path
    if target is None:
        raise EngineError(said("error.no_file"))
    save_encounter(state.encounter, target, backup=True)  # atomic, previous → .bak
    state.path = target
    state.saved_marker = state.history.marker
    state.autosaved_marker = state.history.marker
    return target


def autosave_now(state: State) -> Path | None:
    """Write a rotating autosave if something changed since the last save/autosave."""
    if not state.dirty or state.history.marker == state.autosaved_marker:
        return None
    stem = autosave.stem_for(state.path, fallback=f"untitled-{id(state):x}")
    written = autosave.write_autosave(state.encounter, stem, keep=state.autosave_keep)
    state.autosaved_marker = state.history.marker
    return written
