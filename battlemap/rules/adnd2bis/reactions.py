"""Actions out of turn (001 "Hold Action (Réaction conditionnelle)", "Flyby (Hit & Run)").

A held action names its trigger and its action during the holder's round; nothing else is done
that round, and it waits until the holder's next initiative. A flyby attack hits in passing and
the mover ends elsewhere without provoking; only the target and its allies adjacent to it may
strike back in melee, and only if they act in the same or the next initiative segment, or held
an action for it."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from pydantic import BaseModel

from battlemap.model import Condition
from battlemap.rules.adnd2bis.attack import resolve_attack
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import AttackRequest, Combatant, ManoeuvreRequest, ManoeuvreResult
from battlemap.rules.core.dice import Dice
from battlemap.text import Message, Text

HOLD = "Hold Action (Réaction conditionnelle)"
FLYBY = "Flyby (Hit & Run)"
HOLDING = "holding_action"


def _stats(c: Combatant) -> Adnd2bisStats:
    return c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})


def declare_hold(req: ManoeuvreRequest) -> ManoeuvreResult:
    """`req.attacker` holds; options `trigger` and `action` (words). The simplified variant,
    "Décalage d'initiative" (acting at a later segment of the same round, the last at most), is
    the engine's delay command: it needs no condition and spends nothing."""
    who = req.attacker
    trigger = str(req.options.get("trigger", "")).strip()
    action = str(req.options.get("action", "")).strip()
    if who.has(HOLDING):
        return ManoeuvreResult(name="hold_action", success=False, notes=[
            note("hold_already")])
    if not trigger or not action:
        return ManoeuvreResult(name="hold_action", success=False, notes=[
            note("hold_needs")])
    return ManoeuvreResult(
        name="hold_action", success=True,
        conditions_added={who.id: [Condition(name=HOLDING, source=src(HOLD))]},
        effects=[note("hold_declared", action=action, trigger=trigger),
                 note("hold_nothing_else"), note("hold_lasts")])


def release_hold(req: ManoeuvreRequest) -> ManoeuvreResult:
    """The trigger happened: the held action is taken now (`segment`: the initiative segment)."""
    who = req.attacker
    if not who.has(HOLDING):
        return ManoeuvreResult(name="release_hold", success=False,
                               notes=[note("no_hold", name=who.name)])
    seg = req.options.get("segment")
    done = note("hold_released_at", seg=seg) if seg is not None else note("hold_released")
    return ManoeuvreResult(name="release_hold", success=True,
                           conditions_removed={who.id: [HOLDING]},
                           effects=[done],
                           notes=[src(HOLD)])


def has_flyby(s: Adnd2bisStats, mount: Adnd2bisStats | None = None,
              rider: Adnd2bisStats | None = None) -> tuple[bool, str]:
    """(can flyby, why). A rider gets it from a mount that has it; a mount gets it from a rider
    with the Riding style (001 "Flyby": "Si le conducteur possède le style Riding…")."""
    if s.has("flyby"):
        return True, note("flyby")
    if mount is not None and mount.has("flyby"):
        return True, note("flyby_mount")
    if rider is not None and rider.has("riding"):
        return True, note("flyby_rider")
    return False, note("flyby_none")


def flyby_attack(req: ManoeuvreRequest, dice: Dice, opts: Adnd2bisOptions) -> ManoeuvreResult:
    """One attack made in passing. Options: `mount_flyby` (the attacker rides a mount that has
    Flyby), `rider_riding` (the attacker is a mount whose rider has the Riding style),
    `weapon`. The engine applies `damage` to the target and the fumble's conditions."""
    s = _stats(req.attacker)
    mount = Adnd2bisStats(feats=["flyby"]) if req.options.get("mount_flyby") else None
    rider = Adnd2bisStats(feats=["riding"]) if req.options.get("rider_riding") else None
    able, why = has_flyby(s, mount, rider)
    if not able:
        return ManoeuvreResult(name="flyby", success=False, notes=[note("no_flyby", why=why)])
    res = resolve_attack(AttackRequest(attacker=req.attacker, target=req.target,
                                       weapon=req.options.get("weapon"),
                                       situation=req.situation), dice, opts)
    one = res.attacks[0]
    out = ManoeuvreResult(name="flyby", success=one.outcome in ("hit", "critical"),
                          rolls=[one.roll] if one.roll else [], modifiers=one.modifiers,
                          dropped=one.dropped, damage=one.damage, notes=[why, *one.notes, *res.notes], effects=[
                              note("flyby_passing"), note("flyby_reply")])
    if one.self_conditions:
        out.conditions_added[req.attacker.id] = list(one.self_conditions)
    for hurt in one.self_damage:  # no slot for the attacker's own wounds in a manoeuvre
        out.notes.append(note("fumble_self", name=req.attacker.name, n=hurt.total,
                              kind=Message.or_text(f"word.{hurt.kind}", hurt.kind)))
    out.notes.append(note("outcome_vs", outcome=Message.or_text(f"word.{one.outcome}", one.outcome),
                          total=one.total, against=one.target_label))
    return out


class FlybyReply(BaseModel):
    token: str
    allowed: bool
    why: Text


def flyby_replies(target: Combatant, others: Sequence[Combatant], adjacent: Collection[str],
                  segments: Mapping[str, float], attack_segment: float) -> list[FlybyReply]:
    """Who may attack the flyer in melee: the target and its allies adjacent to it (`adjacent`
    holds the ids next to the target), if their initiative segment is the attack's or the next
    one, or if they hold an action (against this attack: the GM checks the trigger)."""
    out = []
    for c in (target, *others):
        if c.id != target.id and (c.side != target.side or c.id not in adjacent):
            out.append(FlybyReply(token=c.id, allowed=False,
                                  why=note("not_target_nor_ally")))
        elif c.has(HOLDING):
            out.append(FlybyReply(token=c.id, allowed=True, why=note("hold_on")))
        elif segments.get(c.id) in (attack_segment, attack_segment + 1):
            out.append(FlybyReply(token=c.id, allowed=True,
                                  why=note("segment", seg=float(segments[c.id]))))
        else:
            seg = segments.get(c.id)
            out.append(FlybyReply(token=c.id, allowed=False, why=note(
                "not_segments", why=note("segment", seg=float(seg)) if seg is not None
                else note("no_initiative"), a=float(attack_segment), b=float(attack_segment + 1))))
    return out
