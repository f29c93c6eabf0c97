"""resolve_attack for dnd2024: d20 + ability + proficiency vs AC (+ cover), advantage and
disadvantage by source, natural 20 critical, natural 1 miss (option)."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, AttackResult, SingleAttack
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Modifier, Stacking, stack
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.advantage import CLOSE_M, attack_advantage
from battlemap.rules.dnd2024.combatants import attack_ability, pick_weapon, stats_of
from battlemap.rules.dnd2024.conditions import (
    AUTO_CRIT_WITHIN_1_5M,
    CONDITIONS,
    condition_source,
    exhaustion_level,
    is_incapacitated,
)
from battlemap.rules.dnd2024.cover import cover_modifier
from battlemap.rules.dnd2024.damage import damage_modifiers, roll_damage
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.stats import Weapon
from battlemap.rules.dnd2024.words import ability_named, condition_named, named, note
from battlemap.text import Message, joined


def resolve_attack(req: AttackRequest, dice: Dice, options: Dnd2024Options) -> AttackResult:
    stats = stats_of(req.attacker)
    weapon = pick_weapon(stats, req.weapon)
    result = AttackResult(attacker=req.attacker.id, target=req.target.id, weapon=weapon.name)
    why_not = _cannot_attack(req, weapon)
    if why_not:
        result.attacks.append(SingleAttack(label=weapon.name, outcome="no_target", notes=[why_not]))
        return result
    count = stats.attacks_per_action if req.full_attack else 1
    for i in range(count):
        label = weapon.name if count == 1 else f"{weapon.name} ({i + 1}/{count})"
        result.attacks.append(_one_attack(req, weapon, label, dice, options))
    if count > 1:
        result.notes.append(note("extra_attacks", n=count, src=src.phb('Extra Attack')))
    return result


def _cannot_attack(req: AttackRequest, weapon: Weapon) -> str:
    sit = req.situation
    if sit.cover == "total":
        return note("total_cover", src=src.COVER)
    if is_incapacitated(req.attacker):
        return note("attacker_incapacitated", src=src.condition('Incapacitated'))
    if req.attacker.has("charmed") and condition_source(req.attacker, "charmed") == req.target.id:
        return note("charmed_by_target", src=src.condition('Charmed'))
    if weapon.kind == "melee" and not sit.in_reach:
        return note("out_of_reach", src=src.REACH)
    limit = weapon.long_range_m or weapon.range_m
    if weapon.kind == "ranged" and limit is not None and sit.distance_m > limit + 1e-9:
        return note("beyond_long_range", m=float(limit), src=src.LONG_RANGE)
    return ""


def _attack_modifiers(req: AttackRequest, weapon: Weapon) -> list[Modifier]:
    stats = stats_of(req.attacker)
    ability = attack_ability(stats, weapon)
    mods = [Modifier(name=named("ability_mod", ability=ability_named(ability)),
                     value=stats.mod(ability), type="ability", source=src.ATTACK_ROLLS)]
    if weapon.proficient:
        mods.append(Modifier(name=named("proficiency"), value=stats.proficiency_bonus,
                             type="proficiency", source=src.PROFICIENCY))
    if weapon.attack_bonus:
        mods.append(Modifier(name=named("weapon_bonus", weapon=weapon.name), value=weapon.attack_bonus,
                             type="item", source=src.phb("Magic Weapons")))
    level = exhaustion_level(req.attacker)
    if level:
        mods.append(Modifier(name=named("exhaustion", level=level), value=-2 * level,
                             type="exhaustion", source=src.condition("Exhaustion")))
    return mods


def _one_attack(req: AttackRequest, weapon: Weapon, label: str, dice: Dice,
                options: Dnd2024Options) -> SingleAttack:
    sit = req.situation
    long_range = weapon.kind == "ranged" and (
        (weapon.range_m is not None and sit.distance_m > weapon.range_m + 1e-9)
        or sit.range_increments > 0)
    adv = attack_advantage(req.attacker, req.target, weapon, sit, options, long_range)
    roll = dice.d20(adv.mode, label=note("attack_roll", label=label))
    natural = roll.natural

    mods = _attack_modifiers(req, weapon) + [m for m in sit.extra if m.applies_to == "attack"]
    ac_mods = [m for m in sit.extra if m.applies_to == "ac"]
    cover = cover_modifier(sit.cover, "ac")
    if cover:
        ac_mods.insert(0, cover)
    atk = stack(mods, Stacking.ALL, sit.disabled)
    ac = stack(ac_mods, Stacking.ALL, sit.disabled)
    base_ac = stats_of(req.target).ac
    target_number = base_ac + ac.total
    total = roll.total + atk.total
    target_label = joined([Message.of("rules.ac", ac=base_ac), *(
        named("ac_plus", sign="+" if m.value >= 0 else "−", n=abs(m.value), name=m.name)
        for m in ac.applied), *([named("equals", n=target_number)] if ac.applied else [])])

    single = SingleAttack(label=label, roll=roll, advantage=adv.mode, advantage_why=adv.explain(),

                          modifiers=atk.applied + ac.applied, dropped=atk.dropped + ac.dropped,
                          total=total, target_number=target_number, target_label=target_label,
                          natural=natural)
    if natural == 20:
        single.outcome = "critical"
        single.notes.append(note("nat20", src=src.CRITICAL))
    elif natural == 1 and options.natural_one_misses:
        single.outcome = "miss"
        single.notes.append(note("nat1", src=src.NATURAL_ONE))
    else:
        single.outcome = "hit" if total >= target_number else "miss"
    if single.outcome == "hit" and weapon.kind == "melee" and sit.distance_m <= CLOSE_M + 1e-9:
        helpless = [n for n in sorted(AUTO_CRIT_WITHIN_1_5M) if req.target.has(n)]
        if helpless:
            single.outcome = "critical"
            label = CONDITIONS[helpless[0]].label
            single.notes.append(note("auto_crit", cond=condition_named(helpless[0]),
                                     src=src.condition(label)))
    if single.outcome in ("hit", "critical"):
        stats = stats_of(req.attacker)
        ability = attack_ability(stats, weapon)
        dmods = damage_modifiers(weapon, ability, stats.mod(ability))
        dmods += [m for m in sit.extra if m.applies_to == "damage"]
        dstack = stack(dmods, Stacking.ALL, sit.disabled)
        single.damage = roll_damage(weapon, dstack.applied, dice, single.outcome == "critical")
        single.dropped += dstack.dropped
    return single

