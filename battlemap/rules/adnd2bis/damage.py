"""Weapon damage of one hit: dice, Strength, magic, charge, sneak attack, max ×2, underwater;
the weapon's other typed parts rolled beside its own."""

from __future__ import annotations

from battlemap.rules.adnd2bis.charge import BLOW_BONUS
from battlemap.rules.adnd2bis.charge import SECTION as CHARGE
from battlemap.rules.adnd2bis.stats import Adnd2bisStats, Weapon
from battlemap.rules.adnd2bis.tables import src, strength_combat
from battlemap.rules.adnd2bis.words import named, told
from battlemap.rules.core.combat import DamagePart, DamageResult
from battlemap.rules.core.damage_parts import joined, type_word
from battlemap.rules.core.dice import Dice, Roll, max_of
from battlemap.rules.core.modifiers import Modifier


def weapon_damage(att: Adnd2bisStats, weapon: Weapon, dice: Dice, *, charging: bool,
                  max_x2: bool, sneak: bool, damage_pct: int = 100,
                  target_paralyzed: bool = False) -> DamageResult:
    """The weapon's part (its dice and every modifier, at least 1) and each of its other
    parts (dice only): the seed gives no rule by damage type, so they only add up (hp.py)."""
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
    given = [(weapon.damage, weapon.damage_type)] + [(x.dice, x.type) for x in weapon.extra_damage]
    rolls: list[Roll] = []
    amounts: list[int] = []
    if max_x2:
        # Paralyzed / Unconscious: "max. weapon damage x 2"; no die is rolled (its other parts
        # are the weapon's damage too).
        amounts = [2 * max_of(d) for d, _ in given]
        notes.append(told("max_x2", n=sum(amounts), source=src(
            "Paralyzed (Paralysé)" if target_paralyzed else "Unconscious (Inconscient)")))
    else:
        rolls = [dice.roll(weapon.damage, label=told("roll", weapon=weapon.name))]
        rolls += [dice.roll(d, label=told("extra_roll", type=type_word(t), weapon=weapon.name))
                  for d, t in given[1:]]
        amounts = [r.total for r in rolls]
    amounts[0] += sum(m.value for m in mods)
    if sneak and att.sneak_attack:
        sneak_roll = dice.roll(att.sneak_attack, label=told("sneak_roll"))
        mods.append(Modifier(name=named("sneak_attack"), value=sneak_roll.total, applies_to="damage",
                             source=src("Flanking")))
        amounts[0] += sneak_roll.total
        notes.append(told("sneak", roll=sneak_roll.render()))
    if damage_pct != 100:
        amounts = [a * damage_pct // 100 for a in amounts]
        notes.append(told("underwater", pct=damage_pct))
    amounts[0] = max(amounts[0], 1)
    parts = [DamagePart(type=t, expr=d, rolled=a) for (d, t), a in zip(given, amounts, strict=True)]
    return DamageResult(roll=joined(rolls) if rolls else None, modifiers=mods,
                        total=sum(amounts), kind=weapon.damage_type, notes=notes, parts=parts)
