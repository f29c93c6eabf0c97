"""Fumbles (natural 1): the DEX/Acrobatics DC 15 check, then the 20-entry table applied as
conditions, damage and notes (001 "Fumbles (natural 1/d20 toHit)")."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.adnd2bis.checks import CheckResult, ability_check
from battlemap.rules.adnd2bis.conditions import ROUNDS_PER_TURN
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.dice import Dice, Roll
from battlemap.text import Message, Text

SECTION = "Fumbles (natural 1/d20 toHit)"
CONFIRM_DC = 15

# (last d20 face of the row, its effect's note)
TABLE: list[tuple[int, str]] = [  # the effect: a message, the seed's words in French
    (last, f"fumble_{last}") for last in (1, 2, 3, 6, 8, 11, 13, 15, 16, 17, 18, 19, 20)]


class FumbleResult(BaseModel):
    confirm: CheckResult
    confirmed: bool
    table_roll: Roll | None = None
    effect: Text = ""
    conditions: list[Condition] = Field(default_factory=list)
    damage: list[tuple[Roll, str]] = Field(default_factory=list)  # (roll, "lethal"/"nonlethal")
    secondary: list[CheckResult] = Field(default_factory=list)
    notes: list[Text] = Field(default_factory=list)


def entry(face: int) -> Message:
    for last, key in TABLE:
        if face <= last:
            return note(key)
    raise ValueError(f"no fumble row for {face}")


def _cond(name: str, rounds: int | None = None) -> Condition:
    return Condition(name=name, rounds_left=rounds, source=src(SECTION))


def resolve_fumble(who: Combatant, dice: Dice) -> FumbleResult:
    s = who.stats if isinstance(who.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        who.stats or {})
    check = ability_check(who, s, "dex", dice, dc=CONFIRM_DC, skill="acrobatics")
    out = FumbleResult(confirm=check, confirmed=not check.success)
    if check.success:
        out.notes.append(note("fumble_avoided", total=check.total, dc=CONFIRM_DC))
        return out
    out.table_roll = dice.d(20, label=note("fumble_table"))
    face = out.table_roll.total
    out.effect = entry(face)
    out.notes.append(note("fumble_confirmed", total=check.total, dc=CONFIRM_DC, face=face,
                          effect=out.effect))
    _apply(out, face, who, s, dice)
    return out


def _apply(out: FumbleResult, face: int, who: Combatant, s: Adnd2bisStats, dice: Dice) -> None:
    weapon = s.weapons[0].damage if s.weapons else "1d2"
    if face == 1:
        out.damage.append((dice.roll(weapon, label=note("hits_itself")), "lethal"))
    elif 4 <= face <= 6:
        out.conditions.append(_cond("prone"))
        con = ability_check(who, s, "con", dice, dc=10 if s.helm else 18)
        out.secondary.append(con)
        if not con.success:
            out.damage.append((dice.roll("2d6", label=note("fall")), "lethal"))
            out.conditions.append(_cond("unconscious", 10))  # 1 minute = 10 rounds of 6 s
            out.notes.append(note("con_failed_fall"))
    elif 14 <= face <= 15:
        out.conditions.append(_cond("armour_damaged", ROUNDS_PER_TURN))
    elif face == 16:
        out.damage.append((dice.roll("1d4", label=note("strain")), "nonlethal"))
        out.conditions.append(_cond("dex_lost"))
    elif face == 17:
        out.conditions.append(_cond("stuck_weapon"))
    elif face == 18:
        orient = ability_check(who, s, "wis", dice, dc=20, skill="orientation")
        out.secondary.append(orient)
        if orient.success:
            out.notes.append(note("orientation_made"))
        else:
            out.conditions.append(_cond("disoriented", 2))  # this round and the next
    elif face == 19:
        out.conditions.append(_cond("reopened_wound"))
    elif face == 20:
        out.conditions.append(_cond("broken_hand"))
