"""The kinds of move of 2024. 003 is a glossary and names no action; RULES.md §2 reads the
2024 standard: no 5-foot step and no charge ("not in glossary — off"), but Disengage ("Se
désengager": the move provokes nothing) and Dash ("Foncer": twice the speed). The Speed
itself is economy.py's (`speed_m`)."""

from __future__ import annotations

MOVE_KIND_NAMES = {"normal": ("déplacement", "move"),
                   "withdraw": ("se désengager", "Disengage"), "run": ("foncer", "Dash")}
