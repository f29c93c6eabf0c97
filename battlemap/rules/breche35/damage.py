"""Weapon damage: the die + Strength (× 1.5 two-handed, × 0.5 off-hand, none for firearms),
multiplied on a confirmed critical except the bonus dice, each part with its type; then, where
any damage meets the target, its damage reduction and energy resistance (000 "Attaquer",
"Capacités spéciales")."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.breche35.effects import ability_modifiers, damage_penalties, stats_of
from battlemap.rules.breche35.stats import Breche35Stats, Weapon
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import named, told
from battlemap.rules.core.combat import Combatant, DamagePart, DamageResult
from battlemap.rules.core.damage_parts import joined, type_word
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier

ATTAQUER = src("Attaquer")
SPECIALES = src("Capacités spéciales")
ENERGIES = {"fire", "cold", "electricity", "acid", "sonic"}
# The weapon types a « RD x/type » is about, for damage that comes as one kind (hp.py).
PHYSICAL = {"slashing", "piercing", "bludgeoning", "weapon", "physical"}


def strength_to_damage(attacker: Combatant, w: Weapon) -> list[Modifier]:
    """Str in melee and for thrown weapons; × 1.5 / × 0.5 on a bonus (a penalty counts whole)."""
    if w.firearm or (w.kind == "ranged" and not w.thrown):
        return []
    mods = ability_modifiers(attacker, "strength", "damage")
    value = sum(m.value for m in mods)
    name = named("ability_strength")
    if value > 0 and w.two_handed:
        value, name = value * 3 // 2, named("strength_two_handed")
    elif value > 0 and w.off_hand:
        value, name = value // 2, named("strength_off_hand")
    if len(mods) > 1:
        name = named("with_causes", name=name, causes=[m.name for m in mods[1:]])
    return [Modifier(name=name, value=value, type="ability", source=ATTAQUER, applies_to="damage")]


def extra_dice(w: Weapon) -> list[tuple[str, str]]:
    """The weapon's parts beyond its own die, each (dice, type): the stat block's
    `bonus_damage` first, then its `extra_damage`."""
    given = [(w.bonus_damage, w.bonus_damage_type)] if w.bonus_damage else []
    return given + [(p.dice, p.type) for p in w.extra_damage]


def roll_damage(attacker: Combatant, target: Combatant, w: Weapon, dice: Dice,
                multiplier: int = 1) -> DamageResult:
    """The weapon's part (× `multiplier` on a confirmed critical, at least 1) and each bonus
    part, never multiplied (000 "Attaquer": « Les dés de bonus (feu, électricité) ne sont
    pas multipliés »). The target's DR and resistances meet the parts in hp.py, where every
    damage goes: `target` is the attack's, for the rules a blow reads of it."""
    mods = strength_to_damage(attacker, w)
    if w.enhancement:
        mods.append(Modifier(name=named("enhancement"), value=w.enhancement, type="enhancement",
                             source=ATTAQUER, applies_to="damage"))
    mods += damage_penalties(attacker)
    bonus = sum(m.value for m in mods)
    once = f"{w.damage}{bonus:+d}" if bonus else w.damage
    expr = " + ".join(f"({once})" for _ in range(multiplier)) if multiplier > 1 else once
    rolls = [dice.roll(expr, label=told("roll", weapon=w.name))]
    notes: list[str] = [told("multiplied", n=multiplier)] if multiplier > 1 else []
    physical = rolls[0].total
    if physical < 1:
        notes.append(told("minimum"))
        physical = 1
    parts = [DamagePart(type=w.damage_type, expr=expr, rolled=physical, materials=w.materials)]
    extras = extra_dice(w)
    for bonus_dice, kind in extras:
        rolls.append(dice.roll(bonus_dice, label=told("extra_roll", type=type_word(kind),
                                                      weapon=w.name)))
        parts.append(DamagePart(type=kind, expr=bonus_dice, rolled=rolls[-1].total))
    if extras and multiplier > 1:
        notes.append(told("not_multiplied", dice=[d for d, _ in extras], source=ATTAQUER))
    kind = "nonlethal" if w.nonlethal else "lethal"
    return DamageResult(roll=joined(rolls), modifiers=mods, total=sum(p.rolled for p in parts),
                        kind=kind, notes=notes, parts=parts)


def bypasses(st: Breche35Stats, materials: list[str]) -> bool:
    return st.dr_bypass not in ("-", "—", "") and st.dr_bypass in materials


def defend(target: Combatant, parts: Sequence[DamagePart]) -> list[DamagePart]:
    """Each part met by the target's defences (000 "Capacités spéciales"): an energy part by
    its resistance (« retranche x points aux dégâts de cette énergie »); the first other part,
    the blow's own, by the damage reduction (« retranche x points à chaque attaque d'arme,
    sauf si l'arme est du type indiqué »), once per blow. Never below 0."""
    st = stats_of(target)
    out, reduced = [], False
    for part in parts:
        amount, notes = max(0, part.rolled), list(part.notes)
        if part.type in ENERGIES:
            res = st.energy_resistance.get(part.type, 0)
            if res and amount:
                notes.append(told("resistance", type=type_word(part.type), n=res, before=amount,
                                  after=max(0, amount - res), source=SPECIALES))
                amount = max(0, amount - res)
        elif not reduced and st.dr_amount:
            reduced = True
            if bypasses(st, part.materials):
                notes.append(told("bypassed", n=st.dr_amount, bypass=st.dr_bypass,
                                  source=SPECIALES))
            elif amount:
                notes.append(told("reduction", n=st.dr_amount, bypass=st.dr_bypass,
                                  before=amount, after=max(0, amount - st.dr_amount),
                                  source=SPECIALES))
                amount = max(0, amount - st.dr_amount)
        out.append(part.model_copy(update={"taken": amount, "notes": notes}))
    return out
