"""Hit points and the Dying thresholds: 0 conscious but helpless, −1..−5 unconscious (−1 hp per
turn), −6..−10 −1 hp per round, below −10 dead; stabilisation stops the loss (001 "Dying").
The loss itself, the 0-hp check and the healer's stabilisation are in `dying.py`."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.adnd2bis.conditions import caused
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.adnd2bis.tables import NAME, SEED, src
from battlemap.rules.adnd2bis.words import told
from battlemap.rules.core.combat import Combatant, DamagePart, HPChange
from battlemap.rules.core.damage_parts import taken_whole
from battlemap.rules.core.dice import Dice

SECTION = "Dying"
BLEEDING = "bleeding"  # damage kind of the hit points a dying creature loses by itself
_HP_CONDITIONS = ("dying", "unconscious", "prone", "dead", "stable")
WEAPON_TYPES = ("slashing", "piercing", "blunt")  # its weapons' damage types (stats.py)


def stats_of(c: Combatant) -> Adnd2bisStats:
    return c.stats if isinstance(c.stats, Adnd2bisStats) else Adnd2bisStats.model_validate(
        c.stats or {})


def current_hp(c: Combatant) -> int:
    return c.hp if c.hp is not None else stats_of(c).max_hp


def state_for(hp: int) -> str:
    if hp > 0:
        return "ok"
    if hp == 0:
        return "dying_conscious"  # conscious, no action, can only whisper
    if hp >= -5:
        return "dying_unconscious"  # −1 hp per turn
    if hp >= -10:
        return "dying_bleeding"  # −1 hp per round
    return "dead"


def hp_state(c: Combatant) -> str:
    return state_for(current_hp(c))


def _conditions_for(hp: int) -> list[str]:
    if hp > 0:
        return []
    if hp == 0:
        return ["dying"]
    if hp >= -10:
        return ["dying", "unconscious", "prone"]
    return ["dead", "prone"]


def hp_change(c: Combatant, before: int, after: int, nonlethal: int, notes: list[str],
              wound: bool = True) -> HPChange:
    """The HPChange from `before` to `after` with the Dying conditions it adds or removes.
    `wound=False`: a loss from bleeding, which does not undo a stabilisation."""
    had = {x.name for x in c.conditions}
    want = set(_conditions_for(after))
    added = [Condition(name=n, source=src(SECTION)) for n in _conditions_for(after) if n not in had]
    removed: list[str] = [n for n in ("dying", "unconscious", "dead") if n in had and n not in want
               and after > before]
    if "stable" in had and after < before and wound:
        removed.append("stable")  # a new wound starts the loss again
    return HPChange(token=c.id, before=before, after=after, nonlethal_after=nonlethal,
                    temp_hp_after=c.temp_hp, state_before=state_for(before),
                    state_after=state_for(after), conditions_added=added,
                    conditions_removed=removed, notes=notes)


def damage(c: Combatant, amount: int, kind: str = "lethal", dice: Dice | None = None,
           parts: Sequence[DamagePart] | None = None) -> HPChange:
    """`kind`: "nonlethal", "bleeding" (the Dying loss, `BLEEDING`), or any lethal type.
    `dice` roll the default duration of a Stunned the damage causes (none: until removed).
    `parts`, a blow's typed parts: 001 gives no defence by type, so they add up."""
    if kind not in ("", "lethal", "nonlethal", BLEEDING) and not parts:
        parts = [DamagePart(type=kind, rolled=max(0, amount))]
    met, notes = taken_whole(parts or [], WEAPON_TYPES, NAME, SEED)
    if met:
        amount = sum(p.taken or 0 for p in met)
    change = _damage(c, amount, kind, dice, list(notes))
    change.parts = met
    return change


def _damage(c: Combatant, amount: int, kind: str, dice: Dice | None, notes: list[str]
            ) -> HPChange:
    before = current_hp(c)
    if kind == BLEEDING:
        return hp_change(c, before, before - max(amount, 0), c.nonlethal, notes, wound=False)
    if kind == "nonlethal":
        # Exhausted: non-lethal loss never takes a creature below 0; at 0 it is Stunned.
        nonlethal = c.nonlethal + max(amount, 0)
        ch = hp_change(c, before, before, nonlethal, notes)
        if nonlethal >= before > 0 and not c.has("stunned"):
            source = src("Exhausted (Epuisé)")
            stun, how_long = caused("stunned", dice, source) if dice else (
                Condition(name="stunned", source=source), "")
            ch.conditions_added.append(stun)
            ch.notes.append(told("nonlethal_stuns", how=f" ({how_long})" if how_long else ""))
        return ch
    after = before - max(amount, 0)
    if c.has("unconscious") and after > 0:
        notes.append(told("woken"))  # fumble "Stumble": until it takes damage
        ch = hp_change(c, before, after, c.nonlethal, notes)
        ch.conditions_removed.append("unconscious")
        return ch
    if after < -10:
        notes.append(told("dead_below"))
    return hp_change(c, before, after, c.nonlethal, notes)


def heal(c: Combatant, amount: int) -> HPChange:
    before = current_hp(c)
    if before < -10:
        return hp_change(c, before, before, c.nonlethal, [told("heal_dead")])
    after = min(before + max(amount, 0), stats_of(c).max_hp)
    ch = hp_change(c, before, after, max(c.nonlethal - amount, 0), [])
    if after <= 0 and not c.has("stable"):
        # "Un soin magique stabilise."
        ch.conditions_added.append(Condition(name="stable", source=src(SECTION)))
        ch.notes.append(told("stabilised"))
    if after > 0 and c.has("stable"):
        ch.conditions_removed.append("stable")
    return ch
