"""The dnd2024 hit-point state machine: bloodied (003 "En péril"), knock-out (003), dropping
to 0, damage at 0, massive damage, death saving throws (D&D 2024 PHB)."""

from __future__ import annotations

from d24_builders import combatant

from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024.conditions import DEATH_FAILURES, DEATH_SUCCESSES
from battlemap.rules.dnd2024.hp import apply_hp_change
from battlemap.rules.dnd2024.options import Dnd2024Options
from battlemap.rules.dnd2024.samples import FIGHTER, OGRE, SKELETON

OPTS = Dnd2024Options()


def _names(change):
    return sorted(c.name for c in change.conditions_added)


def test_bloodied_at_half_or_less(system):
    # 003 "En péril": la moitié ou moins de ses points de vie. Fighter max 44 → 22 or less.
    assert system.hp_state(combatant("f", FIGHTER, hp=23)) == "ok"
    assert system.hp_state(combatant("f", FIGHTER, hp=22)) == "bloodied"
    assert system.hp_state(combatant("s", SKELETON, hp=7)) == "ok"  # 13 max: 6.5 → 7 is above
    assert system.hp_state(combatant("s", SKELETON, hp=6)) == "bloodied"
    assert system.hp_state(combatant("f", FIGHTER)) == "ok"  # no hp set: unhurt


def test_damage_crossing_half_reports_bloodied(system):
    ch = system.damage(combatant("f", FIGHTER, hp=30), 8, Dice(), OPTS)
    assert (ch.before, ch.after, ch.state_before, ch.state_after) == (30, 22, "ok", "bloodied")


def test_temporary_hp_absorb_first(system):
    f = combatant("f", FIGHTER, hp=30).model_copy(update={"temp_hp": 5})
    ch = system.damage(f, 8, Dice(), OPTS)
    assert (ch.after, ch.temp_hp_after) == (27, 0)


def test_pc_dropping_to_0_falls_unconscious_and_prone(system):
    # D&D 2024 PHB, Dropping to 0 Hit Points.
    ch = system.damage(combatant("f", FIGHTER, hp=10), 15, Dice(), OPTS)
    assert (ch.after, ch.state_after) == (0, "dying")
    assert _names(ch) == ["prone", "unconscious"]


def test_monster_dies_at_0_unless_option_off(system):
    ch = system.damage(combatant("s", SKELETON, hp=5), 9, Dice(), OPTS)
    assert (ch.after, ch.state_after, _names(ch)) == (0, "dead", ["dead"])
    keep = Dnd2024Options(monsters_die_at_zero=False)
    ch2 = system.damage(combatant("s", SKELETON, hp=5), 9, Dice(), keep)
    assert ch2.state_after == "dying"


def test_massive_damage_kills_outright(system):
    # D&D 2024 PHB, Instant Death: remaining damage ≥ max hp (44). 10 hp, 54 damage → 44 left.
    assert system.damage(combatant("f", FIGHTER, hp=10), 54, Dice(), OPTS).state_after == "dead"
    assert system.damage(combatant("f", FIGHTER, hp=10), 53, Dice(), OPTS).state_after == "dying"


def test_knock_out_on_a_melee_blow(system):
    # 003: réduire à 1 point de vie au lieu de 0 avec une attaque de corps à corps; Inconscient.
    ko = Dnd2024Options(knock_out_melee=True)
    ch = system.damage(combatant("o", OGRE, hp=8), 20, Dice(), ko, melee=True)
    assert (ch.after, ch.state_after, _names(ch)) == (1, "unconscious", ["unconscious"])
    ranged = system.damage(combatant("o", OGRE, hp=8), 20, Dice(), ko, melee=False)
    assert ranged.state_after == "dead"
    by_choice = system.damage(combatant("o", OGRE, hp=8), 20, Dice(), OPTS, kind="nonlethal",
                              melee=True)
    assert by_choice.after == 1


