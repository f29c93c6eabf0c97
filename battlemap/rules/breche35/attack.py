"""resolve_attack for breche35: one or several attacks, each with its roll, modifiers (applied
and dropped), AC breakdown, natural 20/1, threat + confirmation, miss chance and damage."""

from __future__ import annotations

from battlemap.rules.breche35.attack_mods import attack_modifiers, iterative_penalties, miss_chance
from battlemap.rules.breche35.damage import roll_damage
from battlemap.rules.breche35.defense import ArmourClass, armour_class
from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.breche35.stats import Weapon
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import named, note
from battlemap.rules.core.combat import AttackRequest, AttackResult, SingleAttack
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import DroppedModifier, Modifier, Stacking, stack

BASE = src("Le jet de base")


def weapon_of(req: AttackRequest) -> Weapon:
    try:
        return stats_of(req.attacker).weapon(req.weapon)
    except KeyError:
        raise ValueError(f"{req.attacker.name} has no weapon named '{req.weapon}'") from None


def resolve_attack(req: AttackRequest, dice: Dice, opts: Breche35Options) -> AttackResult:
    a, t, sit = req.attacker, req.target, req.situation
    w = weapon_of(req)
    ranged = w.kind == "ranged" or sit.kind in ("ranged", "ranged_touch")
    touch = sit.kind.endswith("_touch")
    out = AttackResult(attacker=a.id, target=t.id, weapon=w.name)
    if sit.cover == "total":
        out.attacks.append(SingleAttack(label=w.name, outcome="no_target", notes=[
            note("total_cover", src=src("Modificateurs de situation"))]))
        return out
    if ranged and a.has("prone") and not (w.crossbow or w.firearm):
        out.attacks.append(SingleAttack(label=w.name, outcome="no_target", notes=[
            note("prone_ranged", src=src("Modificateurs de situation"))]))
        return out
    mods, dropped = attack_modifiers(a, t, w, sit, ranged)
    ac = armour_class(t, sit, a, touch=touch, ranged=ranged)
    steps = iterative_penalties(stats_of(a).bab, req.full_attack, opts.fourth_iterative_attack)
    for i, pen in enumerate(steps):
        extra = [Modifier(name=named("iterative"), value=pen, type="iterative",
                          source=src("Attaquer"), applies_to="attack")] if pen else []
        label = w.name if len(steps) == 1 else f"{w.name} ({i + 1}/{len(steps)})"
        out.attacks.append(_one(req, w, mods + extra + list(sit.extra), dropped, ac, label,
                                dice, opts))
    if a.has("total_defense"):
        out.notes.append(note("total_defense"))
    if a.has("nauseated"):
        out.notes.append(note("nauseated"))
    if not ranged and not sit.in_reach:
        out.notes.append(note("out_of_reach"))
    if sit.charging:
        out.notes.append(note("charging"))
    return out


def _hits(natural: int, total: int, ac: int) -> bool:
    """000 "Le jet de base": a natural 20 always hits, a natural 1 always misses."""
    return natural == 20 or (natural != 1 and total >= ac)


def _one(req: AttackRequest, w: Weapon, mods: list[Modifier], dropped: list[DroppedModifier],
         ac: ArmourClass, label: str, dice: Dice,
         opts: Breche35Options) -> SingleAttack:
    st = stack(mods, Stacking.TYPED_35, disabled=req.situation.disabled)
    roll = dice.d20(label=note("attack_roll", label=label))
    nat = roll.natural or 0
    total = nat + st.total
    res = SingleAttack(label=label, roll=roll, modifiers=st.applied + ac.applied,
                       dropped=dropped + st.dropped + ac.dropped, total=total,
                       target_number=ac.total, target_label=ac.label, natural=nat)
    if nat == 20:
        res.notes.append(note("nat20"))
    if nat == 1:
        res.notes.append(note("nat1"))
    if not _hits(nat, total, ac.total):
        res.outcome = "miss"
        return res
    res.outcome = "hit"
    chance, why = miss_chance(req.attacker, req.target, req.situation)
    if chance and opts.concealment_miss_chance:
        res.miss_chance = dice.d(100, label=note("miss_chance_roll", why=why, chance=chance))
        if res.miss_chance.total <= chance:
            res.outcome = "miss"
            res.notes.append(note("miss_chance_missed", why=why, roll=res.miss_chance.total,
                                  chance=chance))
            return res
    multiplier = 1
    if nat >= w.crit_range:
        if opts.confirm_criticals:
            res.confirm = dice.d20(label=note("confirm_roll", label=label))
            cnat = res.confirm.natural or 0
            confirmed = _hits(cnat, cnat + st.total, ac.total)
            res.notes.append(note("confirmed" if confirmed else "not_confirmed", nat=nat,
                                  total=cnat + st.total, ac=ac.label))
        else:
            confirmed = True
        if confirmed:
            res.outcome = "critical"
            multiplier = w.crit_mult
    res.damage = roll_damage(req.attacker, req.target, w, dice, multiplier)
    res.damage.notes.insert(0, w.damage_type)
    return res
