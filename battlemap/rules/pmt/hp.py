"""Hit points at PMT: at 0 or below a PC (or an NPC the GM marks important) is not dead at
once — the seed's table is missing, so by default it is unconscious and dying and the GM
decides; other creatures die; minions are out on any hit; a long rest restores all HP."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, HPChange
from battlemap.rules.pmt.damage import KILL, MISS
from battlemap.rules.pmt.stats import PmtStats
from battlemap.rules.pmt.tables import src

ZERO = "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"
FINISHED = "Toute attaque contre un personnage inconscient"


def _stats(c: Combatant) -> PmtStats:
    return c.stats if isinstance(c.stats, PmtStats) else PmtStats.model_validate(c.stats or {})


def current_hp(c: Combatant) -> int:
    return c.hp if c.hp is not None else _stats(c).max_hp


def _state(c: Combatant, hp: int) -> str:
    s = _stats(c)
    if hp > 0:
        return "ok"
    if c.has("dead"):  # finished off while unconscious
        return "dead"
    if s.minion:
        return "out"
    return "unconscious" if (s.is_pc or s.important) else "dead"


def hp_state(c: Combatant) -> str:
    return _state(c, current_hp(c))


def _conds(state: str) -> list[str]:
    return {"unconscious": ["unconscious", "dying"], "dead": ["dead"], "out": ["out"]}.get(
        state, [])


def damage(c: Combatant, amount: int, kind: str = "") -> HPChange:
    """`kind` MISS: the 1 point of a missed attack; KILL: the attacker finishes an unconscious
    creature ("le tue si l'attaquant le désire")."""
    before = current_hp(c)
    after = before - max(amount, 0)
    s = _stats(c)
    notes = []
    if s.minion and amount > 0 and kind != MISS:
        after = min(after, 0)  # "une attaque réussie contre eux les met immédiatement hors combat"
        notes.append("sbire : hors de combat " + src("Sbires"))
    state = _state(c, after)
    if kind == KILL:
        # "le tue si l'attaquant le désire": whatever HP a sleeping creature has left; its HP
        # go to 0 at most so that every screen reads it as dead.
        after, state = min(after, 0), "dead"
        notes.append(f"achevé : mort ({before} → {after} PV) " + src(FINISHED))
    if state == "unconscious":
        notes.append("0 PV ou moins : pas de mort immédiate, le MdT décide " + src(ZERO))
    why = src(FINISHED if kind == KILL else ZERO)
    added = [Condition(name=n, source=why) for n in _conds(state) if not c.has(n)]
    removed = [n for n in ("unconscious", "dying") if c.has(n)] if state == "dead" else []
    return HPChange(token=c.id, before=before, after=after, temp_hp_after=c.temp_hp,
                    state_before=_state(c, before), state_after=state, conditions_added=added,
                    conditions_removed=removed, notes=notes)


def heal(c: Combatant, amount: int) -> HPChange:
    before = current_hp(c)
    if hp_state(c) in ("dead", "out") and before <= 0:
        return HPChange(token=c.id, before=before, after=before, state_before=hp_state(c),
                        state_after=hp_state(c), notes=["hors de combat : pas de soin"])
    after = min(before + max(amount, 0), _stats(c).max_hp)
    removed = [n for n in ("unconscious", "dying") if c.has(n)] if after > 0 else []
    return HPChange(token=c.id, before=before, after=after, temp_hp_after=c.temp_hp,
                    state_before=_state(c, before), state_after=_state(c, after),
                    conditions_removed=removed)


def long_rest(c: Combatant) -> HPChange:
    """"Les personnages récupèrent l'intégralité de leurs PV après un repos long." """
    return heal(c, _stats(c).max_hp - current_hp(c))
