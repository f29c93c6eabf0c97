"""Hit points at PMT: damage, healing, a long rest restoring all HP; minions are out on any
hit (dying.py: what 0 HP or below means)."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, DamagePart, HPChange
from battlemap.rules.core.damage_parts import taken_whole
from battlemap.rules.pmt.damage import KILL, MISS
from battlemap.rules.pmt.dying import (
    FINISHED,
    ZERO,
    conditions_for,
    current_hp,
    hp_state,
    state_at,
    stats_of,
)
from battlemap.rules.pmt.tables import NAME, SEED, src
from battlemap.rules.pmt.words import told

WEAPON_TYPES = ("contondant", "tranchant", "perforant")  # its weapons' damage types (stats.py)


def damage(c: Combatant, amount: int, kind: str = "",
           parts: Sequence[DamagePart] | None = None) -> HPChange:
    """`kind` MISS: the 1 point of a missed attack; KILL: the attacker finishes an unconscious
    creature ("le tue si l'attaquant le désire"); any other kind, a damage type. `parts`, a
    blow's typed parts: 004 gives no defence by type, so they add up."""
    if kind not in ("", "lethal", MISS, KILL) and not parts:
        parts = [DamagePart(type=kind, rolled=max(0, amount))]
    met, said = taken_whole(parts or [], WEAPON_TYPES, NAME, SEED)
    if met:
        amount = sum(p.taken or 0 for p in met)
    before = current_hp(c)
    after = before - max(amount, 0)
    s = stats_of(c)
    notes: list[str] = list(said)
    if s.minion and amount > 0 and kind != MISS:
        after = min(after, 0)  # "une attaque réussie contre eux les met immédiatement hors combat"
        notes.append(told("minion_out", source=src("Sbires")))
    state = state_at(c, after)
    if kind == KILL:
        # "le tue si l'attaquant le désire": whatever HP a sleeping creature has left; its HP
        # go to 0 at most so that every screen reads it as dead.
        after, state = min(after, 0), "dead"
        notes.append(told("finished", before=before, after=after, source=src(FINISHED)))
    if state == "unconscious":
        notes.append(told("zero", source=src(ZERO)))
    why = src(FINISHED if kind == KILL else ZERO)
    added = [Condition(name=n, source=why) for n in conditions_for(state) if not c.has(n)]
    removed = [n for n in ("unconscious", "dying") if c.has(n)] if state == "dead" else []
    return HPChange(token=c.id, before=before, after=after, temp_hp_after=c.temp_hp,
                    state_before=state_at(c, before), state_after=state, conditions_added=added,
                    conditions_removed=removed, notes=notes, parts=met)


def heal(c: Combatant, amount: int) -> HPChange:
    before = current_hp(c)
    if hp_state(c) in ("dead", "out") and before <= 0:
        return HPChange(token=c.id, before=before, after=before, state_before=hp_state(c),
                        state_after=hp_state(c), notes=[told("heal_out")])
    after = min(before + max(amount, 0), stats_of(c).max_hp)
    removed = [n for n in ("unconscious", "dying") if c.has(n)] if after > 0 else []
    return HPChange(token=c.id, before=before, after=after, temp_hp_after=c.temp_hp,
                    state_before=state_at(c, before), state_after=state_at(c, after),
                    conditions_removed=removed)


def long_rest(c: Combatant) -> HPChange:
    """"Les personnages récupèrent l'intégralité de leurs PV après un repos long." """
    return heal(c, stats_of(c).max_hp - current_hp(c))
