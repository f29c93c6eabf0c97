"""The PMT round (004): a move and an attack; no step, no reaction slot."""

from __future__ import annotations

from battlemap.rules.core.economy import Economy

ECONOMY = Economy(attack=("attack",), full_attack=(("attack",),), move=("move",), step=(),
                  reaction=None, free_movement=False,
                  default_slots=(("move", 1), ("attack", 1)))