def test_damage_at_0_is_one_failure_and_a_critical_two(system):
    # D&D 2024 PHB, Death Saving Throws: damage at 0 hp; a critical hit counts twice.
    down = combatant("f", FIGHTER, "unconscious", hp=0)
    one = system.damage(down, 3, Dice(), OPTS)
    assert [(c.name, c.level) for c in one.conditions_added] == [(DEATH_FAILURES, 1)]
    two = system.damage(down, 3, Dice(), OPTS, critical=True)
    assert [(c.name, c.level) for c in two.conditions_added] == [(DEATH_FAILURES, 2)]
    after_one = apply_hp_change(down, one)
    assert system.damage(after_one, 3, Dice(), OPTS, critical=True).state_after == "dead"
    assert system.damage(down, 44, Dice(), OPTS).state_after == "dead"  # ≥ max hp at 0


def test_resistance_vulnerability_immunity(system):
    # D&D 2024 PHB, Damage Resistance and Vulnerability. Skeleton: vulnerable to bludgeoning.
    assert system.damage(combatant("s", SKELETON), 5, Dice(), OPTS, kind="bludgeoning").after == 3
    assert system.damage(combatant("s", SKELETON), 5, Dice(), OPTS, kind="poison").after == 13
    stone = combatant("f", FIGHTER, "petrified")
    assert system.damage(stone, 9, Dice(), OPTS, kind="slashing").after == 40  # 9 // 2 = 4


def test_healing_wakes_and_clears_death_saves(system):
    down = combatant("f", FIGHTER, "unconscious", "prone", hp=0)
    down.conditions.append(down.conditions[0].model_copy(update={"name": DEATH_FAILURES, "level": 2}))
    ch = system.heal(down, 7, OPTS)
    assert (ch.after, ch.state_after) == (7, "bloodied")
    assert sorted(ch.conditions_removed) == [DEATH_FAILURES, "unconscious"]
    assert system.heal(combatant("f", FIGHTER, hp=40), 10, OPTS).after == 44  # capped at max
    dead = combatant("f", FIGHTER, "dead", hp=0)
    assert system.heal(dead, 10, OPTS).after == 0


def _dying(*conds, **levels):
    return combatant("f", FIGHTER, "unconscious", "prone", *conds, hp=0, **levels)


def test_death_save_success_and_failure(system):
    # D&D 2024 PHB, Death Saving Throws: 10 or higher succeeds, 9 or lower fails.
    (ok,) = system.start_of_turn(_dying(), Dice(forced=[10]), OPTS)
    assert [(c.name, c.level) for c in ok.hp.conditions_added] == [(DEATH_SUCCESSES, 1)]
    (bad,) = system.start_of_turn(_dying(), Dice(forced=[9]), OPTS)
    assert [(c.name, c.level) for c in bad.hp.conditions_added] == [(DEATH_FAILURES, 1)]


def test_third_success_stabilises_and_third_failure_kills(system):
    (st,) = system.start_of_turn(_dying(death_successes=2), Dice(forced=[15]), OPTS)
    assert (st.hp.state_after, _names(st.hp)) == ("stable", ["stable"])
    assert st.hp.conditions_removed == [DEATH_SUCCESSES]
    (dead,) = system.start_of_turn(_dying(death_failures=2), Dice(forced=[5]), OPTS)
    assert dead.hp.state_after == "dead"


def test_natural_1_is_two_failures_and_natural_20_regains_1_hp(system):
    (one,) = system.start_of_turn(_dying(), Dice(forced=[1]), OPTS)
    assert [(c.name, c.level) for c in one.hp.conditions_added] == [(DEATH_FAILURES, 2)]
    (twenty,) = system.start_of_turn(_dying(death_failures=2), Dice(forced=[20]), OPTS)
    assert (twenty.hp.after, twenty.hp.state_after) == (1, "bloodied")
    assert sorted(twenty.hp.conditions_removed) == [DEATH_FAILURES, "unconscious"]


def test_stable_and_conscious_creatures_make_no_death_save(system):
    dice = Dice(forced=[4])
    assert system.start_of_turn(_dying("stable"), dice, OPTS) == []
    assert system.start_of_turn(combatant("f", FIGHTER, hp=3), dice, OPTS) == []
    assert list(dice.forced) == [4]


def test_exhaustion_six_is_death(system):
    assert system.hp_state(combatant("f", FIGHTER, exhaustion=6)) == "dead"
