"""What a charge does to the charger (001_dd346e63a171f715.txt, "Charge"), the same whether
the GM drags the token as a charge (move kind "charge") or declares the "charge" manoeuvre:
"+2 toHit & Damage à la première attaque suivant le déplacement" (the engine's charge blow:
`Situation.charging`, read by attack.py and damage.py) and "un malus de -2 à l'AC pendant un
round de combat complet" (the `charging` condition, ended by the charger's next turn)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import named
from battlemap.rules.core.modifiers import Modifier

SECTION = "Charge"
CHARGING = "charging"
AC_PENALTY = -2
BLOW_BONUS = 2  # to hit and to damage, on the first attack after the run-up
EXTRA_MOVE_FT = 10


class ChargeEffects(BaseModel):
    conditions: list[Condition] = Field(default_factory=list)  # on the charger
    modifiers: list[Modifier] = Field(default_factory=list)  # what they change, with sources
    effects: list[str] = Field(default_factory=list)  # in words, for the log


def charge_effects() -> ChargeEffects:
    """The charger's state after its run-up. "Pendant un round complet (et non le seul round
    où la charge est déclenchée)": no countdown, its next turn ends it (UNTIL_NEXT_TURN)."""
    source = src(SECTION)
    return ChargeEffects(
        conditions=[Condition(name=CHARGING, source=source)],
        modifiers=[Modifier(name=named("charge"), value=AC_PENALTY, applies_to="ac", source=source),
                   Modifier(name=named("charge"), value=BLOW_BONUS, applies_to="attack", source=source),
                   Modifier(name=named("charge"), value=BLOW_BONUS, applies_to="damage", source=source)],
        effects=[f"mouvement +{EXTRA_MOVE_FT}' (3 m)",
                 f"+{BLOW_BONUS} toucher et dommages à la première attaque",
                 f"{AC_PENALTY} CA pendant un round complet (jusqu'à son prochain tour)",
                 "pas d'OA sauf contre-charge"])
