"""Grapple, escape, trip, charge, counter-charge and full defence (001 "ATTAQUES ET MANOEUVRES
SPECIALES"). Opposed checks: the attacker must beat the defender (a tie keeps things as they
are); the defender "chooses" its best ability."""

from __future__ import annotations

from typing import Any

from battlemap.model import Condition
from battlemap.rules.adnd2bis.charge import charge_effects
from battlemap.rules.adnd2bis.checks import ability_check, best_ability
from battlemap.rules.adnd2bis.dying import stabilise
from battlemap.rules.adnd2bis.objects import break_object
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.reactions import HOLDING, declare_hold, flyby_attack, release_hold
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import size_modifier, src
from battlemap.rules.adnd2bis.words import named, note
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest, ManoeuvreResult, RollSide
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.gm_edits import gm_added
from battlemap.rules.core.modifiers import Modifier
from battlemap.rules.core.words import ABILITY_NAMES
from battlemap.text import Message

FUMBLED = note("attacker_fumble")  # a note the trip and the grapple look for


def _ability(ability: str) -> Message | str:
    """An ability id ("str") by its name (Strength, « Force »)."""
    return named(f"ability_{ability}") if ability in ABILITY_NAMES else ability

NAMES = ["grapple", "escape", "trip", "charge", "counter_charge", "full_defence", "hold_action",
         "release_hold", "flyby", "stabilise", "break", "release_grapple"]
CHARGE_MIN_M = 6.0  # 20'
GRAPPLING = "grappling"  # on the grappler; its source is the victim's token id
GRAPPLE_FEAT = "grappler"  # the "relevant feat" of 001 "Grappled" (the text names none)
ONE_ACTION = 1  # level of "grappled" when the grappler has that feat
MAX_HELPERS = 2


def _stats(c: Combatant) -> Adnd2bisStats:
    return c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})


def _size_edge(att: Combatant, tgt: Combatant, table: str, section: str) -> list[Modifier]:
    """The bigger wrestler gets the size differential ("éventuellement modifié par la taille")."""
    if table == "off":
        return []
    diff = size_modifier(tgt.size, table) - size_modifier(att.size, table)
    return [Modifier(name=named("size_difference"), value=diff, applies_to="check",
                     source=src(section))] if diff else []


def _helpers(n: Any, section: str) -> list[Modifier]:
    count = min(int(n or 0), MAX_HELPERS)  # "Un humanoide ne peut bénéficier de plus de 2 alliés"
    return [Modifier(name=named("helpers", count=count), value=3 * count, applies_to="check",
                     source=src(section))] if count else []


def _too_big(att: Combatant, tgt: Combatant) -> bool:
    return tgt.size.rank > att.size.rank + 1


def resolve_manoeuvre(req: ManoeuvreRequest, dice: Dice, opts: Adnd2bisOptions) -> ManoeuvreResult:
    if req.name not in NAMES:
        raise ValueError(f"'{req.name}' is not a 2bis manoeuvre (use {', '.join(NAMES)})")
    if req.name == "hold_action":
        return declare_hold(req)
    if req.name == "release_hold":
        return release_hold(req)
    if req.name == "flyby":
        return flyby_attack(req, dice, opts)
    if req.name == "stabilise":
        return stabilise(req, dice, opts)
    if req.name == "break":
        return break_object(req, dice)
    if req.name == "release_grapple":
        return release_grapple(req)
    size_table = opts.size_table
    return {"grapple": _grapple, "escape": _escape, "trip": _trip, "charge": _charge,
            "counter_charge": _counter_charge, "full_defence": _full_defence}[req.name](
        req, dice, size_table)


