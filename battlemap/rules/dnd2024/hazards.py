"""Hazards the engine can call: burning (003 "Embrasement") and falling (003 "Chute")."""

from __future__ import annotations

from pydantic import BaseModel, Field

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, HPChange, TurnEvent
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.hp import damage
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.words import note
from battlemap.text import Text

FALL_STEP_M = 3.0  # 1d6 per 3 m ("par tranche de 3 m")
FALL_MAX_DICE = 20


def burning(who: Combatant, dice: Dice, options: Dnd2024Options) -> TurnEvent | None:
    """1d4 fire damage at the start of each of the burning creature's turns."""
    if not who.has("burning"):
        return None
    roll = dice.roll("1d4", label=note("burning_roll"))
    change = damage(who, roll.total, options, kind="fire")
    return TurnEvent(token=who.id, what=note("burning", n=roll.total, src=src.BURNING),
                     roll=roll, hp=change)


class FallResult(BaseModel):
    token: str
    height_m: float
    dice_count: int
    roll: Roll | None = None
    damage: int = 0
    hp: HPChange | None = None
    notes: list[Text] = Field(default_factory=list)


def fall_dice(height_m: float) -> int:
    """Whole 3 m slices, rounded down (003 "Arrondi"), at most 20."""
    return min(FALL_MAX_DICE, int(max(0.0, height_m) // FALL_STEP_M))


def falling(who: Combatant, height_m: float, dice: Dice, options: Dnd2024Options,
            into_liquid_check_passed: bool = False) -> FallResult:
    """Bludgeoning damage at the end of a fall, then Prone unless it dealt no damage.
    A creature entering water feet first (DC 15 check passed) takes half (003 "Chute")."""
    count = fall_dice(height_m)
    out = FallResult(token=who.id, height_m=height_m, dice_count=count)
    if count == 0:
        out.notes.append(note("short_fall", src=src.FALLING))
        return out
    out.roll = dice.roll(f"{count}d6", label=note("fall_roll", m=float(height_m)))
    amount = out.roll.total
    if into_liquid_check_passed:
        out.notes.append(note("into_liquid", n=amount, half=amount // 2))
        amount //= 2
    out.notes.append(note("fall_damage", n=count, src=src.FALLING))
    out.hp = damage(who, amount, options, kind="bludgeoning")
    # What the fall actually deals, after immunity and resistance (their notes are the HP
    # change's): "sauf si la chute ne lui a infligé aucun dégât". Temporary hit points
    # still take damage, so they do not spare the creature the fall.
    out.damage = sum(p.taken or 0 for p in out.hp.parts)
    if out.damage != amount:
        out.notes.append(note("fall_taken", n=out.damage, of=amount, src=src.FALLING))
    already = who.has("prone") or any(c.name == "prone" for c in out.hp.conditions_added)
    if out.damage > 0 and not already and out.hp.state_after != "dead":
        out.hp.conditions_added.append(Condition(name="prone", source=src.FALLING))
        out.notes.append(note("fall_prone", src=src.FALLING))
    return out
