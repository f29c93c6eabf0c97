"""The kinds of move of 3.5 (000 "Le round de combat" and its actions table: "Se déplacer de
sa vitesse", "un pas de placement de 1,5 m", "Retrait", "Charge", "Course"), what bars them
and what they leave on the mover."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35 import charge
from battlemap.rules.core.combat import Combatant


def move_barred_by(combatant: Combatant, kind: str) -> str | None:
    """The condition that forbids this kind of move, if any: fatigue bars a run as it bars a
    charge (`charge.BARRED_BY`)."""
    return charge.barred_by(combatant) if kind in ("run", "charge") else None


def move_conditions(kind: str) -> list[Condition]:
    """What a move leaves on its creature: a charger's « Charge » state (`charge.py`)."""
    return [charge.state_left()] if kind == "charge" else []
