"""Reading a Combatant's dnd2024 numbers, whatever the engine handed over."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.weapons import pick_weapon as _pick
from battlemap.rules.dnd2024.stats import Ability, Dnd2024Stats, Weapon


def stats_of(who: Combatant) -> Dnd2024Stats:
    """The engine passes the validated model; a dict or None is validated here."""
    if isinstance(who.stats, Dnd2024Stats):
        return who.stats
    return Dnd2024Stats.model_validate(who.stats or {})


def current_hp(who: Combatant) -> int:
    """A token with no hp set is unhurt."""
    return stats_of(who).max_hp if who.hp is None else who.hp


def pick_weapon(stats: Dnd2024Stats, name: str | None) -> Weapon:
    """The named weapon, the first one, or an unarmed strike (D&D 2024 PHB, Unarmed Strike)."""
    return _pick(stats.weapons, name, Weapon)


def attack_ability(stats: Dnd2024Stats, weapon: Weapon) -> Ability:
    """Str for melee, Dex for ranged, the better of the two for finesse weapons."""
    if weapon.ability is not None:
        return weapon.ability
    if "finesse" in weapon.properties:
        return "dex" if stats.mod("dex") > stats.mod("str") else "str"
    return "str" if weapon.kind == "melee" else "dex"
