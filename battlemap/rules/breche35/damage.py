"""Weapon damage: the die + Strength (× 1.5 two-handed, × 0.5 off-hand, none for firearms),
multiplied on a confirmed critical except the bonus dice, then the target's damage reduction
and energy resistance (000 "Attaquer", "Capacités spéciales")."""

from __future__ import annotations

from battlemap.rules.breche35.effects import ability_modifiers, damage_penalties, stats_of
from battlemap.rules.breche35.stats import Breche35Stats, Weapon
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import named
from battlemap.rules.core.combat import Combatant, DamageResult
from battlemap.rules.core.dice import Dice, Roll, RollNode
from battlemap.rules.core.modifiers import Modifier

ATTAQUER = src("Attaquer")
SPECIALES = src("Capacités spéciales")
ENERGIES = {"fire", "cold", "electricity", "acid", "sonic"}


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


def _join(a: Roll, b: Roll) -> Roll:
    tree = RollNode(kind="op", op="+", value=a.total + b.total, children=[a.tree, b.tree])
    return Roll(expr=f"{a.expr} + {b.expr}", total=a.total + b.total, tree=tree, label=a.label)


def roll_damage(attacker: Combatant, target: Combatant, w: Weapon, dice: Dice,
                multiplier: int = 1) -> DamageResult:
    mods = strength_to_damage(attacker, w)
    if w.enhancement:
        mods.append(Modifier(name=named("enhancement"), value=w.enhancement, type="enhancement",
                             source=ATTAQUER, applies_to="damage"))
    mods += damage_penalties(attacker)
    bonus = sum(m.value for m in mods)
    once = f"{w.damage}{bonus:+d}" if bonus else w.damage
    expr = " + ".join(f"({once})" for _ in range(multiplier)) if multiplier > 1 else once
    roll = dice.roll(expr, label=f"dégâts {w.name}")
    notes = [f"× {multiplier} (coup critique)"] if multiplier > 1 else []
    physical = roll.total
    if physical < 1:
        notes.append("minimum 1 point de dégâts")
        physical = 1
    extra = 0
    if w.bonus_damage:
        bonus_roll = dice.roll(w.bonus_damage, label=f"dégâts {w.bonus_damage_type}")
        extra = bonus_roll.total
        if multiplier > 1:
            notes.append(f"dés de bonus ({w.bonus_damage}) non multipliés")
        roll = _join(roll, bonus_roll)
    physical, extra = _reductions(target, w, physical, extra, mods, notes)
    kind = "nonlethal" if w.nonlethal else "lethal"
    return DamageResult(roll=roll, modifiers=mods, total=physical + extra, kind=kind, notes=notes)


def _reductions(target: Combatant, w: Weapon, physical: int, extra: int,
                mods: list[Modifier], notes: list[str]) -> tuple[int, int]:
    """RD x/type on the weapon part, resistance x on its energy part; already applied here, so
    the engine passes this total to `damage` as plain lethal/nonlethal damage."""
    st = stats_of(target)
    if w.damage_type in ENERGIES:
        physical = _resist(st, w.damage_type, physical, mods)
    elif st.dr_amount and not bypasses(st, w.materials):
        cut = min(st.dr_amount, physical)
        mods.append(Modifier(name=named("damage_reduction", amount=st.dr_amount, bypass=st.dr_bypass),
                              value=-cut,
                             type="reduction", source=SPECIALES, applies_to="damage"))
        physical -= cut
    elif st.dr_amount:
        notes.append(f"RD {st.dr_amount}/{st.dr_bypass} contournée par l'arme")
    if extra:
        extra = _resist(st, w.bonus_damage_type, extra, mods)
    return physical, extra


def bypasses(st: Breche35Stats, materials: list[str]) -> bool:
    return st.dr_bypass not in ("-", "—", "") and st.dr_bypass in materials


def _resist(st: Breche35Stats, energy: str, amount: int, mods: list[Modifier]) -> int:
    res = st.energy_resistance.get(energy, 0)
    if not res or not amount:
        return amount
    cut = min(res, amount)
    mods.append(Modifier(name=named("resistance", energy=energy, n=res),
                          value=-cut, type="reduction",
                         source=SPECIALES, applies_to="damage"))
    return amount - cut
