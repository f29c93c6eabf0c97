"""The 2024 conditions (D&D 2024 PHB, Rules Glossary: Conditions) plus the statuses the map
tracks (burning, death-save counters, stable, dead), with what each does in words.

Their effects are applied where they bite: advantage.py (attacks), saves.py, economy.py
(speed, actions, reactions) and hp.py (dropping to 0)."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant, ConditionInfo
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.words import PREFIX, condition_effects, told
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


def _c(name: str, source: str | None = None) -> ConditionInfo:
    """A condition: its label and what it does are the system's words (words.py)."""
    label = Message.of(f"{PREFIX}.condition.{name}")
    return ConditionInfo(name=name, label=label, effects=condition_effects(name),
                         source=source or src.condition(label))


CONDITIONS: dict[str, ConditionInfo] = {c.name: c for c in [
    _c("blinded"),
    _c("charmed"),
    _c("deafened"),
    _c("exhaustion"),
    _c("frightened"),
    _c("grappled"),
    _c("incapacitated"),
    _c("invisible"),
    _c("paralyzed"),
    _c("petrified"),
    _c("poisoned"),
    _c("prone"),
    _c("restrained"),
    _c("stunned"),
    _c("unconscious"),
    _c("surprised", src.phb("Surprise")),
    _c("burning", src.BURNING),
    _c(DEATH_SUCCESSES, src.DEATH_SAVES),
    _c(DEATH_FAILURES, src.DEATH_SAVES),
    _c("stable", src.DEATH_SAVES),
    _c("dead", src.DROPPING_TO_ZERO),
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
