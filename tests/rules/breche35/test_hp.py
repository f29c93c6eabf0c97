"""Hit points, dying and nonlethal damage (000_d623f1b22a06cede.txt, "Points de vie, mort et
guérison"), damage reduction and energy resistance ("Capacités spéciales")."""

from __future__ import annotations

import pytest

from battlemap.model import Size
from battlemap.rules.breche35 import SYSTEM
from battlemap.rules.breche35.options import Breche35Options
from battlemap.rules.core.combat import Combatant, HPChange
from battlemap.text import words
from tests.helpers.breche35 import BRUTE, ForcedDice, attack, combatant, ganger, mara

OPTS = Breche35Options()


def hit(c: Combatant, amount: int, kind: str = "lethal") -> HPChange:
    return SYSTEM.damage(c, amount, ForcedDice(), OPTS, kind=kind)


def apply(c: Combatant, ch: HPChange) -> Combatant:
    """What the engine does with an HPChange."""
    conds = [x for x in c.conditions if x.name not in ch.conditions_removed]
    conds += ch.conditions_added
    return c.model_copy(update={"hp": ch.after, "nonlethal": ch.nonlethal_after,
                                "temp_hp": ch.temp_hp_after, "conditions": conds})


@pytest.mark.parametrize(("hp", "state", "added"), [
    (1, "ok", []),
    (0, "disabled", ["disabled"]),                 # "À 0, on est hors de combat"
    (-1, "dying", ["dying", "unconscious"]),       # "De −1 à −9, on est mourant : inconscient"
    (-9, "dying", ["dying", "unconscious"]),
    (-10, "dead", ["dead"]),                       # "À −10, on est mort"
    (-30, "dead", ["dead"]),
])
def test_hp_edges(hp: int, state: str, added: list[str]) -> None:
    ch = hit(ganger(), 15 - hp)
    assert (ch.before, ch.after, ch.state_before, ch.state_after) == (15, hp, "ok", state)
    assert sorted(c.name for c in ch.conditions_added) == sorted(added)


def test_recovering_from_dying_removes_its_conditions() -> None:
    g = apply(ganger(), hit(ganger(), 18))
    assert SYSTEM.hp_state(g) == "dying" and g.has("unconscious")
    healed = SYSTEM.heal(g, 5, OPTS)
    assert (healed.after, healed.state_after) == (2, "ok")
    assert healed.conditions_removed == ["dying", "unconscious"]


def test_healing_stops_at_maximum_and_removes_as_much_nonlethal() -> None:
    ch = SYSTEM.heal(ganger(hp=10, nonlethal=4), 8, OPTS)
    assert (ch.after, ch.nonlethal_after) == (15, 0)


def test_dead_stays_dead_when_healed() -> None:
    dead = apply(ganger(), hit(ganger(), 25))
    ch = SYSTEM.heal(dead, 30, OPTS)
    assert (ch.after, ch.state_after) == (-10, "dead")


def test_nonlethal_equal_to_hp_staggers_above_knocks_out() -> None:
    # "Quand ils égalent les pv actuels, on est chancelant ; au-delà, inconscient."
    g = ganger(hp=9)
    staggered = hit(g, 9, "nonlethal")
    assert (staggered.after, staggered.nonlethal_after, staggered.state_after) == (9, 9, "staggered")
    out = hit(apply(g, staggered), 1, "nonlethal")
    assert out.state_after == "unconscious"
    assert [c.name for c in out.conditions_added] == ["unconscious"]
    assert out.conditions_removed == ["staggered"]


def test_temporary_hp_are_lost_first() -> None:
    ch = hit(ganger(temp_hp=5), 8)
    assert (ch.after, ch.temp_hp_after) == (12, 0)


@pytest.mark.parametrize(("d100", "after", "state"), [
    (1, -4, "stable"), (10, -4, "stable"),   # "10 % de chances par round de se stabiliser"
    (11, -5, "dying"), (100, -5, "dying"),   # "on perd 1 pv par round"
])
def test_dying_each_round(d100: int, after: int, state: str) -> None:
    g = apply(ganger(), hit(ganger(), 19))
    events = SYSTEM.start_of_turn(g, ForcedDice(forced=[d100]), OPTS)
    tick = events[-1]
    assert tick.roll is not None and tick.roll.total == d100
    assert tick.hp is not None and (tick.hp.after, tick.hp.state_after) == (after, state)


