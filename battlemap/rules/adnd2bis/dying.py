"""What happens to a dying creature over time (001 "Dying").

- At 0 hp it waits d4+4 hours, then a CON check DC 20 decides how it comes back.
- From −1 to −5 it loses 1 hp per turn. The text keeps the AD&D turn (ten one-minute rounds)
  while fights use 6-second rounds ("TEMPORALITE"), so a turn is 100 combat rounds: the count
  of rounds since the last lost point lives in the "dying" condition's `level`.
- From −6 to −10 it loses 1 hp per round; below −10 it is dead.
- A healer stabilises a wounded creature by two rounds of care (one with the Healing skill), and
  it loses nothing meanwhile; an internal cause (disease, poison) needs a Healing check, which
  takes two turns, or two rounds at DC 30 when it must be done in rounds (below −5 hp)."""

from __future__ import annotations

from pydantic import BaseModel

from battlemap.model import Condition
from battlemap.rules.adnd2bis.checks import CheckResult, ability_check, author_check
from battlemap.rules.adnd2bis.conditions import ROUNDS_PER_HOUR, ROUNDS_PER_TURN
from battlemap.rules.adnd2bis.exhaustion import gain_exhaustion
from battlemap.rules.adnd2bis.hp import BLEEDING, current_hp, damage, hp_change, stats_of
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import (
    Combatant,
    DamageResult,
    HPChange,
    ManoeuvreRequest,
    ManoeuvreResult,
    TurnEvent,
)
from battlemap.rules.core.dice import Dice, Roll
from battlemap.text import Message

SECTION = "Dying"
ZERO_HP_HOURS = "1d4+4"
ZERO_HP_DC = 20
CARE_ROUNDS = 2  # one with the Healing skill
IN_ROUNDS_DC = 30
STABILISING = "stabilising"  # care in progress: no hit point lost
HEALING_CHECK = "healing_check"  # a Healing check done in rounds: hit points still lost
# A care in progress must outlive one re-rolled initiative between the healer's two rounds.
PROGRESS_ROUNDS = 3


class ZeroHpCheck(BaseModel):
    check: CheckResult
    hp: HPChange
    exhausted_hours: Roll | None = None


def zero_hp_wait(dice: Dice) -> tuple[Roll, int]:
    """The default time at 0 hp before the CON check: (roll in hours, rounds)."""
    roll = dice.roll(ZERO_HP_HOURS, label=note("zero_hp_hours"))
    return roll, roll.total * ROUNDS_PER_HOUR


def zero_hp_check(c: Combatant, dice: Dice, opts: Adnd2bisOptions) -> ZeroHpCheck:
    """CON DC 20 after the wait: success → 1 hp and Exhausted for d4 hours (with its loss);
    failure → 1 hp as written, or −1 hp with the option `zero_hp_failure="minus_one"`."""
    if current_hp(c) != 0:
        raise ValueError(f"{c.name} is not at 0 hp")
    chk = ability_check(c, stats_of(c), "con", dice, dc=ZERO_HP_DC)
    if chk.success:
        hours = dice.roll("1d4", label=note("exhausted_hours"))
        base = hp_change(c, 0, 1, c.nonlethal, [
            note("con_made", total=chk.total, dc=ZERO_HP_DC, hours=hours.total)])
        ch = gain_exhaustion(c, dice, hp=1, rounds=hours.total * ROUNDS_PER_HOUR, base=base)
        return ZeroHpCheck(check=chk, hp=ch, exhausted_hours=hours)
    after = 1 if opts.zero_hp_failure == "one_hp" else -1
    ch = hp_change(c, 0, after, c.nonlethal, [
        note("con_failed", total=chk.total, dc=ZERO_HP_DC, hp=after)], wound=False)
    return ZeroHpCheck(check=chk, hp=ch)


def has_healing(s: Adnd2bisStats) -> bool:
    return s.skills.get("healing", 0) > 0 or s.has("healing")


def _progress(c: Combatant, name: str) -> int:
    return next(((x.level or 0) for x in c.conditions if x.name == name), 0)


def stabilise(req: ManoeuvreRequest, dice: Dice, opts: Adnd2bisOptions) -> ManoeuvreResult:
    """`req.attacker` tends `req.target`, once per round. Option `cause`: "external" (wounds,
    default) or "internal" (disease, poison); `in_rounds` forces the Healing check in rounds."""
    patient, hp = req.target, current_hp(req.target)
    why = (note("dead") if hp < -10 else note("not_below_zero") if hp >= 0 else
           note("already_stable") if patient.has("stable") else "")
    if why:
        return ManoeuvreResult(name="stabilise", success=False,
                               notes=[note("patient_why", name=patient.name, why=why)])
    if req.options.get("cause", "external") == "external":
        return _care(req)
    return _healing_check(req, hp, dice, opts)


