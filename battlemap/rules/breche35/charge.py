"""The charge of 3.5, in one place (000_d623f1b22a06cede.txt, « Le round de combat » and its
actions table): a full-round action, a move of up to twice the speed in a straight line of at
least 3 m over clear ground, ending on the target, with +2 on the attack it ends with and −2
to AC until the charger's next turn; « États »: a fatigued (or exhausted) creature can neither
run nor charge.

Each part of the program reads its number here: the system's geometry policy (the shortest
charge, `geometry.py`; the geometry core checks the straight line and the clear ground for
every system that has a charge), the attack (`attack_mods.py`), the AC (`defense.py`), the
move's bar and the state it leaves (`movement.py`). The engine spends the round and carries
the « charging » state to the charger's next turn (engine/commands/spending.py). The rule's
tests: tests/rules/breche35/test_charge.py."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import named, note
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.modifiers import DroppedModifier, Modifier

SECTION = "Le round de combat"
ATTACK_BONUS = 2  # on the attack the charge ends with
AC_PENALTY = -2  # until the charger's next turn (the « charging » state)
MIN_M = 3.0  # « un déplacement en ligne droite d'au moins 3 m »
# 000 « États », Fatigué: « ne peut ni courir ni charger »; Épuisé is worse than Fatigué (an
# hour of rest leaves it « seulement fatigué »), so it bars them too.
BARRED_BY = ("exhausted", "fatigued")
STATE = "charging"


def attack_bonus(attacker: Combatant) -> tuple[Modifier | None, DroppedModifier | None]:
    """The charge's +2 on its attack, or that bonus dropped with why (a fatigued creature
    cannot charge: the GM forced the move)."""
    bonus = Modifier(name=named("charge"), value=ATTACK_BONUS, source=src(SECTION))
    if any(attacker.has(c) for c in BARRED_BY):
        return None, DroppedModifier(**bonus.model_dump(), why=note("fatigued_charge"))
    return bonus, None


def barred_by(combatant: Combatant) -> str | None:
    """The state that forbids this creature a charge (or a run), if any."""
    return next((c for c in BARRED_BY if combatant.has(c)), None)


def state_left() -> Condition:
    """What a charge leaves on its creature: −2 AC until its next turn, the « Charge » state
    that `start_of_turn` ends."""
    return Condition(name=STATE, source=src(SECTION))