def _opposed(req: ManoeuvreRequest, dice: Dice, name: str, att_ab: str, def_choices: tuple[str, ...],
             section: str, size_table: str, att_skill: str | None = None) -> ManoeuvreResult:
    a, d = _stats(req.attacker), _stats(req.target)
    sit = req.situation  # with the GM's edits from the attack panel (core/gm_edits.py)
    extra = _size_edge(req.attacker, req.target, size_table, section) + _helpers(
        req.options.get("helpers"), section) + gm_added(sit, "check")
    mine = ability_check(req.attacker, a, att_ab, dice, skill=att_skill, extra=extra,
                         disabled=sit.disabled)
    d_ab = best_ability(d, def_choices)
    theirs = ability_check(req.target, d, d_ab, dice,
                           extra=_helpers(req.options.get("defender_helpers"), section),
                           disabled=sit.disabled)
    ok = mine.total > theirs.total and mine.roll.natural != 1
    sides = [RollSide(label=Message.of("text.cat", parts=[req.attacker.name, " (", _ability(att_ab), ")"]), roll=mine.roll,
                      modifiers=mine.modifiers, dropped=mine.dropped, total=mine.total,
                      against=str(theirs.total)),
             RollSide(label=Message.of("text.cat", parts=[req.target.name, " (", _ability(d_ab), ")"]), roll=theirs.roll,
                      modifiers=theirs.modifiers, dropped=theirs.dropped, total=theirs.total,
                      against=str(mine.total))]
    res = ManoeuvreResult(name=name, success=ok, rolls=[mine.roll, theirs.roll],
                          modifiers=mine.modifiers + theirs.modifiers,
                          dropped=mine.dropped + theirs.dropped, sides=sides)
    res.notes.append(note("opposed", a=req.attacker.name, ta=mine.total, t=req.target.name,
                          tt=theirs.total, ability=_ability(d_ab)))
    if mine.roll.natural == 1:
        res.notes.append(FUMBLED)
    return res


