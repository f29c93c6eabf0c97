"""Exhausted (001 "Exhausted (Epuisé)"): gaining the condition costs non-lethal hit points equal
to 50 % of the maximum; the loss can bring the creature to 0 but not below, and at 0 it is
Stunned. The condition's `level` records that the loss was taken, so it is taken once."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.adnd2bis.conditions import caused_said
from battlemap.rules.adnd2bis.hp import current_hp, hp_change, stats_of
from battlemap.rules.adnd2bis.tables import src
from battlemap.rules.adnd2bis.words import note
from battlemap.rules.core.combat import Combatant, HPChange, TurnEvent
from battlemap.rules.core.dice import Dice

SECTION = "Exhausted (Epuisé)"
LOSS_TAKEN = 1  # Condition.level of "exhausted" once its hit points are lost


def loss_of(max_hp: int) -> int:
    """50 % of the maximum, rounded down (the text gives no rounding; AD&D rounds down)."""
    return max_hp // 2


def loss_taken(c: Combatant) -> bool:
    return any(x.name == "exhausted" and (x.level or 0) >= LOSS_TAKEN for x in c.conditions)


def gain_exhaustion(c: Combatant, dice: Dice, hp: int | None = None, rounds: int | None = None,
                    base: HPChange | None = None) -> HPChange:
    """The HPChange of becoming Exhausted now: non-lethal loss, the marked condition, and
    Stunned (d3 rounds) when the loss reaches 0. `hp`: the hit points it has at that moment
    (default: now); `base`: an HPChange of the same moment to extend (e.g. the 0-hp check)."""
    now = current_hp(c) if hp is None else hp
    ch = base or hp_change(c, now, now, c.nonlethal, [])
    before_nl = ch.nonlethal_after
    # "ne peut l'amener en dessous" de 0: the non-lethal total stops at the current hit points.
    new_nl = max(before_nl, min(before_nl + loss_of(stats_of(c).max_hp), max(now, 0)))
    ch.nonlethal_after = new_nl
    old = next((x for x in c.conditions if x.name == "exhausted"), None)
    keep = rounds if rounds is not None else (old.rounds_left if old else None)
    ch.conditions_added = [x for x in ch.conditions_added if x.name != "exhausted"]
    ch.conditions_added.append(Condition(name="exhausted", rounds_left=keep, level=LOSS_TAKEN,
                                         source=src(SECTION)))
    ch.notes.append(note("exhaustion_loss", n=new_nl - before_nl, max=stats_of(c).max_hp))
    if now > 0 and new_nl >= now and not c.has("stunned"):
        stun, how_long = caused_said("stunned", dice, src(SECTION))
        ch.conditions_added.append(stun)
        ch.notes.append(note("exhaustion_stuns", how_long=how_long))
    return ch


def pending_loss(c: Combatant, dice: Dice) -> list[TurnEvent]:
    """Start of turn: an "exhausted" put on by hand (the GM, a spell) whose loss was not taken."""
    if not c.has("exhausted") or loss_taken(c):
        return []
    ch = gain_exhaustion(c, dice)
    return [TurnEvent(token=c.id, what=note("exhaustion_pending"), hp=ch)]


def on_gain(before: Combatant, cond: Condition, dice: Dice) -> HPChange | None:
    """Exhausted just put on `before` (the creature as it was): the loss is taken now, once.
    A condition already marked (`level` 1), or a creature whose exhaustion already cost its hit
    points, loses nothing more; the mark is kept so the next start of turn takes nothing."""
    if cond.name != "exhausted" or (cond.level or 0) >= LOSS_TAKEN:
        return None
    if loss_taken(before):
        now = current_hp(before)
        ch = hp_change(before, now, now, before.nonlethal, [note("exhaustion_taken")])
        ch.conditions_added = [cond.model_copy(update={"level": LOSS_TAKEN})]
        return ch
    return gain_exhaustion(before, dice, rounds=cond.rounds_left)
