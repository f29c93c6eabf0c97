"""The dnd2024 hit-point state machine: ok → bloodied (003 "En péril") → 0 hp, where a PC
falls Unconscious and makes death saves, a monster dies (option), a melee blow may knock out
instead (003, option), and massive damage kills outright (D&D 2024 PHB).

Counters and statuses are conditions (conditions.py); an HPChange lists what to remove and
what to add, and `apply_hp_change` applies removals first, then additions."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, DamagePart, HPChange
from battlemap.rules.core.damage_parts import single_part, type_word
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import current_hp, stats_of
from battlemap.rules.dnd2024.conditions import (
    CONDITIONS,
    DEATH_FAILURES,
    DEATH_SUCCESSES,
    counter,
    exhaustion_level,
)
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.words import DAMAGE_TYPES, told

NONLETHAL = "nonlethal"  # damage `kind` meaning "knock out" (the attacker's choice)


def hp_state(who: Combatant) -> str:
    """dead, stable, dying (0 hp), unconscious, bloodied (half or less) or ok."""
    hp, max_hp = current_hp(who), stats_of(who).max_hp
    if who.has("dead") or exhaustion_level(who) >= 6:
        return "dead"
    if hp <= 0:
        return "stable" if who.has("stable") else "dying"
    if who.has("unconscious"):
        return "unconscious"
    # "la moitié ou moins de ses points de vie" (003 "En péril"): 2·hp ≤ max.
    return "bloodied" if 2 * hp <= max_hp else "ok"


def apply_hp_change(who: Combatant, change: HPChange) -> Combatant:
    """The Combatant after a change: removals first, then additions (replacing by name)."""
    added = {c.name for c in change.conditions_added}
    kept = [c for c in who.conditions
            if c.name not in change.conditions_removed and c.name not in added]
    return who.model_copy(update={"hp": change.after, "temp_hp": change.temp_hp_after,
                                  "conditions": kept + list(change.conditions_added)})


def resist(who: Combatant, parts: Sequence[DamagePart]) -> list[DamagePart]:
    """Each part met by the creature's defences against its type, rounded down on each part:
    immunity (none of it), resistance (halved), then vulnerability (doubled) (003
    « Immunité »; D&D 2024 PHB, Damage Resistance and Vulnerability). Petrified resists every
    type (PHB, Conditions: Petrified)."""
    stats = stats_of(who)
    out = []
    for part in parts:
        kind, amount, notes = part.type, max(0, part.rolled), list(part.notes)
        if kind in stats.immunities:
            notes.append(told("immunity", type=type_word(kind), source=src.IMMUNITY))
            amount = 0
        else:
            if kind in stats.resistances or who.has("petrified"):
                why = type_word(kind) if kind in stats.resistances else CONDITIONS["petrified"].label
                notes.append(told("resistance", type=why, before=amount, after=amount // 2,
                                  source=src.RESISTANCE))
                amount //= 2
            if kind in stats.vulnerabilities:
                notes.append(told("vulnerability", type=type_word(kind), before=amount,
                                  after=amount * 2, source=src.RESISTANCE))
                amount *= 2
        out.append(part.model_copy(update={"taken": amount, "notes": notes}))
    return out


def typed_parts(amount: int, kind: str) -> list[DamagePart]:
    """Damage of one kind as the part `resist` meets (a fall's bludgeoning, an area's fire);
    "nonlethal" and an empty kind still meet Petrified's resistance to every type."""
    parts = single_part(amount, kind, DAMAGE_TYPES)
    return parts or [DamagePart(type="" if kind in ("", "lethal", NONLETHAL) else kind,
                                rolled=max(0, amount))]


def _change(who: Combatant, after: int, temp: int, notes: list[str],
            add: list[Condition] | None = None, remove: list[str] | None = None) -> HPChange:
    change = HPChange(token=who.id, before=current_hp(who), after=after, temp_hp_after=temp,
                      state_before=hp_state(who), state_after="", notes=notes,
                      conditions_added=add or [], conditions_removed=remove or [])
    change.state_after = hp_state(apply_hp_change(who, change))
    return change


def _cond(name: str, source: str, level: int | None = None) -> Condition:
    return Condition(name=name, source=source, level=level)


