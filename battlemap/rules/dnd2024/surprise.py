"""Surprise in 2024 (PHB 2024, Surprise): no lost turn; a surprised creature has Disadvantage
on its Initiative roll (initiative.py reads the `surprised` condition)."""

from __future__ import annotations

from battlemap.rules.core.surprise import SurpriseRule

SURPRISE = SurpriseRule(surprised_wait=False, aware_single_action=False,
                        source="D&D 2024 PHB, Surprise")
