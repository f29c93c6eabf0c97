"""Hit points: disabled at 0, dying from −1 to −9 (1 hp lost per round, 10 % to stabilise),
dead at −10 (dying.py: the roll of each turn), nonlethal damage kept apart (staggered when equal to hp, unconscious above)
(000 "Points de vie, mort et guérison"); damage reduction and energy resistance for damage
that arrives with a type (000 "Capacités spéciales")."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.model import Condition
from battlemap.rules.breche35.damage import ENERGIES, PHYSICAL, defend
from battlemap.rules.breche35.effects import stats_of
from battlemap.rules.breche35.tables import src
from battlemap.rules.breche35.words import told
from battlemap.rules.core.combat import Combatant, DamagePart, HPChange
from battlemap.rules.core.damage_parts import single_part

HP_SOURCE = src("Points de vie, mort et guérison")
# Conditions this module puts on and takes off as hit points change.
_STATE_CONDITIONS = {
    "ok": set(), "staggered": {"staggered"}, "unconscious": {"unconscious"},
    "disabled": {"disabled"}, "dying": {"dying", "unconscious"},
    "stable": {"stable", "unconscious"}, "dead": {"dead"},
}
_MANAGED = set().union(*_STATE_CONDITIONS.values())


def current_hp(t: Combatant) -> int:
    return t.hp if t.hp is not None else stats_of(t).max_hp


def state_of(hp: int, nonlethal: int, stable: bool = False, dead: bool = False) -> str:
    if dead or hp <= -10:
        return "dead"
    if hp < 0:
        return "stable" if stable else "dying"
    if hp == 0:
        return "disabled"
    if nonlethal > hp:
        return "unconscious"
    if nonlethal == hp:
        return "staggered"
    return "ok"


def hp_state(t: Combatant) -> str:
    return state_of(current_hp(t), t.nonlethal, t.has("stable"), t.has("dead"))


def hp_change(t: Combatant, hp: int, nonlethal: int, temp: int, stable: bool,
            notes: list[str]) -> HPChange:
    before = hp_state(t)
    after = state_of(hp, nonlethal, stable, t.has("dead"))
    want = _STATE_CONDITIONS[after]
    have = {c.name for c in t.conditions if c.source == HP_SOURCE}
    present = {c.name for c in t.conditions}
    return HPChange(token=t.id, before=current_hp(t), after=hp, nonlethal_after=nonlethal,
                    temp_hp_after=temp, state_before=before, state_after=after,
                    conditions_added=[Condition(name=n, source=HP_SOURCE)
                                      for n in sorted(want - present)],
                    conditions_removed=sorted((have & _MANAGED) - want), notes=notes)


def damage(t: Combatant, amount: int, kind: str = "lethal",
           parts: Sequence[DamagePart] | None = None) -> HPChange:
    """`kind`: "lethal", "nonlethal", or a damage type ("fire", "slashing+silver": its DR
    bypassed by silver) that meets the target's resistance or DR; `parts`, a blow's typed
    parts, each met apart (damage.py `defend`). Temporary hit points absorb what is left."""
    notes: list[str] = []
    met = defend(t, parts if parts else single_part(amount, kind, ENERGIES | PHYSICAL))
    if met:
        amount = sum(p.taken or 0 for p in met)
        notes += [n for p in met for n in p.notes]
    amount = max(0, amount)
    temp = t.temp_hp
    if temp and amount:
        soak = min(temp, amount)
        temp -= soak
        amount -= soak
        notes.append(told("temp_hp", n=soak))
    hp, nonlethal = current_hp(t), t.nonlethal
    stable = t.has("stable")
    if "nonlethal" in kind:
        nonlethal += amount
    else:
        hp -= amount
        if amount and stable:
            stable = False
            notes.append(told("wounded_again"))
    change = hp_change(t, hp, nonlethal, temp, stable, notes)
    change.parts = met
    return change


def heal(t: Combatant, amount: int) -> HPChange:
    """Healing restores hp up to the maximum and as much nonlethal damage."""
    if hp_state(t) == "dead":
        return hp_change(t, current_hp(t), t.nonlethal, t.temp_hp, False, [told("heal_dead")])
    hp = min(stats_of(t).max_hp, current_hp(t) + max(0, amount))
    nonlethal = max(0, t.nonlethal - max(0, amount))
    return hp_change(t, hp, nonlethal, t.temp_hp, t.has("stable") and hp < 0, [])
