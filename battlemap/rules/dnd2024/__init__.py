"""D&D 2024 (seed 003_04e386f09d3dfd89.txt, the French rules glossary, plus the standard 2024
rules where it is silent). `SYSTEM` is registered under the entry point `dnd2024`."""

from battlemap.rules.dnd2024.inspiration import heroic_reroll
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.stats import SAMPLE, Dnd2024Stats, Weapon
from battlemap.rules.dnd2024.system import Dnd2024System

SYSTEM = Dnd2024System()

__all__ = ["SAMPLE", "SYSTEM", "Dnd2024Options", "Dnd2024Stats", "Dnd2024System", "Weapon",
           "heroic_reroll"]
