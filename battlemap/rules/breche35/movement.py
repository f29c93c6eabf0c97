"""The kinds of move of 3.5 (000 "Le round de combat" and its actions table: "Se déplacer de
sa vitesse", "un pas de placement de 1,5 m", "Retrait", "Charge", "Course"), what bars them
and what they leave on the mover."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35.tables import src
from battlemap.rules.core.combat import Combatant

MOVE_KIND_NAMES = {"normal": ("se déplacer", "move"),
                   "step": ("pas de placement", "5-foot step"),
                   "withdraw": ("retrait", "withdraw"), "charge": ("charge", "charge"),
                   "run": ("course", "run")}

# 000 "États", Fatigué: "ne peut ni courir ni charger"; Épuisé is worse than Fatigué (an hour
# of rest leaves it "seulement fatigué"), so it bars them too.
NO_RUN_NOR_CHARGE = ("exhausted", "fatigued")


def move_barred_by(combatant: Combatant, kind: str) -> str | None:
    """The condition that forbids this kind of move, if any."""
    if kind not in ("run", "charge"):
        return None
    return next((c for c in NO_RUN_NOR_CHARGE if combatant.has(c)), None)


def move_conditions(kind: str) -> list[Condition]:
    """What a move leaves on its creature: a charger has −2 AC until its next turn (000
    "Le round de combat"), the « Charge » state that `start_of_turn` ends."""
    if kind != "charge":
        return []
    return [Condition(name="charging", source=src("Le round de combat"))]
