"""Death saving throws at the start of a dying creature's turn (D&D 2024 PHB, Death Saving
Throws): d20, 10 or more succeeds, 1 counts as two failures, 20 regains 1 hp; three
successes make it Stable, three failures kill it."""

from __future__ import annotations

from battlemap.model import Condition
from battlemap.rules.core.combat import Combatant, HPChange, TurnEvent
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024 import tables as src
from battlemap.rules.dnd2024.combatants import current_hp, stats_of
from battlemap.rules.dnd2024.conditions import (
    DEATH_FAILURES,
    DEATH_SUCCESSES,
    counter,
    exhaustion_level,
)
from battlemap.rules.dnd2024.hp import apply_hp_change, hp_state
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.words import note

DEATH_SAVE_DC = 10


def makes_death_saves(who: Combatant, options: Dnd2024Options) -> bool:
    return hp_state(who) == "dying" and (
        stats_of(who).player_character or not options.monsters_die_at_zero)


def death_save(who: Combatant, dice: Dice, options: Dnd2024Options) -> TurnEvent | None:
    if not makes_death_saves(who, options):
        return None
    roll = dice.d20(label=note("death_save_label"))
    natural = roll.natural or 0
    penalty = 2 * exhaustion_level(who)  # exhaustion reduces every d20 test
    total = roll.total - penalty
    counters = [n for n in (DEATH_SUCCESSES, DEATH_FAILURES) if who.has(n)]
    successes, failures = counter(who, DEATH_SUCCESSES), counter(who, DEATH_FAILURES)
    after = current_hp(who)
    remove = counters  # the end states clear both counters
    if natural == 20:
        what = note("death_nat20")
        after = 1
        remove = counters + (["unconscious"] if who.has("unconscious") else [])
        add: list[Condition] = []
    elif natural == 1 or total < DEATH_SAVE_DC:
        failures += 2 if natural == 1 else 1
        what = note("death_failure_nat1" if natural == 1 else "death_failure", n=min(failures, 3))
        if failures >= 3:
            what = note("then_dead", what=what)
            add = [Condition(name="dead", source=src.DEATH_SAVES)]
        else:
            remove = [n for n in counters if n == DEATH_FAILURES]
            add = [Condition(name=DEATH_FAILURES, level=failures, source=src.DEATH_SAVES)]
    else:
        successes += 1
        what = note("death_success", n=successes)
        if successes >= 3:
            what = note("then_stable", what=what)
            add = [Condition(name="stable", source=src.DEATH_SAVES)]
        else:
            remove = [n for n in counters if n == DEATH_SUCCESSES]
            add = [Condition(name=DEATH_SUCCESSES, level=successes, source=src.DEATH_SAVES)]
    if penalty and natural not in (1, 20):
        what = note("exhaustion_penalty", what=what, roll=roll.total, penalty=penalty, total=total)
    change = HPChange(token=who.id, before=current_hp(who), after=after, temp_hp_after=who.temp_hp,
                      state_before=hp_state(who), state_after="", conditions_added=add,
                      conditions_removed=remove, notes=[src.DEATH_SAVES])
    change.state_after = hp_state(apply_hp_change(who, change))
    return TurnEvent(token=who.id, what=note("death_save", what=what), roll=roll, hp=change,
                     conditions_removed=remove)
