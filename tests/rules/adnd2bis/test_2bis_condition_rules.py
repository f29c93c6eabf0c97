"""Default durations of the "ETATS", Fatigued and Exhausted on initiative, and the 5' step a
disoriented creature keeps (001_dd346e63a171f715.txt). Forced dice throughout."""

from __future__ import annotations

from adnd2bis_fixtures import ORC, make  # type: ignore[import-not-found]

from battlemap.model import Condition
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024 import SYSTEM as DND2024

OPTS = Adnd2bisOptions()
SEED = "001_dd346e63a171f715.txt"


def test_default_durations_are_rolled_with_their_die_and_source() -> None:
    # 001, "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE": "durée par défaut (lorsque la
    # règle ou l'origine du dommage ne l'indique pas)". "Stunned / Dazed": d3 rds;
    # "Frightened": 1 turn + 1d10 rounds; "Blinded": d4 +1 hours (1 turn = 100 rounds of 6 s,
    # 1 hour = 600, "TEMPORALITE").
    stun = SYSTEM.default_duration("stunned", Dice(forced=[2]))
    assert stun is not None
    assert (stun.expr, stun.total, stun.render()) == ("1d3", 2, "1d3 → (2!) = 2")
    assert stun.label == f'durée par défaut : Étourdi ({SEED}, "Stunned / Dazed (Etourdi)")'
    fear = SYSTEM.default_duration("frightened", Dice(forced=[7]))
    assert fear is not None and (fear.expr, fear.total) == ("100+1d10", 107)
    blind = SYSTEM.default_duration("blinded", Dice(forced=[3]))
    assert blind is not None and blind.total == (3 + 1) * 600
    # No default in the text: until removed, and no die is used.
    dice = Dice(forced=[3])
    assert SYSTEM.default_duration("prone", dice) is None and list(dice.forced) == [3]
    # Other systems have no default durations: until removed.
    assert DND2024.default_duration("stunned", Dice(forced=[2])) is None


def test_nonlethal_damage_to_zero_stuns_for_the_default_d3_rounds() -> None:
    # 001, "Exhausted (Epuisé)": a loss that takes the creature to 0 → Stunned, which lasts
    # its default "d3 rds" ("Stunned / Dazed (Etourdi)"): 6 non-lethal on 6 hp, d3 = 3.
    orc = make("o", ORC, hp=6)
    ch = SYSTEM.damage(orc, 6, Dice(forced=[3]), OPTS, kind="nonlethal")
    assert [(c.name, c.rounds_left) for c in ch.conditions_added] == [("stunned", 3)]
    assert ch.notes == [f"dommages non létaux ≥ pv : étourdi (durée par défaut : Étourdi "
                        f'({SEED}, "Stunned / Dazed (Etourdi)") : 1d3 → (3!) = 3 rounds)']


def _initiative(c: Combatant, forced: list[int], opts: Adnd2bisOptions = OPTS):  # type: ignore[no-untyped-def]
    (entry,) = SYSTEM.initiative([c], Dice(forced=forced), opts)
    return entry


def test_fatigue_penalty_applies_to_initiative() -> None:
    # 001, "Fatigued (Fatigué)": "pénalité de -1 à tous jets, augmentant de 1 par heure de
    # fatigue supplémentaire": 3rd hour (level 3) → −3; on a d10 read lowest first the
    # penalty adds: 5 + 3 = 8.
    tired = make("t", SAMPLE_FIGHTER | {"dexterity": 10}, side="party")
    tired.conditions.append(Condition(name="fatigued", level=3))
    e = _initiative(tired, [5])
    assert (e.roll.total, e.score) == (5, 8)
    assert [(m.name, m.value, m.source) for m in e.modifiers] == [
        ("Fatigué", -3, f'{SEED}, "Fatigued (Fatigué)"')]
    # A monster rolling with its group takes it on the group's die: 4 + 2 = 6.
    orc = make("o", ORC)
    orc.conditions.append(Condition(name="fatigued", level=2))
    assert _initiative(orc, [4]).score == 6


def test_exhausted_rolls_initiative_with_disadvantage_keeping_the_higher_d10() -> None:
    # 001, "Exhausted (Epuisé)": "Disadvantage to all rolls"; initiative is read lowest first
    # ("INITIATIVE, FLANKING, SURPRISE"), so the worse of two d10 is the higher.
    spent = make("x", SAMPLE_FIGHTER | {"dexterity": 10}, side="party")
    spent.conditions.append(Condition(name="exhausted", level=1))
    why = f'désavantage (Épuisé, {SEED}, "Exhausted (Epuisé)")'
    for forced in ([5, 2], [2, 5]):
        e = _initiative(spent, forced)
        assert (e.roll.expr, e.roll.faces(10, kept_only=False), e.roll.faces(10)) == (
            "2d10kh1", forced, [5])
        assert e.score == 5 and e.notes == [f"{why} : deux d10, le plus haut gardé"]
    # A natural 10 kept stays unmodified, whatever the penalties (here Fatigued −1).
    spent.conditions.append(Condition(name="fatigued", level=1))
    e = _initiative(spent, [10, 3])
    assert e.score == 10 and e.notes[-1] == "10 naturel : jamais modifié"


def test_an_exhausted_monster_rolls_a_second_d10_against_its_groups() -> None:
    # 001 "INITIATIVE…": monsters roll per group; the exhausted orc's disadvantage is a second
    # d10 of its own, the higher of the group's 4 and its 7 kept; its companion keeps 4.
    tired, fresh = make("o1", ORC), make("o2", ORC)
    tired.conditions.append(Condition(name="exhausted", level=1))
    order = SYSTEM.initiative([tired, fresh], Dice(forced=[4, 7]), OPTS)
    got = {e.token: (e.roll.total, e.score, e.group) for e in order}
    assert got == {"o1": (4, 7, "foe"), "o2": (4, 4, "foe")}
    assert [e.token for e in order] == ["o2", "o1"]
    assert order[1].notes == [f'désavantage (Épuisé, {SEED}, "Exhausted (Epuisé)") : d10 du '
                              f"groupe 4, second d10 7, le plus haut gardé (7)"]


def test_a_disoriented_creature_keeps_only_its_5ft_step() -> None:
    # 001, "Fumbles (natural 1/d20 toHit)", 18: "lose next combat round (you can only execute
    # 5' step)".
    lost = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented",))
    budget = SYSTEM.turn_budget(lost, OPTS)
    assert budget.slots == {"combat": 0, "move": 0, "five_foot_step": 1}
    assert budget.notes == ["désorienté : pas de 5' seulement"]
    assert not SYSTEM.threatens(lost)  # its round is lost: no opportunity attack either
    # Grappled as well: speed 0, "no bonus to it", so no step ("Grappled (Attrapé)").
    held = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented", "grappled"))
    assert SYSTEM.turn_budget(held, OPTS).slots["five_foot_step"] == 0
