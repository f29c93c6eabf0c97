"""The 3.5 action economy (000 "Actions"): a standard and a move action, or one full-round
action instead of both; a 1.5 m step if the creature moves no other way; no reaction slot
(an opportunity attack is counted per round, `opportunity_attacks_per_round`)."""

from __future__ import annotations

from battlemap.rules.core.economy import Economy

ECONOMY = Economy(attack=("standard", "standard_or_move"), full_attack=(("full_round",),),
                  move=("move", "standard", "standard_or_move"), step=("five_foot_step",),
                  reaction=None, free_movement=False, whole_turn="full_round",
                  default_slots=(("standard", 1), ("move", 1), ("full_round", 1),
                                 ("five_foot_step", 1)))
