"""Weapon damage: the weapon's dice and each of its other parts' (twice on a critical hit),
then the modifiers once, on the weapon's own part (003 "Coup critique": « tous les dés de
dégâts de l'attaque sont lancés deux fois […] Ajoutez ensuite les modificateurs
applicables »). Each part keeps its type for the target's defences (hp.py)."""

from __future__ import annotations

import re

from battlemap.rules.core.combat import DamagePart, DamageResult
from battlemap.rules.core.damage_parts import joined, type_word
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.stats import Ability, Weapon
from battlemap.rules.dnd2024.words import ability_named, named, told
from battlemap.text import Message

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
    """The weapon's part (its dice and the modifiers, never below 0), then each of its
    `extra_damage` parts, dice only."""
    given = [(weapon.damage, weapon.damage_type)] + [(p.dice, p.type) for p in weapon.extra_damage]
    exprs = [double_dice(d) if critical else d for d, _ in given]
    bonus = sum(m.value for m in mods)
    rolls = [dice.roll(exprs[0], label=told("roll", weapon=weapon.name))]
    rolls += [dice.roll(e, label=told("extra_roll", type=type_word(t), weapon=weapon.name))
              for e, (_, t) in zip(exprs[1:], given[1:], strict=True)]
    notes: list[Message] = []
    if critical:
        notes.append(told("critical", dice=[told("doubled", before=d, after=e)
                                            for (d, _), e in zip(given, exprs, strict=True)],
                          source=src.CRITICAL))
    own = rolls[0].total + bonus
    if own < 0:
        notes.append(told("floor"))
    parts = [DamagePart(type=weapon.damage_type, expr=f"{exprs[0]}{bonus:+d}" if bonus else exprs[0],
                        rolled=max(0, own))]
    parts += [DamagePart(type=t, expr=e, rolled=r.total)
              for r, e, (_, t) in zip(rolls[1:], exprs[1:], given[1:], strict=True)]
    return DamageResult(roll=joined(rolls), modifiers=mods, total=sum(p.rolled for p in parts),
                        kind=weapon.damage_type, notes=notes, parts=parts)

