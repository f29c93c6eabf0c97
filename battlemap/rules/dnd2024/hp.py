"""The dnd2024 hit-point state machine: ok → bloodied (003 "En péril") → 0 hp, where a PC
falls Unconscious and makes death saves, a monster dies (option), a melee blow may knock out
instead (003, option), and massive damage kills outright (D&D 2024 PHB).

Counters and statuses are conditions (conditions.py); an HPChange lists what to remove and
what to add, and `apply_hp_change` applies removals first, then additions."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, HPChange
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import current_hp, stats_of
from battlemap.rules.dnd2024.conditions import (
    DEATH_FAILURES,
    DEATH_SUCCESSES,
    counter,
    exhaustion_level,
)
from battlemap.rules.dnd2024.options import Dnd2024Options

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


def adjust_for_type(who: Combatant, amount: int, kind: str, notes: list[str]) -> int:
    """Immunity, resistance (halved, rounded down) and vulnerability (doubled)."""
    stats = stats_of(who)
    if kind in stats.immunities:
        notes.append(f"immunité ({kind}) : aucun dégât ({src.RESISTANCE})")
        return 0
    if kind in stats.resistances or who.has("petrified"):
        why = "Pétrifié" if kind not in stats.resistances else kind
        notes.append(f"résistance ({why}) : {amount} → {amount // 2} ({src.RESISTANCE})")
        amount //= 2
    if kind in stats.vulnerabilities:
        notes.append(f"vulnérabilité ({kind}) : {amount} → {amount * 2} ({src.RESISTANCE})")
        amount *= 2
    return amount


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
           critical: bool = False, melee: bool = False) -> HPChange:
    notes: list[str] = []
    hp, max_hp = current_hp(who), stats_of(who).max_hp
    if hp_state(who) == "dead":
        return _change(who, hp, who.temp_hp, ["déjà mort : aucun effet"])
    amount = max(0, adjust_for_type(who, amount, kind, notes))
    absorbed = min(who.temp_hp, amount)
    if absorbed:
        notes.append(f"{absorbed} absorbés par les pv temporaires")
    temp, amount = who.temp_hp - absorbed, amount - absorbed
    if amount == 0:
        return _change(who, hp, temp, notes)
    if hp <= 0:
        return _damage_at_zero(who, amount, critical, options, notes, temp)
    if amount < hp:
        return _change(who, hp - amount, temp, notes)
    if melee and (options.knock_out_melee or kind == NONLETHAL):
        notes.append(f"assommé : 1 pv et Inconscient, entame un Repos court ({src.KNOCK_OUT})")
        return _change(who, 1, temp, notes, [_cond("unconscious", src.KNOCK_OUT)])
    remainder = amount - hp
    if options.massive_damage and remainder >= max_hp:
        notes.append(f"dégâts restants {remainder} ≥ {max_hp} pv max : mort instantanée "
                     f"({src.MASSIVE_DAMAGE})")
        return _death(who, notes, temp)
    if not stats_of(who).player_character and options.monsters_die_at_zero:
        notes.append(f"0 pv : le monstre meurt ({src.MONSTER_DEATH})")
        return _death(who, notes, temp)
    notes.append(f"0 pv : Inconscient et À terre, jets contre la mort ({src.DROPPING_TO_ZERO})")
    add = [_cond("unconscious", src.DROPPING_TO_ZERO)]
    if not who.has("prone"):
        add.append(_cond("prone", src.DROPPING_TO_ZERO))
    return _change(who, 0, temp, notes, add)


def _damage_at_zero(who: Combatant, amount: int, critical: bool, options: Dnd2024Options,
                    notes: list[str], temp: int) -> HPChange:
    """Damage at 0 hp: a death-save failure, two on a critical, death if ≥ max hp."""
    max_hp = stats_of(who).max_hp
    if options.massive_damage and amount >= max_hp:
        notes.append(f"dégâts {amount} ≥ {max_hp} pv max à 0 pv : mort ({src.MASSIVE_DAMAGE})")
        return _death(who, notes, temp)
    failures = counter(who, DEATH_FAILURES) + (2 if critical else 1)
    notes.append(f"dégâts à 0 pv : {'deux échecs (coup critique)' if critical else 'un échec'} "
                 f"au jet contre la mort ({src.DEATH_SAVES})")
    if failures >= 3:
        notes.append("trois échecs : mort")
        return _death(who, notes, temp)
    remove = [n for n in ("stable", DEATH_FAILURES) if who.has(n)]
    return _change(who, 0, temp, notes, [_cond(DEATH_FAILURES, src.DEATH_SAVES, failures)], remove)


def heal(who: Combatant, amount: int) -> HPChange:
    hp, max_hp = current_hp(who), stats_of(who).max_hp
    if hp_state(who) == "dead":
        return _change(who, hp, who.temp_hp, ["mort : les soins ne suffisent pas"])
    after = min(max_hp, max(0, hp) + max(0, amount))
    remove: list[str] = []
    notes: list[str] = []
    if after > 0 and amount > 0:
        remove = [n for n in ("unconscious", "stable", DEATH_SUCCESSES, DEATH_FAILURES)
                  if who.has(n)]
        if "unconscious" in remove:
            notes.append(f"récupère des pv : n'est plus Inconscient ({src.DROPPING_TO_ZERO})")
    return _change(who, after, who.temp_hp, notes, remove=remove)
