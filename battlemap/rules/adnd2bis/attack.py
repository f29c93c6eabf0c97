"""THAC0 attacks against descending AC: d20 + modifiers ≥ THAC0 − AC (AC bonuses raise the
number to reach). Every modifier carries the 2bis section it comes from."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.adnd2bis.charge import BLOW_BONUS
from battlemap.rules.adnd2bis.charge import SECTION as CHARGE
from battlemap.rules.adnd2bis.conditions import attacker_effects, defender_ac, max_damage_x2
from battlemap.rules.adnd2bis.damage import weapon_damage
from battlemap.rules.adnd2bis.fumbles import resolve_fumble
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats, Weapon
from battlemap.rules.adnd2bis.tables import (
    COVER_AC,
    INVISIBLE_AC,
    INVISIBLE_MISS,
    adnd_bonus,
    attack_rate,
    attacks_this_round,
    parse_rate,
    size_modifier,
    src,
    strength_combat,
)
from battlemap.rules.adnd2bis.underwater import underwater_attack
from battlemap.rules.adnd2bis.words import PREFIX, named, note
from battlemap.rules.core.combat import (
    AttackRequest,
    AttackResult,
    Combatant,
    DamageResult,
    SingleAttack,
)
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import (
    Advantage,
    DroppedModifier,
    Modifier,
    Stacking,
    stack,
)
from battlemap.text import Message, joined


def stats_of(c: Combatant) -> Adnd2bisStats:
    if isinstance(c.stats, Adnd2bisStats):
        return c.stats
    return Adnd2bisStats.model_validate(c.stats or {})


def attacks_per_round(s: Adnd2bisStats, round_number: int) -> int:
    rate = parse_rate(s.attacks_per_round) if s.attacks_per_round else attack_rate(
        s.class_group, s.level)
    return attacks_this_round(rate, round_number)


def resolve_attack(req: AttackRequest, dice: Dice, opts: Adnd2bisOptions) -> AttackResult:
    att, tgt = stats_of(req.attacker), stats_of(req.target)
    try:
        weapon = att.weapon(req.weapon)
    except KeyError:
        raise ValueError(f"{req.attacker.name} has no weapon named '{req.weapon}'") from None
    out = AttackResult(attacker=req.attacker.id, target=req.target.id, weapon=weapon.name)
    if req.situation.cover == "total":
        out.attacks.append(SingleAttack(label=weapon.name, outcome="no_target",
                                        notes=[note("total_cover")]))
        return out
    plan: list[tuple[Weapon, int]] = []  # (weapon, two-weapon penalty)
    count = attacks_per_round(att, req.round_number) if req.full_attack else 1
    off_name = req.options.get("two_weapon")
    main_pen = -2 if off_name else 0
    plan += [(weapon, main_pen)] * count
    if off_name:
        plan.append((att.weapon(str(off_name)), -4))
    for i, (w, pen) in enumerate(plan):
        one = _one_attack(req, att, tgt, w, pen, first=(i == 0), dice=dice, opts=opts)
        one.label = f"{w.name} ({i + 1}/{len(plan)})" if len(plan) > 1 else w.name
        out.attacks.append(one)
        if one.outcome == "fumble":
            out.notes.append(note("fumble_ends", src=src('Fumbles (natural 1/d20 toHit)')))
            break
    return out


def _one_attack(req: AttackRequest, att: Adnd2bisStats, tgt: Adnd2bisStats, weapon: Weapon,
                two_weapon_pen: int, first: bool, dice: Dice, opts: Adnd2bisOptions
                ) -> SingleAttack:
    sit = req.situation
    kind = weapon.kind if sit.kind in ("melee", "ranged") else sit.kind
    melee = kind.startswith("melee")
    mods: list[Modifier] = []
    adv = Advantage()
    notes: list[str] = []

    def add(name: Message, value: int, source: str) -> None:
        mods.append(Modifier(name=name, value=value, source=source))

    str_hit = strength_combat(att.strength)[0]
    if (melee or weapon.thrown) and str_hit:
        add(named("ability_score", ability=named("ability_str"), score=att.strength),
             str_hit, src("Bonus AD&D selon la Force au combat"))
    if not melee and opts.ranged_dex_to_hit:
        dex = _dex_missile(att.dexterity)
        if dex:
            add(named("dex_missiles"), dex, note("src_dex_missiles"))
    if weapon.bonus:
        add(named("magic_bonus", weapon=weapon.name), weapon.bonus, note("src_magic_weapons"))
    if opts.size_table != "off":
        diff = (size_modifier(req.attacker.size, opts.size_table)
                - size_modifier(req.target.size, opts.size_table))
        if diff:
            add(named("size_difference"), diff, src("Différentiel de taille"))
    flanked = opts.flanking and sit.flanked
    surprised = sit.surprised or req.target.has("surprised")
    if flanked:
        add(named("flanking"), 2, src("Flanking"))
    off_by_option: list[DroppedModifier] = []
    if surprised:
        add(named("surprised_target"), 2, src("Flanking"))
        if opts.surprise_bonus == "ac":  # the option reads 001 "Surprise" alone: −2 AC
            off_by_option.append(_off(mods.pop(), "surprise_ac_only"))
    if sit.charging and first:
        add(named("charge"), BLOW_BONUS, src(CHARGE))
    if two_weapon_pen:
        add(named("two_weapons"), two_weapon_pen, note("src_two_weapons"))
    if not melee and sit.range_increments >= 3:
        return SingleAttack(outcome="no_target", notes=[note("out_of_range")])
    if not melee and opts.range_penalties and sit.range_increments:
        add(named("medium_range" if sit.range_increments == 1 else "long_range"),
            -2 if sit.range_increments == 1 else -5, note("src_missile_ranges"))
    cond_mods, cond_adv = attacker_effects(req.attacker)
    mods += cond_mods
    # The GM's (001 first bullet), with their source as the 2024 rules give it.
    adv.advantage += cond_adv.advantage + [note("gm_call", name=n) for n in sit.advantage]
    adv.disadvantage += cond_adv.disadvantage + [note("gm_call", name=n) for n in sit.disadvantage]
    damage_pct = 100
    if opts.underwater:
        uw = underwater_attack(att, weapon, sit.distance_m)
        if uw.impossible:
            return SingleAttack(outcome="no_target", notes=[note("underwater_no", why=uw.impossible)])
        mods += uw.modifiers
        if uw.disadvantage:
            adv.disadvantage.append(uw.disadvantage)
        damage_pct = uw.damage_pct
    mods += sit.extra

    ac_mods = _cover(sit.cover, kind, tgt, sit.cover_obstacle_melee)
    invisible = sit.target_unseen
    if invisible:
        ac_mods.append(Modifier(name=named("invisible"), value=INVISIBLE_AC, applies_to="ac",
                                source=src("Modificateurs de Couverture")))
    ac_mods += defender_ac(req.target, kind, max(adnd_bonus(tgt.dexterity), 0))
    if opts.surprise_bonus == "to_hit":  # the option reads 001 "Flanking" alone: +2 to hit
        off_by_option += [_off(m, "surprise_to_hit_only") for m in ac_mods
                          if m.name == named("surprised")]
        ac_mods = [m for m in ac_mods if m.name != named("surprised")]
    if sit.cover == "90":
        adv.disadvantage.append(note("cover_90"))

    hit_stack = stack(mods, Stacking.ALL, sit.disabled)
    ac_stack = stack(ac_mods, Stacking.ALL, sit.disabled)
    roll = dice.d20(adv.mode, label=note("attack_roll", weapon=weapon.name))
    natural = roll.natural or 0
    total = natural + hit_stack.total
    target = att.thac0 - tgt.ac + ac_stack.total
    label = joined([named("thac0_ac", thac0=att.thac0, ac=tgt.ac), *([named(
        "ac_changes", total=f"{ac_stack.total:+d}", names=[m.name for m in ac_stack.applied])]
        if ac_stack.total else []), named("equals", n=target)])
    one = SingleAttack(roll=roll, advantage=adv.mode, advantage_why=adv.explain(),

                       modifiers=hit_stack.applied + ac_stack.applied,
                       dropped=hit_stack.dropped + ac_stack.dropped + off_by_option,
                       total=total, target_number=target, target_label=label, natural=natural,
                       notes=notes)
    if natural == 1:
        one.outcome = "fumble"
        # "Tous les fumbles arrêtent … toute action subséquente … y compris ses capacités de
        # réactions": until its next turn (start_of_turn ends "fumbled").
        one.self_conditions = [Condition(name="fumbled", source=src("Fumbles (natural 1/d20 toHit)"))]
        if opts.fumble_table:
            fumble = resolve_fumble(req.attacker, dice)
            one.notes += fumble.notes
            one.self_conditions += fumble.conditions
            one.self_damage = [DamageResult(roll=r, total=r.total, kind=kind_)
                               for r, kind_ in fumble.damage]
        return one
    hit = total >= target or (natural == 20 and opts.natural_20_hits)
    if hit and natural == 20 and total < target:
        one.notes.append(note("nat20"))
    if hit and (invisible or sit.concealment):
        chance = INVISIBLE_MISS if invisible else sit.concealment
        one.miss_chance = dice.d(100, label=note("miss_chance_roll", chance=chance))
        if one.miss_chance.total <= chance:
            one.notes.append(note("invisible_miss", roll=one.miss_chance.total, chance=chance))
            hit = False
    if not hit:
        one.outcome = "miss"
        return one
    one.outcome = "hit"
    one.damage = weapon_damage(att, weapon, dice, charging=sit.charging and first,
                               max_x2=max_damage_x2(req.target, kind),
                               sneak=flanked or surprised, damage_pct=damage_pct,
                               target_paralyzed=req.target.has("paralyzed"))
    return one


def _off(m: Modifier, why: str) -> DroppedModifier:
    """A modifier the encounter's option leaves out, saying which option and which reading."""
    return DroppedModifier(**m.model_dump(), why=Message.of(f"{PREFIX}.dropped.{why}"))


def _cover(level: str, kind: str, tgt: Adnd2bisStats, obstacle: bool = False
           ) -> list[Modifier]:
    """Cover AC; a tower shield is a permanent 25 % cover against missiles; an obstacle in
    melee is 25 % (both in the nota of "Modificateurs de Couverture")."""
    name = named("melee_obstacle") if obstacle else named("cover", level=level)
    bonus = COVER_AC.get(level, 0)
    if not kind.startswith("melee") and tgt.shield == "tower" and bonus < COVER_AC["25"]:
        name, bonus = named("tower_shield"), COVER_AC["25"]
    if not bonus:
        return []
    return [Modifier(name=name, value=bonus, applies_to="ac",
                     source=src("Modificateurs de Couverture"))]


def _dex_missile(dex: int) -> int:
    """AD&D 2e missile adjustment: DEX − 15 above 15, the AD&D table below 7."""
    return max(dex - 15, 0) if dex >= 15 else min(adnd_bonus(dex), 0)
