"""Initiative (003 "Initiative"): rolled, d20 + Dex, or as a score, 10 + Dex, +5 with
Advantage and −5 with Disadvantage. Entries come back in acting order, highest first."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.core.combat import Combatant, InitiativeEntry
from battlemap.rules.core.dice import Dice
from battlemap.rules.core.modifiers import Advantage, Modifier
from battlemap.rules.core.waiting import WaitRule
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import stats_of
from battlemap.rules.dnd2024.conditions import exhaustion_level, is_incapacitated
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.words import ability_named, condition_named, named, note
from battlemap.text import Message

SCORE_BASE = 10
SCORE_ADVANTAGE = 5


def initiative_advantage(who: Combatant) -> Advantage:
    adv = Advantage()
    if stats_of(who).initiative_advantage:
        adv.advantage.append(note("initiative_sheet"))
    if who.has("invisible"):
        adv.advantage.append(note("cond_src", cond=condition_named("invisible"),
                                  src=src.condition('Invisible')))
    if is_incapacitated(who):
        adv.disadvantage.append(note("cond_src", cond=condition_named("incapacitated"),
                                     src=src.condition('Incapacitated')))
    if who.has("surprised"):
        adv.disadvantage.append(note("cond_src", cond=condition_named("surprised"),
                                     src=src.phb('Surprise')))
    return adv


def initiative_modifiers(who: Combatant) -> list[Modifier]:
    stats = stats_of(who)
    mods = [Modifier(name=named("ability_mod", ability=ability_named("dex")), value=stats.mod("dex"),
                     type="ability",
                     source=src.INITIATIVE, applies_to="initiative")]
    if stats.initiative_bonus:
        mods.append(Modifier(name=named("initiative_bonus"), value=stats.initiative_bonus,
                             source=src.phb("Initiative"), applies_to="initiative"))
    level = exhaustion_level(who)
    if level:
        mods.append(Modifier(name=named("exhaustion", level=level), value=-2 * level,
                             type="exhaustion", source=src.condition("Exhaustion"),
                             applies_to="initiative"))
    return [m for m in mods if m.value]


def _entry(who: Combatant, dice: Dice, options: Dnd2024Options) -> InitiativeEntry:
    adv = initiative_advantage(who)
    mods = initiative_modifiers(who)
    bonus = sum(m.value for m in mods)
    notes = [adv.explain()] if adv.explain() else []
    if options.initiative_mode == "score":
        shift = {"advantage": SCORE_ADVANTAGE, "disadvantage": -SCORE_ADVANTAGE}.get(adv.mode, 0)
        if shift:
            mods.append(Modifier(name=named("advantage" if shift > 0 else "disadvantage"), value=shift,
                                 source=src.INITIATIVE, applies_to="initiative"))
        notes.append(f"valeur d'Initiative : 10 + modificateurs ({src.INITIATIVE})")
        return InitiativeEntry(token=who.id, modifiers=mods, score=SCORE_BASE + bonus + shift,
                               group=who.side, notes=notes)
    roll = dice.d20(adv.mode, label=f"Initiative ({who.name})")
    return InitiativeEntry(token=who.id, roll=roll, modifiers=mods, score=roll.total + bonus,
                           group=who.side, notes=notes)


def initiative(combatants: Sequence[Combatant], dice: Dice,
               options: Dnd2024Options) -> list[InitiativeEntry]:
    """Rolled in the given order (so forced dice map to combatants in order), then sorted:
    highest first; ties go to the higher Dexterity score, then keep the given order
    (the GM may swap them, D&D 2024 PHB, Initiative)."""
    entries = [(_entry(c, dice, options), stats_of(c).abilities.dex, i)
               for i, c in enumerate(combatants)]
    entries.sort(key=lambda e: (-e[0].score, -e[1], e[2]))
    return [e for e, _, _ in entries]


# 003 "Initiative" orders the turns and names no delayed or held turn (the glossary has no
# Ready or Delay entry): each creature acts in its place.
WAITING = WaitRule(kind="", source=src.INITIATIVE,
                   missing=Message.of("turn.no_wait", system="D&D 2024", seed=src.SEED))
