"""The shape of a system's action economy (RULES.md §4 "Actions"): which budget slot pays for
each kind of act. A system gives its slots through `turn_budget` and declares an `Economy`
(its `economy.py`) naming, for each act, the slots that can pay for it, in order."""

from __future__ import annotations

from dataclasses import dataclass

# A manoeuvre's cost: a tuple of payments, each payment the slots that may pay it, in order
# (the shape of `Economy.full_attack`). `()` is free.
Cost = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Economy:
    attack: tuple[str, ...]  # one attack / standard action
    full_attack: tuple[tuple[str, ...], ...]  # every group must be paid
    move: tuple[str, ...]  # a move action that grants `speed` metres
    step: tuple[str, ...]  # the 1.5 m / 5' step
    reaction: str | None  # the slot an opportunity attack spends (2024)
    free_movement: bool  # movement given at the start of the turn (2024)
    default_slots: tuple[tuple[str, int], ...]
    whole_turn: str | None = None  # 3.5 full-round: excludes the standard and move actions
    # None: a charge takes the whole turn at double move and includes one attack (000
    # "Charge"). A number: the charge is the move action with that many metres more, the
    # combat action left for the blow (001 "Charge": "augmente la capacité de mouvement de 10'").
    charge_bonus_m: float | None = None


# One action, one bonus action, one reaction, movement given at the start of the turn (the
# 2024 PHB "Actions"): the shape a system has unless it declares another.
ACTION_BONUS_REACTION = Economy(attack=("action",), full_attack=(("action",),), move=(), step=(),
                                reaction="reaction", free_movement=True,
                                default_slots=(("action", 1), ("bonus_action", 1),
                                               ("reaction", 1)))

# Movement multiplier and whether the move takes the whole turn, for each kind of move the
# engine knows (000 "Actions": run ×4, withdraw ×2 double move, charge ×2; the first square
# of a withdraw is safe). A system offers those of them its text has (`move_kinds`).
MOVE_KINDS = {
    "normal": (1.0, False),
    "step": (0.0, False),
    "withdraw": (2.0, True),
    "charge": (2.0, True),
    "run": (4.0, True),
}


def first_free(slots: dict[str, int], used: dict[str, int], candidates: tuple[str, ...]) -> str | None:
    for name in candidates:
        if slots.get(name, 0) - used.get(name, 0) > 0:
            return name
    return None
