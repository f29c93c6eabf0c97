"""D&D 2024 (seed 003_04e386f09d3dfd89.txt, the French rules glossary, plus the standard 2024
rules where it is silent). `SYSTEM` is registered under the entry point `dnd2024`."""

from battlemap.rules.dnd2024.system import SYSTEM

__all__ = ["SYSTEM"]
