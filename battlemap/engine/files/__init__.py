"""An encounter's files: loading with migration, saving with a backup, autosaves and
recovering them."""

from battlemap.engine.files.autosave import autosave_dir, find_recovery
from battlemap.engine.files.migrate import load_current

__all__ = ["autosave_dir", "find_recovery", "load_current"]
