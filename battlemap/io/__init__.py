"""Files in and out: encounters (atomic), Universal VTT import, map images. No Qt widgets."""

from battlemap.io.encounter_file import load_encounter, save_encounter
from battlemap.io.errors import LoadError, SaveError

__all__ = ["LoadError", "SaveError", "load_encounter", "save_encounter"]
