"""Weapon damage of one hit: dice, Strength, magic, charge, sneak attack, max ×2, underwater."""

from __future__ import annotations

from battlemap.rules.adnd2bis.charge import BLOW_BONUS
from battlemap.rules.adnd2bis.charge import SECTION as CHARGE
from battlemap.rules.adnd2bis.stats import Adnd2bisStats, Weapon
from battlemap.rules.adnd2bis.tables import src, strength_combat
from battlemap.rules.adnd2bis.words import named
from battlemap.rules.core.combat import DamageResult
from battlemap.rules.core.dice import Dice, max_of
from battlemap.rules.core.modifiers import Modifier


def weapon_damage(att: Adnd2bisStats, weapon: Weapon, dice: Dice, *, charging: bool,
                  max_x2: bool, sneak: bool, damage_pct: int = 100) -> DamageResult:
    mods: list[Modifier] = []
    notes: list[str] = []
    uses_str = weapon.kind == "melee" or weapon.thrown
    if uses_str:
        str_dmg = strength_combat(att.strength)[1]
        if charging and weapon.polearm:
            # "Charge": a thrusting polearm doubles the Strength damage bonus, minimum 2.
            mods.append(Modifier(name=named("strength_polearm_charge"), value=max(2 * str_dmg, 2),
                                 applies_to="damage", source=src("Charge")))
        elif str_dmg:
            mods.append(Modifier(name=named("ability_score", ability=named("ability_str"),
                                                      score=att.strength), value=str_dmg, applies_to="damage",
                                 source=src("Bonus AD&D selon la Force au combat")))
    if weapon.bonus:
        mods.append(Modifier(name=named("magic_bonus", weapon=weapon.name), value=weapon.bonus,
                             applies_to="damage", source="AD&D 2e, armes magiques"))
    if charging:
        mods.append(Modifier(name=named("charge"), value=BLOW_BONUS, applies_to="damage",
                             source=src(CHARGE)))
    if max_x2:
        # Paralyzed / Unconscious: "max. weapon damage x 2"; no die is rolled.
        base = 2 * max_of(weapon.damage)
        roll = None
        notes.append(f"dommages max de l'arme ×2 = {base}")
    else:
        roll = dice.roll(weapon.damage, label=f"dommages {weapon.name}")
        base = roll.total
    total = base + sum(m.value for m in mods)
    if sneak and att.sneak_attack:
        sneak_roll = dice.roll(att.sneak_attack, label="sneak attack")
        mods.append(Modifier(name=named("sneak_attack"), value=sneak_roll.total, applies_to="damage",
                             source=src("Flanking")))
        total += sneak_roll.total
        notes.append(f"sneak attack {sneak_roll.render()}")
    if damage_pct != 100:
        total = total * damage_pct // 100
        notes.append(f"sous l'eau : dommages ×{damage_pct} %")
    total = max(total, 1)
    return DamageResult(roll=roll, modifiers=mods, total=total, kind=weapon.damage_type,
                        notes=notes)
