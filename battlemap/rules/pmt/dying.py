"""0 HP or below at PMT: a PC (or an NPC the GM marks important) is not dead at once — the
seed's table is missing, so by default it is unconscious and dying and the GM decides; other
creatures die; minions are out (004 "Sbires")."""

from __future__ import annotations

from battlemap.rules.core.combat import Combatant
from battlemap.rules.pmt.stats import PmtStats

ZERO = "Si les PV d'un PJ deviennent inférieurs ou égaux à 0"
FINISHED = "Toute attaque contre un personnage inconscient"


def stats_of(c: Combatant) -> PmtStats:
    return c.stats if isinstance(c.stats, PmtStats) else PmtStats.model_validate(c.stats or {})


def current_hp(c: Combatant) -> int:
    return c.hp if c.hp is not None else stats_of(c).max_hp


def state_at(c: Combatant, hp: int) -> str:
    s = stats_of(c)
    if hp > 0:
        return "ok"
    if c.has("dead"):  # finished off while unconscious
        return "dead"
    if s.minion:
        return "out"
    return "unconscious" if (s.is_pc or s.important) else "dead"


def hp_state(c: Combatant) -> str:
    return state_at(c, current_hp(c))


def conditions_for(state: str) -> list[str]:
    return {"unconscious": ["unconscious", "dying"], "dead": ["dead"], "out": ["out"]}.get(
        state, [])
