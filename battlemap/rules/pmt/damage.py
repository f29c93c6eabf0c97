"""Damage of one PMT hit: weapon dice + FOR (melee), with the options natural 20 = maximum,
fixed half damage, minions' fixed half maximum, and the miss that still deals 1; a weapon's
other typed parts are rolled (or fixed) as its own dice, and add up (hp.py)."""

from __future__ import annotations

from battlemap.rules.core.combat import DamagePart, DamageResult
from battlemap.rules.core.damage_parts import joined, type_word
from battlemap.rules.core.dice import Dice, Roll, max_of
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats, Weapon
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import named, told

BRAWL = "1d2"  # "dégâts de bagarre à mains nues (1d2 + modificateur de FOR)"
# Damage kinds `hp.damage` reads: the 1 point of a miss (not a successful attack, so it does
# not take a minion out) and the blow that finishes an unconscious creature.
MISS = "coup raté"
KILL = "coup fatal"


def hit_damage(att: PmtStats, weapon: Weapon, dice: Dice, opts: PmtOptions, *, natural: int,
               extra: int = 0, unarmed: bool = False) -> DamageResult:
    """`unarmed`: a manoeuvre made bare-handed deals brawl damage, 1d2 + FOR, and the weapon in
    hand adds nothing (004 "Manœuvres de combat")."""
    expr = BRAWL if unarmed else weapon.damage
    mods: list[Modifier] = []
    notes: list[str] = []
    if unarmed and att.str_mod:
        mods.append(Modifier(name=named("str_mod"), value=att.str_mod, applies_to="damage",
                             source=src("Manœuvres de combat")))
    elif weapon.kind == "melee" and att.str_mod:
        mods.append(Modifier(name=named("str_mod"), value=att.str_mod, applies_to="damage",
                             source=told("str_source")))
    if weapon.bonus and not unarmed:
        mods.append(Modifier(name=named("weapon_bonus", weapon=weapon.name), value=weapon.bonus,
                             applies_to="damage", source=src("Formule")))
    if extra:
        mods.append(Modifier(name=named("two_weapons_simple"), value=extra,
                             applies_to="damage", source=src("Variante simplifiée")))
    given = [(expr, "contondant" if unarmed else weapon.damage_type)]
    if not unarmed:  # the weapon's other parts are its damage too (a flaming sword's fire)
        given += [(x.dice, x.type) for x in weapon.extra_damage]
    rolls: list[Roll] = []
    if natural == 20 and opts.natural_20_max:
        amounts = [max_of(d) for d, _ in given]
        notes.append(told("natural_20", n=sum(amounts)))
    elif att.minion and opts.minions:
        amounts = [max_of(d) // 2 for d, _ in given]
        notes.append(told("minion_fixed", n=sum(amounts)))
    elif opts.fixed_damage:
        amounts = [max_of(d) // 2 for d, _ in given]
        notes.append(told("fixed", n=sum(amounts)))
    else:
        rolls = [dice.roll(expr, label=told("brawl_roll") if unarmed
                           else told("roll", weapon=weapon.name))]
        rolls += [dice.roll(d, label=told("extra_roll", type=type_word(t), weapon=weapon.name))
                  for d, t in given[1:]]
        amounts = [r.total for r in rolls]
    amounts[0] = max(amounts[0] + sum(m.value for m in mods), 1)
    parts = [DamagePart(type=t, expr=d, rolled=a) for (d, t), a in zip(given, amounts, strict=True)]
    return DamageResult(roll=joined(rolls) if rolls else None, modifiers=mods,
                        total=sum(amounts), kind=given[0][1], notes=notes, parts=parts)


def miss_damage(att: PmtStats, opts: PmtOptions) -> DamageResult | None:
    """"Un coup raté inflige quand même 1 dommage. Le MdT peut limiter cet avantage aux PJ." """
    if opts.miss_damage == "off" or (opts.miss_damage == "pcs" and not att.is_pc):
        return None
    return DamageResult(total=1, kind=MISS, notes=[told(
        "miss", source=src("Un coup raté inflige quand même 1 dommage"))])
