"""PMT attack rolls: ascending AC (d20 + attack bonus + FOR/DEX + weapon + situational ≥ CA),
or descending AC with TAC0, classic (≥ TAC0 − CA) or CibleTAC0 (+ CA ≥ TAC0) (004 "Formule",
TAC0 formulas). Manoeuvres, two weapons, minions and unconscious targets are handled here."""

from __future__ import annotations

from typing import Any

from battlemap.rules.core.choices import AttackChoice, off_hand_choice
from battlemap.rules.core.combat import AttackRequest, AttackResult, Combatant, SingleAttack
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Advantage, Modifier, Stacking, stack
from battlemap.rules.pmt.ac import ac_modifiers, base_ascending, posture_bonus
from battlemap.rules.pmt.conditions import attacker_effects, helpless
from battlemap.rules.pmt.damage import KILL, hit_damage, miss_damage
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats, Weapon
from battlemap.rules.pmt.tables import descending_from_ascending, src
from battlemap.rules.pmt.two_weapons import two_weapon_problem
from battlemap.rules.pmt.words import PREFIX, manoeuvre_named, named, note
from battlemap.text import Message

COVER = {"partial": ("partial_cover", -2), "half": ("partial_cover", -2),
         "three_quarters": ("heavy_cover", -4)}
COVER_SOURCE = "docs/rules/pmt.md#the-map : couvert partiel −2 / important −4 (texte muet)"
MANOEUVRES = "Manœuvres de combat"
UNCONSCIOUS = "Toute attaque contre un personnage inconscient"
TWO_WEAPONS = "combattre avec une arme primaire dans la main directrice"
NATURAL_1_SOURCE = "docs/rules/pmt.md#attacks : option natural_1 (texte muet sur le 1 naturel)"


def stats_of(c: Combatant) -> PmtStats:
    return c.stats if isinstance(c.stats, PmtStats) else PmtStats.model_validate(c.stats or {})


def attack_choices(attacker: Combatant, target: Combatant, weapon: str | None
                   ) -> list[AttackChoice]:
    """A second weapon among those the seed allows with this one; finishing off a target
    that is unconscious ("le tue si l'attaquant le désire")."""
    att = stats_of(attacker)
    try:
        primary = att.weapon(weapon)
    except KeyError:
        return []
    off = off_hand_choice([w.name for w in att.weapons
                           if two_weapon_problem(att, primary, w) is None], src(TWO_WEAPONS))
    out = [off] if off else []
    if helpless(target):
        out.append(AttackChoice(key="kill", label=Message.of(f"{PREFIX}.choice.kill"),
                                kind="yes_no", source=src(UNCONSCIOUS)))
    return out


def resolve_attack(req: AttackRequest, dice: Dice, opts: PmtOptions) -> AttackResult:
    att = stats_of(req.attacker)
    try:
        weapon = att.weapon(req.weapon)
    except KeyError:
        raise ValueError(f"{req.attacker.name} has no weapon named '{req.weapon}'") from None
    out = AttackResult(attacker=req.attacker.id, target=req.target.id, weapon=weapon.name)
    if req.situation.cover == "total":
        out.attacks.append(SingleAttack(label=weapon.name, outcome="no_target",
                                        notes=[note("total_cover")]))
        return out
    manoeuvre = req.options.get("manoeuvre")
    if manoeuvre is not None and manoeuvre not in opts.manoeuvres:
        raise ValueError(f"the GM does not allow the manoeuvre '{manoeuvre}' "
                         f"(allowed: {', '.join(opts.manoeuvres)})")
    # (weapon, attack modifier, damage modifier, modifier name)
    plan: list[tuple[Weapon, int, int, str]] = []
    off_name = req.options.get("two_weapon")
    if off_name:
        off = att.weapon(str(off_name))
        problem = two_weapon_problem(att, weapon, off)
        if problem:
            raise ValueError(f"{req.attacker.name} cannot fight with two weapons: {problem}")
        if opts.two_weapon == "standard":
            plan = [(weapon, -2, 0, "primary_weapon"), (off, -4, 0, "secondary_weapon")]
        else:
            bonus = 1 + off.bonus  # a magic secondary weapon adds its bonus
            plan = [(weapon, bonus, bonus, "two_weapons_simple")]
    else:
        count = att.attacks_per_round if req.full_attack else 1
        plan = [(weapon, 0, 0, "")] * count
    for i, (w, hit_mod, dmg_mod, why) in enumerate(plan):
        one = _one(req, att, w, hit_mod, dmg_mod, why, manoeuvre, dice, opts)
        one.label = f"{w.name} ({i + 1}/{len(plan)})" if len(plan) > 1 else w.name
        out.attacks.append(one)
    return out


def target_ac(tgt: PmtStats, c: Combatant, opts: PmtOptions) -> tuple[int, list[Modifier]]:
    """The defender's AC in the encounter's form, with what changed it."""
    mods = ac_modifiers(tgt, opts, c)
    asc = base_ascending(tgt) + sum(m.value for m in mods)
    return (asc if opts.ac_form == "ascending" else descending_from_ascending(asc)), mods


