"""Damage of one PMT hit: weapon dice + FOR (melee), with the options natural 20 = maximum,
fixed half damage, minions' fixed half maximum, and the miss that still deals 1."""

from __future__ import annotations

from battlemap.rules.core.combat import DamageResult
from battlemap.rules.core.dice import Dice, max_of
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats, Weapon
from battlemap.rules.pmt.tables import src
from battlemap.rules.pmt.words import named

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
                             source="B/X, FOR aux dommages de mêlée (texte muet)"))
    if weapon.bonus and not unarmed:
        mods.append(Modifier(name=named("weapon_bonus", weapon=weapon.name), value=weapon.bonus,
                             applies_to="damage", source=src("Formule")))
    if extra:
        mods.append(Modifier(name=named("two_weapons_simple"), value=extra,
                             applies_to="damage", source=src("Variante simplifiée")))
    roll = None
    if natural == 20 and opts.natural_20_max:
        base = max_of(expr)
        notes.append(f"20 naturel : dommages maximum de l'arme ({base})")
    elif att.minion and opts.minions:
        base = max_of(expr) // 2
        notes.append(f"sbire : dommages fixes, moitié du maximum ({base})")
    elif opts.fixed_damage:
        base = max_of(expr) // 2
        notes.append(f"dommages fixes : moitié du maximum ({base})")
    else:
        roll = dice.roll(expr, label="bagarre" if unarmed else f"dommages {weapon.name}")
        base = roll.total
    total = max(base + sum(m.value for m in mods), 1)
    return DamageResult(roll=roll, modifiers=mods, total=total,
                        kind="contondant" if unarmed else weapon.damage_type,
                        notes=notes)


def miss_damage(att: PmtStats, opts: PmtOptions) -> DamageResult | None:
    """"Un coup raté inflige quand même 1 dommage. Le MdT peut limiter cet avantage aux PJ." """
    if opts.miss_damage == "off" or (opts.miss_damage == "pcs" and not att.is_pc):
        return None
    return DamageResult(total=1, kind=MISS, notes=["coup raté : 1 dommage quand même "
                                        + src("Un coup raté inflige quand même 1 dommage")])