def _grapple(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    sec = "Grapple"
    if _too_big(req.attacker, req.target) or _stats(req.target).arms > 2:
        return ManoeuvreResult(name="grapple", success=False, notes=[
            note("too_big_limbs")])
    res = _opposed(req, dice, "grapple", "str", ("str", "dex"), sec, size_table)
    res.notes.insert(0, note("oa_and_attack"))
    if res.success:
        # 001 "Grappled": "Can take only 1 action if grappler has relevant feat": the
        # condition's level records it, since the victim's budget cannot see the grappler.
        one = ONE_ACTION if _stats(req.attacker).has(GRAPPLE_FEAT) else None
        res.conditions_added[req.target.id] = [Condition(name="grappled", level=one,
                                                         source=src(sec))]
        # The grappler holds its victim: it moves it at half its own speed (move action).
        res.conditions_added[req.attacker.id] = [Condition(name=GRAPPLING, source=req.target.id)]
        res.effects.append(note("held"))
        res.effects.append(note("moves_it"))
        if one:
            res.effects.append(note("feat_one_action"))
    elif FUMBLED in res.notes:
        res.effects.append(note("target_oa"))
    return res


def _escape(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    """req.attacker is the grappled creature, req.target its grappler. A full-round action."""
    sec = "S’échapper d’un grapple."
    if not req.attacker.has("grappled"):  # "Une créature attrapée doit réussir…": none to escape
        return ManoeuvreResult(name="escape", success=False, notes=[
            note("not_grappled", name=req.attacker.name)])
    a = _stats(req.attacker)
    if a.has("free_action") or req.options.get("grease"):
        # "Free Action ou Grease permettent de s'échapper automatiquement par une move-action."
        return ManoeuvreResult(name="escape", success=True, notes=[src(sec)],
                               conditions_removed={req.attacker.id: ["grappled"]},
                               effects=[note("auto_escape", name=req.attacker.name)])
    ab = best_ability(a, ("str", "dex"), skill="escape_artist")
    skill = "escape_artist" if ab == "dex" and a.skills.get("escape_artist") else None
    res = _opposed(req, dice, "escape", ab, ("str",), sec, size_table, att_skill=skill)
    if res.success:
        res.conditions_removed[req.attacker.id] = ["grappled"]
        res.conditions_removed[req.target.id] = [GRAPPLING]
        res.effects.append(note("escaped", name=req.attacker.name))
    return res


def release_grapple(req: ManoeuvreRequest) -> ManoeuvreResult:
    """The grappler lets its victim go: "Vous pouvez libérer la cible quand le voulez (action
    gratuite)". `req.attacker` is the grappler, `req.target` the victim."""
    if not req.attacker.has(GRAPPLING) or not req.target.has("grappled"):
        return ManoeuvreResult(name="release_grapple", success=False, notes=[
            note("not_grappling", a=req.attacker.name, t=req.target.name)])
    return ManoeuvreResult(name="release_grapple", success=True, notes=[src("Grapple")],
                           conditions_removed={req.attacker.id: [GRAPPLING],
                                               req.target.id: ["grappled"]},
                           effects=[note("released", t=req.target.name)])


def _trip(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    sec = "Trip"
    a, d = _stats(req.attacker), _stats(req.target)
    push = int(req.options.get("push_ft", 0))  # 0: prone, or pushed 5 / 10'
    if _too_big(req.attacker, req.target):
        return ManoeuvreResult(name="trip", success=False, notes=[note("too_big")])
    if not push and d.legs > a.legs:
        return ManoeuvreResult(name="trip", success=False, notes=[
            note("more_legs")])
    res = _opposed(req, dice, "trip", best_ability(a, ("str", "dex")), ("str", "dex"), sec,
                   size_table)
    res.notes.insert(0, note("oa_and_action"))
    if res.success:
        if push in (5, 10):
            res.effects.append(note("pushed", ft=push, m=float(f"{push * 0.3:g}")))
        else:
            res.conditions_added[req.target.id] = [Condition(name="prone", source=src(sec))]
            res.effects.append(note("target_prone"))
    elif FUMBLED in res.notes:
        res.conditions_added[req.attacker.id] = [Condition(name="prone", source=src(sec))]
        res.effects.append(note("attacker_prone"))
    return res


def _charge(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    """Checks the run-up (001 "Charge": « au moins 20′ en ligne droite … sans obstacle »);
    the blow itself goes through resolve_attack with charging=True (`charge_blow`)."""
    # The run-up given, else the move the engine saw this turn (`moved_m`).
    dist = float(req.options.get("distance_m", req.options.get("moved_m", 0)))
    straight = bool(req.options.get("straight", True))
    clear = bool(req.options.get("clear", True))
    why = []
    if dist < CHARGE_MIN_M:
        why.append(note("charge_short", m=float(dist)))
    if not straight:
        why.append(note("charge_not_straight"))
    if not clear:
        why.append(note("charge_not_clear"))
    if why:
        return ManoeuvreResult(name="charge", success=False, notes=why)
    done = charge_effects()  # the same as a move dragged as a charge (Adnd2bisSystem)
    return ManoeuvreResult(name="charge", success=True, effects=done.effects,
                           conditions_added={req.attacker.id: done.conditions},
                           modifiers=done.modifiers, charge_blow=True)


def _counter_charge(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    """req.attacker is the defender who meets the charge. Eligibility only: the OA itself is an
    attack; if it hits, the charge stops and neither acts again this round."""
    d = _stats(req.attacker)
    weapon = d.weapon(req.options.get("weapon"))
    their_reach = float(req.options.get("charger_reach_m", 1.5))
    why = []
    if not (weapon.polearm or (weapon.damage_type == "piercing"
                               and (weapon.reach_m or 1.5) >= their_reach)):
        why.append(note("no_polearm"))
    holding = req.attacker.has(HOLDING)
    if not (req.options.get("prepared", False) or holding):
        why.append(note("not_expecting"))
    if why:
        return ManoeuvreResult(name="counter_charge", success=False, notes=why)
    res = ManoeuvreResult(name="counter_charge", success=True, effects=[
        note("oa_on_charger"), note("if_hits")])
    if holding:  # the held action is the one spent on the counter-charge
        res.conditions_removed[req.attacker.id] = [HOLDING]
        res.effects.append(note("held_used"))
    return res


def _full_defence(req: ManoeuvreRequest, dice: Dice, size_table: str) -> ManoeuvreResult:
    sec = "Full Defence / Parry (Défense totale)"
    wall = bool(req.options.get("back_to_wall")) or _stats(req.attacker).shield == "tower"
    bonus = 5 if wall else 4
    return ManoeuvreResult(
        name="full_defence", success=True,
        modifiers=[Modifier(name=named("full_defence"), value=bonus, applies_to="ac", source=src(sec))],
        # The whole round: until the defender's next turn (start_of_turn ends it).
        conditions_added={req.attacker.id: [Condition(name="full_defence", level=bonus,
                                                      source=src(sec))]},
        effects=[note("ac_bonus", n=bonus), note("full_defence_only")])
