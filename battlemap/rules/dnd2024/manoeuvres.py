"""Grapple and Shove as Unarmed Strike options (D&D 2024 PHB, Unarmed Strike): the target,
at most one size larger and within reach, makes a Strength or Dexterity save (its choice:
the better one unless told) against DD 8 + the attacker's Str modifier + proficiency.
Escaping a grapple: Str (Athletics) or Dex (Acrobatics) check against the same DD.
First aid: Wis (Medicine) DD 10 stabilises the dying or wakes the knocked out."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import (
    ManoeuvreRequest,
    ManoeuvreResult,
    RollSide,
    SaveRequest,
    Situation,
)
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.gm_edits import gm_added
from battlemap.rules.core.modifiers import Modifier, Stack, Stacking, stack
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.conditions import (
    DEATH_FAILURES,
    DEATH_SUCCESSES,
    condition_immunity,
    exhaustion_level,
    is_incapacitated,
)
from battlemap.rules.dnd2024.hp import hp_state
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.saves import parse_ability, resolve_save
from battlemap.rules.dnd2024.stats import Ability, Dnd2024Stats
from battlemap.rules.dnd2024.words import PREFIX, ability_named, named, note
from battlemap.text import Message

MANOEUVRES = ["grapple", "shove", "escape_grapple", "first_aid"]


def unarmed_dc(stats: Dnd2024Stats) -> list[Modifier]:
    return [Modifier(name=named("base_dc"), value=8, source=src.UNARMED, applies_to="dc"),
            Modifier(name=named("ability_mod", ability=ability_named("str")), value=stats.mod("str"),
                     type="ability",
                     source=src.UNARMED, applies_to="dc"),
            Modifier(name=named("proficiency"), value=stats.proficiency_bonus, type="proficiency",
                     source=src.UNARMED, applies_to="dc")]


def _refusal(req: ManoeuvreRequest) -> str:
    if is_incapacitated(req.attacker):
        return note("attacker_incapacitated_short", src=src.condition('Incapacitated'))
    if req.name in ("grapple", "shove") and not req.situation.in_reach:
        return note("out_of_reach", src=src.REACH)
    if req.name in ("grapple", "shove") and req.target.size.rank - req.attacker.size.rank > 1:
        return note("too_large", src=src.UNARMED)
    return ""


def resolve_manoeuvre(req: ManoeuvreRequest, dice: Dice, options: Dnd2024Options) -> ManoeuvreResult:
    if req.name not in MANOEUVRES:
        raise ValueError(note("unknown_manoeuvre", name=req.name, known=MANOEUVRES))
    refusal = _refusal(req)
    if refusal:
        return ManoeuvreResult(name=req.name, success=False, notes=[refusal])
    if req.name == "escape_grapple":
        return _escape(req, dice)
    if req.name == "first_aid":
        return _first_aid(req, dice)
    # The GM's edits from the attack panel (core/gm_edits.py): an addition raises the DC,
    # the author's number here; a name switched off is dropped from the DC and the save.
    sit = req.situation
    dc_stack = stack(unarmed_dc(stats_of(req.attacker)) + gm_added(sit, "dc"), Stacking.ALL,
                     sit.disabled)
    dc = dc_stack.total
    target_stats = stats_of(req.target)
    chosen = req.options.get("ability")
    ability: Ability = parse_ability(chosen) if chosen else (
        "dex" if target_stats.save_bonus("dex") > target_stats.save_bonus("str") else "str")
    save = resolve_save(SaveRequest(token=req.target, ability=ability, dc=dc,
                                    situation=Situation(disabled=list(sit.disabled))),
                        dice, options)
    sides = [RollSide(label=named("dc_of", name=req.attacker.name), modifiers=dc_stack.applied,
                      dropped=dc_stack.dropped, total=dc),
             RollSide(label=named("save_of", ability=ability_named(save.ability), name=req.target.name), roll=save.roll,
                      modifiers=save.modifiers, dropped=save.dropped, total=save.total,
                      against=named("dc", dc=dc))]
    out = ManoeuvreResult(name=req.name, success=not save.success,
                          rolls=[save.roll], modifiers=dc_stack.applied + save.modifiers,
                          dropped=dc_stack.dropped + save.dropped, sides=sides,
                          notes=[note("save_vs_dc", ability=ability_named(save.ability),
                                      total=save.total, dc=dc)] + save.notes)
    if not out.success:
        out.effects.append(note("resists"))
        return out
    pushed = req.name == "shove" and req.options.get("effect", "prone") == "push"
    condition = "grappled" if req.name == "grapple" else "prone"
    immune = None if pushed else condition_immunity(req.target, condition)
    if immune is not None:
        # 003 « Immunité »: the save failed, yet the condition does not take hold.
        out.effects.append(immune)
    elif req.name == "grapple":
        out.effects.append(note("grappled"))
        out.conditions_added[req.target.id] = [
            Condition(name="grappled", source=req.attacker.id)]
    elif pushed:
        out.effects.append(note("pushed"))
    else:
        out.effects.append(note("prone"))
        out.conditions_added[req.target.id] = [Condition(name="prone", source=src.UNARMED)]
    return out


FIRST_AID_DC = 10


def _check(req: ManoeuvreRequest, ability: Ability, skill: str, dice: Dice,
           label: Message) -> tuple[Roll, Stack, int]:
    """An ability check of `req.attacker`: d20 + mod (+ proficiency in the skill), with the
    conditions that touch ability checks (D&D 2024 PHB, Conditions: Poisoned, Frightened)
    and the GM's edits from the attack panel (core/gm_edits.py)."""
    me = stats_of(req.attacker)
    prof = me.proficiency_bonus if skill in me.skill_proficiencies else 0
    mods = [Modifier(name=named("skill", skill=named(f"skill_{skill}"), ability=ability_named(ability)),
                     value=me.mod(ability) + prof,
                     type="ability", source=src.phb("Ability Checks"), applies_to="check")]
    level = exhaustion_level(req.attacker)
    if level:
        mods.append(Modifier(name=named("exhaustion", level=level), value=-2 * level,
                             source=src.condition("Exhaustion"), applies_to="check"))
    hindered = req.attacker.has("poisoned") or req.attacker.has("frightened")
    roll = dice.d20("disadvantage" if hindered else "normal", label=label)
    st = stack(mods + gm_added(req.situation, "check"), Stacking.ALL, req.situation.disabled)
    return roll, st, roll.total + st.total


