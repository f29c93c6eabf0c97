"""breche35: D&D 3.5 as the Brèche quick reference gives it (seed 000_d623f1b22a06cede.txt)."""

from battlemap.rules.breche35.system import SYSTEM

__all__ = ["SYSTEM"]
