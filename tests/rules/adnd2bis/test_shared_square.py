"""AD&D 2bis on the map: creatures sharing a square. 001_dd346e63a171f715.txt,
"Positionnement en combat": « Deux créatures occupant la même case de 5′ ont un malus de -4
à tout jet ou action non purement mental, initiative et AC y compris. Trois créatures portent
ce malus à -6. » """

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from battlemap.model import Condition, Encounter, Grid, Token, Wall
from battlemap.text import words

SEED = "001_dd346e63a171f715.txt"
PLACING = f'{SEED}, "Positionnement en combat"'
# THAC0 16, AC 5, Str 16 (+0 to hit), Dex 12 (no initiative adjustment).
F = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter", "dexterity": 12,
     "strength": "16", "weapons": [{"name": "Épée", "damage": "1d8", "damage_type": "slashing"}]}


def _session(tokens: list[tuple[str, str, float, float]], walls: list[Wall] | None = None,
             **extra: Any) -> Session:
    enc = Encounter(system="adnd2bis", grid=Grid(cols=10, rows=6), walls=walls or [],
                    tokens=[Token(id=i, name=i.upper(), side=side, col=c, row=r,
                                  **{"stats": F, **extra.get(i, {})})
                            for i, side, c, r in tokens])
    return Session(enc, seed=1)


PAIR = [("a", "party", 3, 2), ("b", "party", 3, 2), ("o", "foe", 4, 2)]


def _mods(attack: Any) -> list[tuple[str, int, str, str]]:
    return [(words(m.name, "fr"), m.value, m.applies_to, m.source) for m in attack.modifiers]


def test_attacking_a_creature_that_shares_its_square_no_cover_and_ac_minus_4():
    # A and B share (3,2); O attacks A from (4,2). B stands beside A, not between: no
    # cover (it was "Couverture 90 %", +5 AC and disadvantage), and A's AC takes −4.
    s = _session(PAIR)
    out = s.attack("o", "a", forced=[10, 4], gm_override=True)
    hit = out.result.attacks[0]
    assert out.situation.cover == "none"
    assert hit.advantage == "normal"
    assert _mods(hit) == [("Case partagée", -4, "ac", PLACING)]
    assert words(hit.target_label, "fr") == "TAC0 16 − CA 5 (-4 CA : Case partagée) = 7"
    assert (hit.total, hit.outcome) == (10, "hit")


def test_attacking_from_a_shared_square_is_minus_4_to_hit():
    s = _session(PAIR)
    out = s.attack("a", "o", forced=[10], gm_override=True)
    hit = out.result.attacks[0]
    assert out.situation.cover == "none"
    assert _mods(hit) == [("Case partagée", -4, "attack", PLACING)]
    assert words(hit.target_label, "fr") == "TAC0 16 − CA 5 = 11"
    assert (hit.total, hit.outcome) == (6, "miss")


def test_three_in_one_square_is_minus_6():
    s = _session([*PAIR, ("c", "party", 3, 2)])
    hit = s.attack("o", "a", forced=[10, 4], gm_override=True).result.attacks[0]
    assert _mods(hit) == [("Case partagée", -6, "ac", PLACING)]
    assert words(hit.target_label, "fr") == "TAC0 16 − CA 5 (-6 CA : Case partagée) = 5"


def test_initiative_takes_the_penalty_and_it_follows_the_map():
    # Lowest first; the −4 is subtracted from the d10: 3 → 7 for A, 5 → 9 for B.
    s = _session(PAIR)
    got = {e.token: (e.score, [(words(m.name, "fr"), m.value) for m in e.modifiers])
           for e in s.roll_initiative(forced=[3, 5, 6])}
    assert got == {"a": (7, [("Case partagée", -4)]), "b": (9, [("Case partagée", -4)]),
                   "o": (6, [])}
    # Worked out at each roll, never stored on the token: B steps away, A is alone.
    assert all(t.conditions == [] for t in s.encounter.tokens)
    assert s.move("b", [(2, 2)], oa="skip", gm_override=True).moved_to == (2, 2)
    hit = s.attack("o", "a", forced=[10, 4], gm_override=True).result.attacks[0]
    assert _mods(hit) == []
    assert words(hit.target_label, "fr") == "TAC0 16 − CA 5 = 11"


def test_the_dead_and_objects_crowd_no_one_and_a_level_set_by_the_gm_stands():
    # « Deux créatures »: a body on the ground or a chest is no creature.
    dead = {"b": {"conditions": [Condition(name="dead")], "hp": -11}}
    s = _session(PAIR, **dead)
    hit = s.attack("o", "a", forced=[10, 4], gm_override=True).result.attacks[0]
    assert _mods(hit) == []
    chest = {"b": {"stats": {"max_hp": 10, "ac": 8, "is_object": True}}}
    s = _session(PAIR, **chest)
    hit = s.attack("o", "a", forced=[10, 4], gm_override=True).result.attacks[0]
    assert _mods(hit) == []
    gm = {"a": {"conditions": [Condition(name="sharing_square", level=3)]}}
    s = _session(PAIR, **gm)
    hit = s.attack("o", "a", forced=[10, 4], gm_override=True).result.attacks[0]
    assert _mods(hit) == [("Case partagée", -6, "ac", PLACING)]