def test_dying_at_minus_9_dies_on_a_failed_roll() -> None:
    g = apply(ganger(), hit(ganger(), 24))
    tick = SYSTEM.start_of_turn(g, ForcedDice(forced=[50]), OPTS)[-1]
    assert tick.hp is not None and (tick.hp.after, tick.hp.state_after) == (-10, "dead")


def test_stable_creature_loses_nothing_until_hurt_again() -> None:
    g = apply(ganger(), hit(ganger(), 19))
    stable = apply(g, SYSTEM.start_of_turn(g, ForcedDice(forced=[3]), OPTS)[-1].hp)  # type: ignore[arg-type]
    assert SYSTEM.hp_state(stable) == "stable"
    assert SYSTEM.start_of_turn(stable, ForcedDice(), OPTS) == []
    again = hit(stable, 1)
    assert (again.after, again.state_after) == (-5, "dying")
    assert again.conditions_removed == ["stable"]


def test_stabilise_chance_is_an_option() -> None:
    g = apply(ganger(), hit(ganger(), 19))
    opts = Breche35Options(stabilise_chance_pct=0)
    tick = SYSTEM.start_of_turn(g, ForcedDice(forced=[1]), opts)[-1]
    assert tick.hp is not None and tick.hp.state_after == "dying"


def test_flat_footed_and_until_next_turn_states_end_at_start_of_turn() -> None:
    # 000 "Le round de combat": flat-footed until one first acts; charge −2 AC "jusqu'au
    # prochain tour".
    events = SYSTEM.start_of_turn(mara("flat_footed", "charging"), ForcedDice(), OPTS)
    assert [e.conditions_removed for e in events] == [["flat_footed"], ["charging"]]
    assert SYSTEM.combat_start_conditions() == ["flat_footed"]


def brute() -> Combatant:
    return combatant("brute", BRUTE, size=Size.LARGE)


@pytest.mark.parametrize(("amount", "kind", "after"), [
    (12, "slashing", 63 - 7),          # RD 5/argent: "retranche x points à chaque attaque"
    (12, "slashing+silver", 63 - 12),  # the named material overcomes it
    (3, "piercing", 63),               # never below 0
    (15, "fire", 63 - 5),              # résistance au feu 10
    (15, "cold", 63 - 15),
    (12, "lethal", 63 - 12),           # untyped damage: already reduced by the caller
])
def test_damage_reduction_and_energy_resistance(amount: int, kind: str, after: int) -> None:
    assert hit(brute(), amount, kind).after == after


def test_attack_damage_applies_dr_and_resistance_per_part() -> None:
    # 000 "Capacités spéciales": the brute's « RD 5/argent » takes 5 off the weapon's part,
    # its fire resistance 10 takes 10 off the fire part. Machete 1d6 (4) + Str 3 = 7 → 2.
    a = attack(mara(), brute(), [15, 4]).attacks[0]
    assert a.damage is not None and (a.damage.total, a.damage.kind) == (7, "lethal")
    ch = SYSTEM.damage(brute(), a.damage.total, ForcedDice(), OPTS, parts=a.damage.parts)
    assert (ch.before, ch.after, [p.taken for p in ch.parts]) == (63, 61, [2])
    assert [words(n, "fr") for n in ch.notes] == [
        "RD 5/silver : 7 → 2 (Brèche (D&D 3.5) — Capacités spéciales)"]
    # A flaming machete adds 1d6 fire (6): 6 − 10 = 0, the machete's part 7 − 5 = 2.
    flaming = [{"name": "Machette ardente", "damage": "1d6", "damage_type": "slashing",
                "bonus_damage": "1d6", "bonus_damage_type": "fire"}]
    b = attack(mara(weapons=flaming), brute(), [15, 4, 6]).attacks[0]
    assert b.damage is not None and b.damage.total == 13
    ch = SYSTEM.damage(brute(), b.damage.total, ForcedDice(), OPTS, parts=b.damage.parts)
    assert [(p.type, p.rolled, p.taken) for p in ch.parts] == [("slashing", 7, 2), ("fire", 6, 0)]
    assert ch.after == 61
    # « sauf si l'arme est du type indiqué »: a silver dagger, 1d4 (4) + 3 = 7, whole.
    silver = [{"name": "Dague d'argent", "damage": "1d4", "materials": ["silver"]}]
    c = attack(mara(weapons=silver), brute(), [15, 4]).attacks[0]
    assert c.damage is not None
    ch = SYSTEM.damage(brute(), c.damage.total, ForcedDice(), OPTS, parts=c.damage.parts)
    assert ch.after == 63 - 7


