"""Weapon damage: the weapon's dice (twice on a critical hit), then the modifiers once
(003 "Coup critique": « tous les dés de dégâts de l'attaque sont lancés deux fois […]
Ajoutez ensuite les modificateurs applicables »)."""

from __future__ import annotations

import re

from battlemap.rules.core.combat import DamageResult
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.stats import Ability, Weapon
from battlemap.rules.dnd2024.words import ability_named, named

_DICE = re.compile(r"(\d*)d(\d+)")


def double_dice(expr: str) -> str:
    """'1d8+1d6' → '2d8+2d6': every die of the attack counted twice."""
    return _DICE.sub(lambda m: f"{2 * int(m.group(1) or 1)}d{m.group(2)}", expr)


def damage_modifiers(weapon: Weapon, ability: Ability, ability_mod: int) -> list[Modifier]:
    mods = [Modifier(name=named("ability_mod", ability=ability_named(ability)), value=ability_mod,
                     type="ability", source=src.phb("Damage Rolls"), applies_to="damage")]
    if weapon.damage_bonus:
        mods.append(Modifier(name=named("weapon_bonus", weapon=weapon.name), value=weapon.damage_bonus,
                             type="item", source=src.phb("Magic Weapons"), applies_to="damage"))
    return [m for m in mods if m.value]


def roll_damage(weapon: Weapon, mods: list[Modifier], dice: Dice, critical: bool) -> DamageResult:
    expr = double_dice(weapon.damage) if critical else weapon.damage
    roll = dice.roll(expr, label=f"dégâts ({weapon.name})")
    notes = []
    if critical:
        notes.append(f"coup critique : dés lancés deux fois ({weapon.damage} → {expr}), "
                     f"modificateurs une fois ({src.CRITICAL})")
    total = roll.total + sum(m.value for m in mods)
    if total < 0:
        notes.append("les dégâts ne descendent pas sous 0")
    return DamageResult(roll=roll, modifiers=mods, total=max(0, total), kind=weapon.damage_type,
                        notes=notes)
