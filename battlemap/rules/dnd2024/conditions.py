"""The 2024 conditions (D&D 2024 PHB, Rules Glossary: Conditions) plus the statuses the map
tracks (burning, death-save counters, stable, dead), with what each does in words.

Their effects are applied where they bite: advantage.py (attacks), saves.py, economy.py
(speed, actions, reactions) and hp.py (dropping to 0)."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant, ConditionInfo
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.words import PREFIX, told
from battlemap.text import Message

# Conditions that include Incapacitated: no action, bonus action or reaction.
INCAPACITATING = {"incapacitated", "paralyzed", "petrified", "stunned", "unconscious"}
# Conditions whose creature fails Strength and Dexterity saves automatically.
FAILS_STR_DEX = {"paralyzed", "petrified", "stunned", "unconscious"}
# Conditions that set Speed to 0.
SPEED_ZERO = {"grappled", "restrained", "paralyzed", "petrified", "unconscious"}
# Attack rolls against a creature in one of these have advantage.
ATTACKED_WITH_ADVANTAGE = {"blinded", "paralyzed", "petrified", "restrained", "stunned",
                           "unconscious"}
# Melee hits from within 1.5 m on these are critical hits.
AUTO_CRIT_WITHIN_1_5M = {"paralyzed", "unconscious"}

# Death-save counters live on the token as conditions whose `level` is the count.
DEATH_SUCCESSES = "death_successes"
DEATH_FAILURES = "death_failures"


def _c(name: str, effects: list[str], source: str | None = None) -> ConditionInfo:
    label = Message.of(f"{PREFIX}.condition.{name}")
    return ConditionInfo(name=name, label=label, effects=effects,
                         source=source or src.condition(label))


CONDITIONS: dict[str, ConditionInfo] = {c.name: c for c in [
    _c("blinded", [
        "échoue aux tests qui demandent la vue",
        "jets d'attaque contre lui : Avantage", "ses jets d'attaque : Désavantage"]),
    _c("charmed", [
        "ne peut pas attaquer celui qui l'a charmé (source de l'état)",
        "le charmeur a l'Avantage aux tests d'interaction sociale"]),
    _c("deafened", ["échoue aux tests qui demandent l'ouïe"]),
    _c("exhaustion", [
        "Tests d20 : −2 × niveau", "Vitesse : −1,5 m × niveau", "niveau 6 : mort"]),
    _c("frightened", [
        "Désavantage aux tests et jets d'attaque tant que la source est en vue",
        "ne peut pas s'approcher volontairement de la source"]),
    _c("grappled", [
        "Vitesse 0",
        "Désavantage aux attaques contre toute autre cible que l'agrippeur (source de l'état)",
        "l'agrippeur peut le déplacer (coût de déplacement supplémentaire)"]),
    _c("incapacitated", [
        "aucune action, action bonus ni réaction", "perd la Concentration",
        "Désavantage à l'Initiative"]),
    _c("invisible", [
        "Avantage à l'Initiative", "ses jets d'attaque : Avantage",
        "jets d'attaque contre lui : Désavantage"]),
    _c("paralyzed", [
        "Neutralisé, Vitesse 0", "échoue aux JS de Force et de Dextérité",
        "jets d'attaque contre lui : Avantage",
        "tout coup au corps à corps à 1,5 m ou moins est un coup critique"]),
    _c("petrified", [
        "Neutralisé, Vitesse 0", "échoue aux JS de Force et de Dextérité",
        "jets d'attaque contre lui : Avantage", "résistance à tous les dégâts",
        "immunisé contre l'état Empoisonné"]),
    _c("poisoned", [
        "Désavantage aux jets d'attaque et aux tests de caractéristique"]),
    _c("prone", [
        "ramper, ou se relever pour la moitié de sa Vitesse", "ses jets d'attaque : Désavantage",
        "attaques contre lui : Avantage à 1,5 m ou moins, Désavantage au-delà"]),
    _c("restrained", [
        "Vitesse 0", "jets d'attaque contre lui : Avantage",
        "ses jets d'attaque : Désavantage", "Désavantage aux JS de Dextérité"]),
    _c("stunned", [
        "Neutralisé", "échoue aux JS de Force et de Dextérité",
        "jets d'attaque contre lui : Avantage"]),
    _c("unconscious", [
        "Neutralisé et À terre, lâche ce qu'il tient", "Vitesse 0",
        "échoue aux JS de Force et de Dextérité", "jets d'attaque contre lui : Avantage",
        "tout coup au corps à corps à 1,5 m ou moins est un coup critique"]),
    _c("surprised", ["Désavantage au jet d'Initiative"],
       src.phb("Surprise")),
    _c("burning", [
        "1d4 dégâts de feu au début de chacun de ses tours",
        "une action pour s'éteindre en se mettant À terre"], src.BURNING),
    _c(DEATH_SUCCESSES, [
        "niveau = nombre de réussites ; 3 : stabilisé"], src.DEATH_SAVES),
    _c(DEATH_FAILURES, [
        "niveau = nombre d'échecs ; 3 : mort"], src.DEATH_SAVES),
    _c("stable", [
        "à 0 pv, ne fait plus de jets contre la mort"], src.DEATH_SAVES),
    _c("dead", ["hors de combat définitivement"], src.DROPPING_TO_ZERO),
]}


def is_incapacitated(who: Combatant) -> bool:
    return any(who.has(name) for name in INCAPACITATING)


def exhaustion_level(who: Combatant) -> int:
    """Exhaustion is one condition whose `level` is 1–6 (a bare condition counts as 1)."""
    levels = [c.level if c.level is not None else 1 for c in who.conditions if c.name == "exhaustion"]
    return min(6, max(levels, default=0))


def counter(who: Combatant, name: str) -> int:
    return max((c.level or 0 for c in who.conditions if c.name == name), default=0)


def condition_source(who: Combatant, name: str) -> str:
    """Who caused a condition (the grappler, the charmer…), stored in `Condition.source`."""
    for c in who.conditions:
        if c.name == name:
            return c.source
    return ""


def condition_immunity(who: Combatant, condition: str) -> Message | None:
    """Why `who` is immune to `condition`: its stat block's « Immunité » (003: « celui-ci ne
    vous affecte en aucune manière »), or Petrified's immunity to Poisoned (PHB, Conditions:
    Petrified); None when the condition takes hold."""
    info = CONDITIONS.get(condition)
    label = info.label if info is not None else condition
    if condition in stats_of(who).condition_immunities:
        return told("condition_immune", name=who.name, condition=label,
                    source=told("immune_stat_block", source=src.IMMUNITY))
    if condition == "poisoned" and who.has("petrified"):
        return told("condition_immune", name=who.name, condition=label,
                    source=src.condition(CONDITIONS["petrified"].label))
    return None