def _one(req: AttackRequest, att: PmtStats, weapon: Weapon, hit_mod: int, dmg_mod: int,
         why: str, manoeuvre: str | None, dice: Dice, opts: PmtOptions) -> SingleAttack:
    sit, tgt_c = req.situation, req.target
    tgt = stats_of(tgt_c)
    melee = weapon.kind == "melee" and not sit.kind.startswith("ranged")
    if helpless(tgt_c):
        one = SingleAttack(outcome="auto_hit", target_label=named("auto_hit"), notes=[
            note("helpless_target", src=src(UNCONSCIOUS))])
        one.damage = hit_damage(att, weapon, dice, opts, natural=0, extra=dmg_mod)
        if req.options.get("kill"):
            # The attacker's wish: the damage kind tells `hp.damage` to kill.
            one.damage.kind = KILL
            one.damage.notes.append(note("finishes_off", src=src(UNCONSCIOUS)))
        return one
    mods: list[Modifier] = []

    def add(key: str, value: int, source: str, **params: Any) -> None:
        mods.append(Modifier(name=named(key, **params), value=value, source=source))

    if opts.ac_form == "ascending":
        add("attack_bonus", att.bonus, src("Formule"))
    if melee:
        add("str_mod", att.str_mod, src("Formule"))
    else:
        add("dex_mod", att.dex_mod, src("Formule"))
    if weapon.bonus:
        add("weapon_bonus", weapon.bonus, src("Formule"), weapon=weapon.name)
    if not weapon.proficient and opts.nonproficient_weapon:
        add("forbidden_weapon", -4, src("Tout personnage peut manier une arme interdite"))
    if why:
        add(why, hit_mod, src("Variante simplifiée" if hit_mod > 0 else TWO_WEAPONS))
    if sit.cover in COVER:
        add(*COVER[sit.cover], COVER_SOURCE)
    if opts.flanking and sit.flanked:
        add("flanking", 2, "docs/rules/pmt.md#the-map : option +2 (texte muet)")
    mods += attacker_effects(req.attacker)
    if (tgt_c.has("defensive_posture") and opts.ac_form == "descending"
            and opts.defensive_posture == "subtract"):
        add("foe_defensive_posture", -posture_bonus(tgt, opts), src("posture défensive"))
    mods += sit.extra
    ac, ac_mods = target_ac(tgt, tgt_c, opts)
    if opts.ac_form == "descending" and opts.thac0_formula == "cible":
        add("defender_ac", ac, src("Variante : CibleTAC0"))
    hit_stack = stack(mods, Stacking.ALL, sit.disabled)
    ac_stack = stack(ac_mods, Stacking.ALL, sit.disabled)
    adv = Advantage(advantage=list(sit.advantage), disadvantage=list(sit.disadvantage))
    roll = dice.d20(adv.mode, label=note("attack_roll", weapon=weapon.name))
    natural = roll.natural or 0
    total = natural + hit_stack.total
    if opts.ac_form == "ascending":
        target, label = ac, Message.of("rules.ac", ac=ac)
    elif opts.thac0_formula == "classic":
        target, label = att.to_hit_0 - ac, named("thac0_ac", thac0=att.to_hit_0, ac=ac,
                                                    n=att.to_hit_0 - ac)
    else:
        target, label = att.to_hit_0, named("thac0", thac0=att.to_hit_0)
    one = SingleAttack(roll=roll, advantage=adv.mode, advantage_why=adv.explain(),

                       modifiers=hit_stack.applied + ac_stack.applied,
                       dropped=hit_stack.dropped + ac_stack.dropped, total=total,
                       target_number=target, target_label=label, natural=natural)
    if natural == 1 and (opts.natural_1 == "auto_miss" or total >= target):
        # The seed names the natural 20 alone (004 "Sur un 20 naturel"): the 1 is the
        # option's (docs/rules/pmt.md "Natural 1"), said where it decides the outcome.
        one.notes.append(("1 naturel : raté automatique " if opts.natural_1 == "auto_miss"
                          else "1 naturel : compté tel quel, il touche ") + NATURAL_1_SOURCE)
    if total < target or (natural == 1 and opts.natural_1 == "auto_miss"):
        one.outcome = "miss"
        one.damage = miss_damage(att, opts)
        return one
    one.outcome = "hit"
    if manoeuvre and natural >= opts.coup_de_maitre:
        one.notes.append(note("coup_de_maitre", name=manoeuvre_named(manoeuvre), src=src(MANOEUVRES)))
        return one
    unarmed = bool(req.options.get("unarmed")) and manoeuvre is not None
    one.damage = hit_damage(att, weapon, dice, opts, natural=natural, extra=dmg_mod,
                            unarmed=unarmed)
    if manoeuvre:
        one.notes.append(note("defender_chooses", name=manoeuvre_named(manoeuvre),
                              src=src(MANOEUVRES)))
    if tgt.minion and opts.minions:
        hp = tgt_c.hp if tgt_c.hp is not None else tgt.max_hp
        one.damage.total = max(one.damage.total, hp)
        one.notes.append(note("minion_hit", src=src("Sbires")))
    return one
