"""PMT conditions: the seed names few (fourbu, inconscient, sbire hors de combat, posture
défensive); manoeuvres add their results (au sol, désarmé…) as GM-facing states."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant, ConditionInfo
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import PREFIX, condition_effects, named
from battlemap.text import Message

FORMULA = "Formule"

# name: (default rounds, seed section); the labels and what each does are the system's words
# (words.py)
_TABLE: dict[str, tuple[int | None, str]] = {
    "exhausted": (None, FORMULA),
    "unconscious": (None, "Toute attaque contre un personnage inconscient"),
    "dying": (None, "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"),
    "dead": (None, "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"),
    "out": (None, "Sbires"),
    "defensive_posture": (1, "posture défensive"),
    "prone": (None, "Manœuvres de combat"),
    "disarmed": (None, "Manœuvres de combat"),
    "held": (None, "Manœuvres de combat"),
    "weapon_blocked": (1, "Manœuvres de combat"),
}

NO_ATTACK = {"unconscious", "dying", "dead", "out", "defensive_posture", "weapon_blocked"}


def condition_table() -> dict[str, ConditionInfo]:
    return {name: ConditionInfo(name=name, label=Message.of(f"{PREFIX}.condition.{name}"),
                                effects=condition_effects(name), default_rounds=rounds,
                                source=src(section))
            for name, (rounds, section) in _TABLE.items()}


def attacker_effects(c: Combatant) -> list[Modifier]:
    mods: list[Modifier] = []
    if c.has("exhausted"):
        # The seed's worked example: "le modificateur situationnel fourbu (− 2)".
        mods.append(Modifier(name=named("exhausted"), value=-2, source=src(FORMULA)))
    return mods


def helpless(c: Combatant) -> bool:
    return c.has("unconscious") or c.has("dying")
