"""2bis through the engine: Exhausted costs its hit points when it is added, manoeuvres pay
what the system says, a grapple halves the grappler's speed and may leave one action to the
victim, objects get no turn (001_dd346e63a171f715.txt). Forced dice throughout."""

from __future__ import annotations

import pytest

from battlemap.engine import Refused, Session
from battlemap.model import Encounter, Grid, Token
from battlemap.rules.adnd2bis.objects import object_stats, standard_object

# Human fighters (30' = 9 m), Dex 10: no initiative adjustment.
FIGHTER = {"max_hp": 30, "ac": 5, "thac0": 16, "class_group": "fighter", "strength": "18/76",
           "weapons": [{"name": "Épée longue", "damage": "1d8"}]}
ORC = {"max_hp": 8, "ac": 6, "thac0": 19, "class_group": "fighter", "strength": "13"}


def _session(a_stats: dict | None = None, **extra: Token) -> Session:  # type: ignore[type-arg]
    enc = Encounter(system="adnd2bis", grid=Grid(cols=8, rows=6), tokens=[
        Token(id="a", name="Aldo", side="party", col=1, row=1, stats=a_stats or FIGHTER),
        Token(id="o", name="Orc", side="foe", col=2, row=1, stats=ORC),
        *extra.values()])
    return Session(enc, seed=3)


def _start(s: Session, forced: tuple[int, ...] = (2, 8)) -> None:
    s.roll_initiative(forced=forced, tokens=["a", "o"])  # d10 lowest first: Aldo, then the orc
    assert s.current_token_id == "a"


def test_exhausted_loses_half_max_hp_when_added_and_only_once() -> None:
    # 001 "Exhausted (Epuisé)": non-lethal loss of 50 % of the maximum (30 → 15), at once.
    s = _session()
    s.add_condition("a", "exhausted")
    aldo = s.token("a")
    assert aldo.nonlethal == 15
    assert [(c.name, c.level) for c in aldo.conditions] == [("exhausted", 1)]
    # Aldo's start of turn: the loss is not taken a second time. Exhausted, he rolls two d10
    # (disadvantage, the higher kept): 2 and 1 → 2; the orc 8.
    _start(s, (2, 1, 8))
    assert s.token("a").nonlethal == 15
    s.add_condition("a", "exhausted", rounds=10)  # re-added: still one loss
    assert s.token("a").nonlethal == 15
    assert [(c.name, c.level, c.rounds_left) for c in s.token("a").conditions] == [
        ("exhausted", 1, 10)]
    s.undo()
    s.undo()
    s.undo()  # the first add: the hit points come back with the condition
    assert s.token("a").nonlethal == 0 and s.token("a").conditions == []


def test_stabilising_takes_the_whole_round() -> None:
    # 001 "Dying": stabilising "exige de s'y consacrer entièrement pendant deux rounds": both
    # the combat and the move action of the healer's round.
    patient = Token(id="p", name="Pia", side="party", col=1, row=2, stats=FIGHTER, hp=-3)
    s = _session(p=patient)
    _start(s)
    s.manoeuvre("stabilise", "a", "p")
    assert s.budget("a").slots["combat"] == 0 and s.budget("a").slots["move"] == 0
    assert [(c.name, c.level) for c in s.token("p").conditions if c.name == "stabilising"] == [
        ("stabilising", 1)]
    with pytest.raises(Refused):
        s.attack("a", "o", forced=[15, 4])


def test_stabilising_is_refused_after_moving() -> None:
    # 001 "Dying" and "Actions": a full action cannot follow the round's move action.
    patient = Token(id="p", name="Pia", side="party", col=3, row=2, stats=FIGHTER, hp=-3)
    s = _session(p=patient)
    _start(s)
    s.move("a", [(1, 2), (2, 2)])
    with pytest.raises(Refused):
        s.manoeuvre("stabilise", "a", "p")
    assert not s.token("p").conditions  # refused: nothing happened
    s.manoeuvre("stabilise", "a", "p", gm_override=True)
    assert s.log.entries[-1].details["override"]


def test_hold_action_spends_one_action_then_nothing_is_left() -> None:
    # 001 "Hold Action": the held action is one of the round's two; "Aucune autre action ni
    # mouvement n'est alors possible".
    s = _session()
    _start(s)
    s.attack("a", "o", forced=[2])  # a miss; the combat action is spent
    s.manoeuvre("hold_action", "a", "o", trigger="l'orc s'enfuit", action="le poursuivre")
    left = s.budget("a")
    assert left.slots == {"combat": 0, "move": 0, "five_foot_step": 0}
    assert s.token("a").has_condition("holding_action")


def test_grapple_halves_the_grappler_and_leaves_one_action_with_the_feat() -> None:
    # 001 "Grapple": Aldo 15+5 beats the orc 3+1; he moves his victim "à la moitié de [sa]
    # vitesse": 9 m → 4.5 m; "Grappled": speed 0, "only 1 action if grappler has relevant feat".
    s = _session({**FIGHTER, "feats": ["grappler"]})
    _start(s)
    assert s.manoeuvre("grapple", "a", "o", forced=[15, 3]).success
    assert s.budget("a").movement_m == 4.5
    assert s.budget("a").slots["combat"] == 0  # the grapple "consomme une attaque"
    orc = s.budget("o")
    assert (orc.movement_m, orc.slots["move"], orc.slots["five_foot_step"]) == (0, 0, 0)
    s.next_turn()
    # The escape, a full-round action, takes the one action it has (18+1 beats 2+5).
    assert s.manoeuvre("escape", "o", "a", forced=[18, 2]).success
    assert s.token("o").conditions == [] and s.token("a").conditions == []
    assert s.budget("o").slots["combat"] == 0


def test_releasing_a_grapple_is_free() -> None:
    # 001 "Grapple": "Vous pouvez libérer la cible quand le voulez (action gratuite)".
    s = _session()
    _start(s)
    s.manoeuvre("grapple", "a", "o", forced=[15, 3])
    before = s.budget("a")
    s.manoeuvre("release_grapple", "a", "o")
    after = s.budget("a")
    assert after.slots == before.slots and after.movement_m == 9.0  # full speed again
    assert s.token("o").conditions == []


def test_objects_get_no_turn() -> None:
    # 001 "Dommages aux objets et matériaux": a door is attacked, it does not act.
    door = Token(id="door", name="Porte", side="neutral", col=5, row=1,
                 stats=object_stats(standard_object("strong wooden door", made_of="bois, os")))
    s = _session(door=door)
    s.roll_initiative(forced=[2, 8])
    assert s.order == ["a", "o"]
    s.next_turn()
    s.next_turn(forced=[5, 4])  # round 2: the d10s are re-rolled, the orc first
    assert s.order == ["o", "a"] and s.current_token_id == "o"
