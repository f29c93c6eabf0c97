"""Portes, Monstres & Trésors (seed 004_49216c8abfe9f777.txt): ascending AC or descending AC
with TAC0 (two formulas), miss deals 1, natural 20 = maximum damage, two weapons, combat
manoeuvres, defensive posture, minions, 0 hp not dead at once."""

from battlemap.rules.pmt.system import SYSTEM

__all__ = ["SYSTEM"]