def _death(who: Combatant, notes: list[str], temp: int) -> HPChange:
    remove = [n for n in ("stable", DEATH_SUCCESSES, DEATH_FAILURES) if who.has(n)]
    return _change(who, 0, temp, notes, [_cond("dead", src.DROPPING_TO_ZERO)], remove)


def damage(who: Combatant, amount: int, options: Dnd2024Options, kind: str = "",
           critical: bool = False, melee: bool = False,
           parts: Sequence[DamagePart] | None = None) -> HPChange:
    """`parts`: the blow's typed parts (an attack's), each met by its own defence; without
    them, `amount` is one part of type `kind`. The sum of what the parts take is the damage."""
    notes: list[str] = []
    hp = current_hp(who)
    if hp_state(who) == "dead":
        return _change(who, hp, who.temp_hp, [told("already_dead")])
    met = resist(who, parts if parts else typed_parts(amount, kind))
    notes += [n for p in met for n in p.notes]
    amount = sum(p.taken or 0 for p in met)
    change = _hurt(who, amount, options, kind, critical, melee, notes)
    change.parts = met if parts else [p for p in met if p.type]
    return change


def _hurt(who: Combatant, amount: int, options: Dnd2024Options, kind: str, critical: bool,
          melee: bool, notes: list[str]) -> HPChange:
    hp, max_hp = current_hp(who), stats_of(who).max_hp
    absorbed = min(who.temp_hp, amount)
    if absorbed:
        notes.append(told("temp_hp", n=absorbed))
    temp, amount = who.temp_hp - absorbed, amount - absorbed
    if amount == 0:
        return _change(who, hp, temp, notes)
    if hp <= 0:
        return _damage_at_zero(who, amount, critical, options, notes, temp)
    if amount < hp:
        return _change(who, hp - amount, temp, notes)
    if melee and (options.knock_out_melee or kind == NONLETHAL):
        notes.append(told("knocked_out", source=src.KNOCK_OUT))
        return _change(who, 1, temp, notes, [_cond("unconscious", src.KNOCK_OUT)])
    remainder = amount - hp
    if options.massive_damage and remainder >= max_hp:
        notes.append(told("massive", n=remainder, max=max_hp, source=src.MASSIVE_DAMAGE))
        return _death(who, notes, temp)
    if not stats_of(who).player_character and options.monsters_die_at_zero:
        notes.append(told("monster_dies", source=src.MONSTER_DEATH))
        return _death(who, notes, temp)
    notes.append(told("dropped", source=src.DROPPING_TO_ZERO))
    add = [_cond("unconscious", src.DROPPING_TO_ZERO)]
    if not who.has("prone"):
        add.append(_cond("prone", src.DROPPING_TO_ZERO))
    return _change(who, 0, temp, notes, add)


def _damage_at_zero(who: Combatant, amount: int, critical: bool, options: Dnd2024Options,
                    notes: list[str], temp: int) -> HPChange:
    """Damage at 0 hp: a death-save failure, two on a critical, death if ≥ max hp."""
    max_hp = stats_of(who).max_hp
    if options.massive_damage and amount >= max_hp:
        notes.append(told("massive_at_zero", n=amount, max=max_hp, source=src.MASSIVE_DAMAGE))
        return _death(who, notes, temp)
    failures = counter(who, DEATH_FAILURES) + (2 if critical else 1)
    notes.append(told("at_zero_two" if critical else "at_zero_one", source=src.DEATH_SAVES))
    if failures >= 3:
        notes.append(told("three_failures"))
        return _death(who, notes, temp)
    remove = [n for n in ("stable", DEATH_FAILURES) if who.has(n)]
    return _change(who, 0, temp, notes, [_cond(DEATH_FAILURES, src.DEATH_SAVES, failures)], remove)


def heal(who: Combatant, amount: int) -> HPChange:
    hp, max_hp = current_hp(who), stats_of(who).max_hp
    if hp_state(who) == "dead":
        return _change(who, hp, who.temp_hp, [told("heal_dead")])
    after = min(max_hp, max(0, hp) + max(0, amount))
    remove: list[str] = []
    notes: list[str] = []
    if after > 0 and amount > 0:
        remove = [n for n in ("unconscious", "stable", DEATH_SUCCESSES, DEATH_FAILURES)
                  if who.has(n)]
        if "unconscious" in remove:
            notes.append(told("heal_wakes", source=src.DROPPING_TO_ZERO))
    return _change(who, after, who.temp_hp, notes, remove=remove)