def _escape(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """`attacker` is the grappled creature, `target` its grappler: Athletics or Acrobatics,
    whichever is better, against the grapple's DD."""
    if not req.attacker.has("grappled"):  # nothing to escape from: no check, no effect
        return ManoeuvreResult(name=req.name, success=False, notes=[
            note("not_grappled", name=req.attacker.name)])
    me = stats_of(req.attacker)
    dc_mods = unarmed_dc(stats_of(req.target))
    dc = sum(m.value for m in dc_mods)  # the grappler's DC: not the author's, the GM's edits spare it

    def bonus(choice: tuple[Ability, str]) -> int:
        return me.mod(choice[0]) + (me.proficiency_bonus if choice[1] in me.skill_proficiencies else 0)

    choices: list[tuple[Ability, str]] = [("str", "athletics"), ("dex", "acrobatics")]
    ability, skill = max(choices, key=bonus)
    roll, st, total = _check(req, ability, skill, dice, Message.of(f"{PREFIX}.manoeuvre.escape_grapple"))
    out = ManoeuvreResult(name=req.name, success=total >= dc, rolls=[roll],
                          modifiers=dc_mods + st.applied, dropped=st.dropped,
                          notes=[note("check_vs_dc", total=total, dc=dc)])
    if out.success:
        out.effects.append(note("escaped"))
        out.conditions_removed[req.attacker.id] = ["grappled"]
    return out


def _first_aid(req: ManoeuvreRequest, dice: Dice) -> ManoeuvreResult:
    """Wisdom (Medicine) DD 10 on `target`: a dying creature becomes Stable (D&D 2024 PHB,
    Help), a knocked-out one wakes up (003, knock-out paragraph)."""
    roll, st, total = _check(req, "wis", "medicine", dice, Message.of(f"{PREFIX}.manoeuvre.first_aid"))
    out = ManoeuvreResult(name=req.name, success=total >= FIRST_AID_DC, rolls=[roll],
                          modifiers=st.applied, dropped=st.dropped,
                          notes=[note("check_vs_dc", total=total, dc=FIRST_AID_DC)])
    if not out.success:
        return out
    state = hp_state(req.target)
    if state == "dying":
        out.effects.append(note("stabilised"))
        out.conditions_added[req.target.id] = [Condition(name="stable", source=src.DEATH_SAVES)]
        out.conditions_removed[req.target.id] = [
            n for n in (DEATH_SUCCESSES, DEATH_FAILURES) if req.target.has(n)]
    elif state == "unconscious":
        out.effects.append(note("wakes"))
        out.conditions_removed[req.target.id] = ["unconscious"]
    else:
        out.notes.append(note("nothing_to_heal"))
    return out
