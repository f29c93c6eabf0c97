"""Default durations of the "ETATS", Fatigued and Exhausted on initiative, and the 5' step a
disoriented creature keeps (001_dd346e63a171f715.txt). Forced dice throughout."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.engine.log_text import detail_lines
from battlemap.model import Condition, Encounter, Grid, Token
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER
from battlemap.rules.core.combat import Combatant
from battlemap.rules.core.dice import Dice
from battlemap.rules.dnd2024 import SYSTEM as DND2024
from battlemap.text import words
from tests.helpers.adnd2bis import ORC, make
from tests.helpers.words import fr

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
    assert fr(stun.label) == "durée par défaut : Étourdi (AD&D 2bis — Stunned / Dazed (Etourdi))"
    assert stun.label == f'default duration: Stunned ({SEED}, "Stunned / Dazed (Etourdi)")'
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
    assert fr(ch.notes) == ["dommages non létaux ≥ pv : étourdi (durée par défaut : Étourdi "
                            "(AD&D 2bis — Stunned / Dazed (Etourdi)) : 1d3 → (3!) = 3 rounds)"]


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
    assert [(words(m.name, "fr"), m.value, m.source) for m in e.modifiers] == [
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
    why = "désavantage (Épuisé, AD&D 2bis — Exhausted (Epuisé))"
    for forced in ([5, 2], [2, 5]):
        e = _initiative(spent, forced)
        assert (e.roll.expr, e.roll.faces(10, kept_only=False), e.roll.faces(10)) == (
            "2d10kh1", forced, [5])
        assert e.score == 5 and fr(e.notes) == [f"{why} : deux d10, le plus haut gardé"]
    # A natural 10 kept stays unmodified, whatever the penalties (here Fatigued −1).
    spent.conditions.append(Condition(name="fatigued", level=1))
    e = _initiative(spent, [10, 3])
    assert e.score == 10 and fr(e.notes)[-1] == "10 naturel : jamais modifié"


def test_an_exhausted_monster_rolls_a_second_d10_against_its_groups() -> None:
    # 001 "INITIATIVE…": monsters roll per group; the exhausted orc's disadvantage is a second
    # d10 of its own, the higher of the group's 4 and its 7 kept; its companion keeps 4.
    tired, fresh = make("o1", ORC), make("o2", ORC)
    tired.conditions.append(Condition(name="exhausted", level=1))
    order = SYSTEM.initiative([tired, fresh], Dice(forced=[4, 7]), OPTS)
    got = {e.token: (e.roll.total, e.score, e.group) for e in order}
    assert got == {"o1": (4, 7, "foe"), "o2": (4, 4, "foe")}
    assert [e.token for e in order] == ["o2", "o1"]
    assert fr(order[1].notes) == ["désavantage (Épuisé, AD&D 2bis — Exhausted (Epuisé)) : d10 du "
                                  "groupe 4, second d10 7, le plus haut gardé (7)"]
    assert order[1].notes == [f'disadvantage (Exhausted, {SEED}, "Exhausted (Epuisé)"): group d10 '
                              "4, second d10 7, the higher kept (7)"]


def test_a_disoriented_creature_keeps_only_its_5ft_step() -> None:
    # 001, "Fumbles (natural 1/d20 toHit)", 18: "lose next combat round (you can only execute
    # 5' step)".
    lost = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented",))
    budget = SYSTEM.turn_budget(lost, OPTS)
    assert budget.slots == {"combat": 0, "move": 0, "five_foot_step": 1}
    assert fr(budget.notes) == ["désorienté : pas de 5' seulement"]
    assert not SYSTEM.threatens(lost)  # its round is lost: no opportunity attack either
    # Grappled as well: speed 0, "no bonus to it", so no step ("Grappled (Attrapé)").
    held = make("d", SAMPLE_FIGHTER, side="party", conditions=("disoriented", "grappled"))
    assert SYSTEM.turn_budget(held, OPTS).slots["five_foot_step"] == 0




# Dex 18: initiative adjustment 3 (DEX − 15), subtracted from the d10.
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter", "dexterity": 18,
           "strength": "16", "weapons": [{"name": "Épée", "damage": "1d8",
                                          "damage_type": "slashing"}]}


def _session() -> Session:
    enc = Encounter(system="adnd2bis", grid=Grid(cols=14, rows=6), tokens=[
        Token(id="a", name="Aldo", side="party", col=3, row=2, stats=FIGHTER),
        Token(id="o", name="Orc", side="foe", col=4, row=2, stats=FIGHTER)])
    return Session(enc, seed=3)


def test_a_condition_put_on_without_a_duration_lasts_its_rolled_default() -> None:
    # 001, "ETATS (CONDITIONS, AFFLICTIONS… ) DU PERSONNAGE": the default duration applies
    # "lorsque la règle ou l'origine du dommage ne l'indique pas"; "Stunned / Dazed
    # (Etourdi)": "Durée par défaut : d3 rds" — the GM's die: 2.
    s = _session()
    cond = s.add_condition("o", "stunned", forced=[2])
    assert (cond.name, cond.rounds_left) == ("stunned", 2)
    entry = s.log.entries[-1]
    where = f'{SEED}, "Stunned / Dazed (Etourdi)"'
    assert entry.said("fr") == ("Orc : Étourdi (2 rounds ; durée par défaut : Étourdi (AD&D 2bis — "
                                "Stunned / Dazed (Etourdi)) : 1d3 → (2!) = 2)")
    assert entry.said("en") == f"Orc: Stunned (2 rounds; default duration: 1d3 → (2!) = 2, " \
                               f"{where})"
    assert "roll: 1d3 → (2!) = 2" in detail_lines(entry.details, "en")
    s.undo()
    assert s.token("o").conditions == []
    s.redo()
    assert [(c.name, c.rounds_left) for c in s.token("o").conditions] == [("stunned", 2)]
    # A duration the GM gives is kept, and nothing is rolled.
    s.add_condition("o", "stunned", rounds=5)
    assert [(c.name, c.rounds_left) for c in s.token("o").conditions] == [("stunned", 5)]
    assert "1d3" not in s.log.entries[-1].said("fr")


def test_a_fumble_ends_with_the_round_so_the_next_round_has_its_threat() -> None:
    # 001, "Fumbles (natural 1/d20 toHit)": a fumble stops "toute action subséquente du
    # personnage dans le round y compris … ses capacités de réactions" — in that round only.
    s = _session()
    s.roll_initiative(forced=[1, 9])  # Aldo 1 − 3 = −2, the orc 9 − 3 = 6: Aldo first
    s.attack("a", "o", forced=[1, 20])  # natural 1; DEX check 20 ≥ 15: no table roll
    assert [c.name for c in s.token("a").conditions] == ["fumbled"]
    s.next_turn()  # the orc, round 1: Aldo's reactions are gone
    leave = [(5, 2), (6, 2)]
    assert s.preview_move("o", leave).path.provokes == []
    s.next_turn(forced=[9, 1])  # round 2: the orc 1 − 3 = −2 acts before Aldo (6)
    assert (s.round, s.current_token_id) == (2, "o")
    assert s.token("a").conditions == []
    assert [p.by for p in s.preview_move("o", leave).path.provokes] == ["a"]
    ended = [e for e in s.log.entries if e.kind == "turn_event"]
    assert [(e.round, e.said("fr")) for e in ended] == [
        (1, "Aldo : fin du round : fin de Fumble (AD&D 2bis — Fumbles (natural 1/d20 toHit))")]


def test_exhausted_and_fatigued_initiative_is_shown_die_by_die() -> None:
    # 001, "Exhausted (Epuisé)": "Disadvantage to all rolls" → two d10, the higher (worse,
    # lowest first) kept: 5 and 2 → 5 − 3 (Dex) = 2. "Fatigued (Fatigué)": −1 a roll per
    # hour, level 2 → the orc's 4 − 3 + 2 = 3.
    s = _session()
    s.add_condition("a", "exhausted")
    s.add_condition("o", "fatigued", level=2)
    s.roll_initiative(forced=[5, 2, 4])
    entry = next(e for e in reversed(s.log.entries) if e.kind == "initiative")
    lines = detail_lines(entry.details, "en")
    assert lines == [
        "Aldo: 2d10kh1 → (5!, 2! dropped) = 5 → 2",
        f'  Dexterity 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  disadvantage (Exhausted, {SEED}, "Exhausted (Epuisé)"): two d10, the higher kept',
        "Orc: 1d10 → (4!) = 4 → 3",
        f'  Dexterity 18 +3 (initiative) [{SEED}, "INITIATIVE, FLANKING, SURPRISE"]',
        f'  Fatigued -2 (initiative) [{SEED}, "Fatigued (Fatigué)"]',
    ]
