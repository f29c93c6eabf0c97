"""What a charge does to the charger (001_dd346e63a171f715.txt, "Charge"), the same whether
the GM drags the token as a charge (move kind "charge") or declares the "charge" manoeuvre:
"+2 toHit & Damage à la première attaque suivant le déplacement" (the engine's charge blow:
`Situation.charging`, read by attack.py and damage.py) and "un malus de -2 à l'AC pendant un
round de combat complet" (the `charging` condition, ended by the charger's next turn)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.modifiers import Modifier
from battlemap.text import Text

SECTION = "Charge"
CHARGING = "charging"
AC_PENALTY = -2
BLOW_BONUS = 2  # to hit and to damage, on the first attack after the run-up
EXTRA_MOVE_FT = 10


class ChargeEffects(BaseModel):
    conditions: list[Condition] = Field(default_factory=list)  # on the charger
    modifiers: list[Modifier] = Field(default_factory=list)  # what they change, with sources
    effects: list[Text] = Field(default_factory=list)  # messages, for the log


def charge_effects() -> ChargeEffects:
    """The charger's state after its run-up. "Pendant un round complet (et non le seul round
    où la charge est déclenchée)": no countdown, its next turn ends it (UNTIL_NEXT_TURN)."""
    source = src(SECTION)
    return ChargeEffects(
        conditions=[Condition(name=CHARGING, source=source)],
        modifiers=[Modifier(name=named("charge"), value=AC_PENALTY, applies_to="ac", source=source),
                   Modifier(name=named("charge"), value=BLOW_BONUS, applies_to="attack", source=source),
                   Modifier(name=named("charge"), value=BLOW_BONUS, applies_to="damage", source=source)],
        effects=[note("charge_move", ft=EXTRA_MOVE_FT), note("charge_blow", n=BLOW_BONUS),
                 note("charge_ac", n=AC_PENALTY), note("charge_no_oa")])
