"""PMT conditions: the seed names few (fourbu, inconscient, sbire hors de combat, posture
défensive); manoeuvres add their results (au sol, désarmé…) as GM-facing states."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant, ConditionInfo
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import PREFIX, named
from battlemap.text import Message

FORMULA = "Formule"

# name: (effects, default rounds, seed section); the labels are the system's words (words.py)
_TABLE: dict[str, tuple[list[str], int | None, str]] = {
    "exhausted": (["−2 aux jets d'attaque"], None, FORMULA),
    "unconscious": ([
        "toute attaque contre lui réussit automatiquement et peut le tuer"], None,
        "Toute attaque contre un personnage inconscient"),
    "dying": (["0 pv ou moins : le MdT décide des effets"], None,
              "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"),
    "dead": ([], None, "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"),
    "out": ([
        "sbire touché : s'écroule, s'enfuit ou se rend"], None, "Sbires"),
    "defensive_posture": ([
        "ne peut attaquer", "CA + mod. de FOR ou de DEX"], 1, "posture défensive"),
    "prone": (["envoyé au sol par une manœuvre ; se relever prend le "
                                   "mouvement"], None, "Manœuvres de combat"),
    "disarmed": (["a perdu son arme"], None, "Manœuvres de combat"),
    "held": (["attrapé et tiré par l'adversaire"], None,
             "Manœuvres de combat"),
    "weapon_blocked": (["ne peut attaquer avec cette arme "
                                                          "ce round"], 1, "Manœuvres de combat"),
}

NO_ATTACK = {"unconscious", "dying", "dead", "out", "defensive_posture", "weapon_blocked"}


def condition_table() -> dict[str, ConditionInfo]:
    return {name: ConditionInfo(name=name, label=Message.of(f"{PREFIX}.condition.{name}"),
                                effects=effects, default_rounds=rounds, source=src(section))
            for name, (effects, rounds, section) in _TABLE.items()}


def attacker_effects(c: Combatant) -> list[Modifier]:
    mods: list[Modifier] = []
    if c.has("exhausted"):
        # The seed's worked example: "le modificateur situationnel fourbu (− 2)".
        mods.append(Modifier(name=named("exhausted"), value=-2, source=src(FORMULA)))
    return mods


def helpless(c: Combatant) -> bool:
    return c.has("unconscious") or c.has("dying")