def _stable(req: ManoeuvreRequest, gone: str, effect: Message) -> ManoeuvreResult:
    pid = req.target.id
    return ManoeuvreResult(name="stabilise", success=True, effects=[effect],
                           conditions_added={pid: [Condition(name="stable", source=src(SECTION))]},
                           conditions_removed={pid: [gone]})


def _care(req: ManoeuvreRequest) -> ManoeuvreResult:
    need = 1 if has_healing(stats_of(req.attacker)) else CARE_ROUNDS
    done = _progress(req.target, STABILISING) + 1
    if done >= need:
        return _stable(req, STABILISING, note("stable_after", n=done))
    return ManoeuvreResult(
        name="stabilise", success=True,
        conditions_added={req.target.id: [Condition(
            name=STABILISING, level=done, rounds_left=PROGRESS_ROUNDS, source=src(SECTION))]},
        effects=[note("care", done=done, need=need), note("healer_busy")])


def _healing_check(req: ManoeuvreRequest, hp: int, dice: Dice,
                   opts: Adnd2bisOptions) -> ManoeuvreResult:
    healer = stats_of(req.attacker)
    if hp < -5 or req.options.get("in_rounds"):
        done = _progress(req.target, HEALING_CHECK) + 1
        if done < CARE_ROUNDS:
            return ManoeuvreResult(
                name="stabilise", success=True,
                conditions_added={req.target.id: [Condition(
                    name=HEALING_CHECK, level=done, rounds_left=PROGRESS_ROUNDS,
                    source=src(SECTION))]},
                effects=[note("healing_in_rounds", done=done, need=CARE_ROUNDS, dc=IN_ROUNDS_DC)])
        chk = author_check(req, healer, "wis", dice, IN_ROUNDS_DC, skill="healing")
        return _verdict(req, chk, HEALING_CHECK, None)
    chk = author_check(req, healer, "wis", dice, opts.healing_dc, skill="healing")
    # Two turns long; the creature loses hit points during the first one only (1 hp a turn).
    lost = DamageResult(total=1, kind=BLEEDING, notes=[note("healing_first_turn")])
    return _verdict(req, chk, HEALING_CHECK, lost)


def _verdict(req: ManoeuvreRequest, chk: CheckResult, gone: str,
             lost: DamageResult | None) -> ManoeuvreResult:
    word = note("healing_check", total=chk.total, dc=chk.dc)
    if chk.success:
        res = _stable(req, gone, note("then_stable", what=word))
        res.damage = lost
    else:
        res = ManoeuvreResult(name="stabilise", success=False,
                              conditions_removed={req.target.id: [gone]},
                              effects=[note("then_failed", what=word)], damage=lost)
    res.rolls, res.modifiers, res.dropped = [chk.roll], chk.modifiers, chk.dropped
    if lost is not None:
        res.effects.append(note("two_turns"))
    return res


def bleed(c: Combatant) -> list[TurnEvent]:
    """Start of turn: the loss of a dying creature, unless stable or cared for."""
    hp = current_hp(c)
    if c.has("stable") or not -10 <= hp <= -1:
        return []
    if c.has(STABILISING):
        return [TurnEvent(token=c.id, what=note("stabilising"))]
    if hp <= -6:
        ch = damage(c, 1, BLEEDING)
        ch.notes.append(note("bleeds_round"))
        return [TurnEvent(token=c.id, what=note("bleeds"), hp=ch)]
    dying = next((x for x in c.conditions if x.name == "dying"), None)
    count = (dying.level or 0) + 1 if dying else 1
    if count >= ROUNDS_PER_TURN:
        ch, count, what = damage(c, 1, BLEEDING), 0, note("bleeds_turn")
    else:
        ch = hp_change(c, hp, hp, c.nonlethal, [], wound=False)
        what = note("bleed_count", n=count, of=ROUNDS_PER_TURN)
    ch.conditions_added = [x for x in ch.conditions_added if x.name != "dying"]
    ch.conditions_added.append(Condition(name="dying", level=count, source=src(SECTION)))
    return [TurnEvent(token=c.id, what=what, hp=ch)]
