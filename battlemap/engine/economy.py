"""Which budget slot each kind of act spends, per system (RULES.md §4 "Actions").

breche35: standard + move, or a full-round action; a 1.5 m step if no other movement (000
"Actions"). adnd2bis: one combat + one move, or two moves (001 "Actions"). dnd2024: action +
bonus action + reaction + movement. pmt: move + attack (004). Systems give the slots through
`turn_budget`; these tables name, for each act, the slots that can pay for it, in order."""

from __future__ import annotations

from dataclasses import dataclass


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


ECONOMIES = {
    "breche35": Economy(attack=("standard", "standard_or_move"), full_attack=(("full_round",),),
                        move=("move", "standard", "standard_or_move"), step=("five_foot_step",),
                        reaction=None, free_movement=False, whole_turn="full_round",
                        default_slots=(("standard", 1), ("move", 1), ("full_round", 1),
                                       ("five_foot_step", 1))),
    "adnd2bis": Economy(attack=("combat",), full_attack=(("full", "combat"), ("move",)),
                        move=("move", "combat"), step=("five_foot_step",), reaction="reaction",
                        free_movement=False, charge_bonus_m=3.0,
                        default_slots=(("combat", 1), ("move", 1), ("five_foot_step", 1),
                                       ("reaction", 1))),
    "dnd2024": Economy(attack=("action",), full_attack=(("action",),), move=(), step=(),
                       reaction="reaction", free_movement=True,
                       default_slots=(("action", 1), ("bonus_action", 1), ("reaction", 1))),
    "pmt": Economy(attack=("attack",), full_attack=(("attack",),), move=("move",), step=(),
                   reaction=None, free_movement=False,
                   default_slots=(("move", 1), ("attack", 1))),
}

# Movement multiplier and whether the move takes the whole turn (000 "Actions": run ×4,
# withdraw ×2 double move, charge ×2; the first square of a withdraw is safe).
MOVE_KINDS = {
    "normal": (1.0, False),
    "step": (0.0, False),
    "withdraw": (2.0, True),
    "charge": (2.0, True),
    "run": (4.0, True),
}


def economy_for(system_id: str) -> Economy:
    return ECONOMIES.get(system_id, ECONOMIES["dnd2024"])


def first_free(slots: dict[str, int], used: dict[str, int], candidates: tuple[str, ...]) -> str | None:
    for name in candidates:
        if slots.get(name, 0) - used.get(name, 0) > 0:
            return name
    return None
