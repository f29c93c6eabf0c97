"""2bis grapple effects on the round, manoeuvre costs, Exhausted taken at once, objects out of
the initiative (001_dd346e63a171f715.txt)."""

from __future__ import annotations

from adnd2bis_fixtures import ORC, make  # type: ignore[import-not-found]

from battlemap.model import Condition
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.economy import ANY_ONE, COMBAT, FREE, MOVE, WHOLE_ROUND
from battlemap.rules.adnd2bis.exhaustion import on_gain
from battlemap.rules.adnd2bis.objects import object_stats, standard_object
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice

OPTS = Adnd2bisOptions()
WRESTLER = {"strength": "18/76", "max_hp": 40}  # human: 30' = 9 m (001 "Vitesses")


def man(name: str, a: Combatant, t: Combatant, forced: list[int], **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), OPTS)


def with_conds(c: Combatant, *conds: Condition) -> Combatant:
    return c.model_copy(update={"conditions": [*c.conditions, *conds]})


def test_grapple_marks_both_wrestlers() -> None:
    # 001 "Grapple": Str 18/76 +5 vs orc +1: 11+5=16 > 14+1=15, the target is Grappled and the
    # grappler holds it ("déplacée par son assaillant"); no feat: the victim keeps its actions.
    res = man("grapple", make("w", WRESTLER), make("o", ORC), [11, 14])
    assert res.success
    assert [(c.name, c.level) for c in res.conditions_added["o"]] == [("grappled", None)]
    assert [(c.name, c.source) for c in res.conditions_added["w"]] == [("grappling", "o")]


def test_grappler_feat_leaves_one_action() -> None:
    # 001 "Grappled": "Can take only 1 action if grappler has relevant feat" (level 1).
    res = man("grapple", make("w", {**WRESTLER, "feats": ["grappler"]}), make("o", ORC), [11, 14])
    assert [(c.name, c.level) for c in res.conditions_added["o"]] == [("grappled", 1)]


def test_grappled_budget_speed_zero_and_one_action_with_feat() -> None:
    # 001 "Grappled": speed 0 and no bonus to it (no 5' step); 1 action with the feat.
    plain = SYSTEM.turn_budget(with_conds(make("o", ORC), Condition(name="grappled")), OPTS)
    assert plain.movement_m == 0
    assert plain.slots == {"combat": 1, "move": 1, "five_foot_step": 0}
    held = SYSTEM.turn_budget(with_conds(make("o", ORC), Condition(name="grappled", level=1)),
                              OPTS)
    assert held.slots == {"combat": 1, "move": 0, "five_foot_step": 0}


def test_grappler_moves_at_half_speed() -> None:
    # 001 "Grapple": "à la moitié de la vitesse de celui-ci": a human's 9 m becomes 4.5 m.
    free = SYSTEM.turn_budget(make("w", WRESTLER), OPTS)
    holding = SYSTEM.turn_budget(with_conds(make("w", WRESTLER),
                                            Condition(name="grappling", source="o")), OPTS)
    assert (free.movement_m, holding.movement_m) == (9.0, 4.5)
    assert holding.slots == free.slots


def test_escape_and_release_end_both_sides() -> None:
    # 001 "S'échapper d'un grapple": orc Str 13 (+1) 18+1=19 beats 5+5=10; the grappler loses
    # its hold too. "Vous pouvez libérer la cible quand le voulez (action gratuite)".
    w = with_conds(make("w", WRESTLER), Condition(name="grappling", source="o"))
    o = with_conds(make("o", ORC), Condition(name="grappled", source="w"))
    esc = man("escape", o, w, [18, 5])
    assert esc.success and esc.conditions_removed == {"o": ["grappled"], "w": ["grappling"]}
    rel = man("release_grapple", w, o, [])
    assert rel.success and rel.conditions_removed == {"w": ["grappling"], "o": ["grappled"]}
    assert not man("release_grapple", make("w", WRESTLER), o, []).success


def test_manoeuvre_costs() -> None:
    # 001 "Actions": full actions "exigent l'intégralité du round"; stabilising "exige de s'y
    # consacrer entièrement pendant deux rounds"; escape "Exige une full round action", a move
    # action with Free Action / Grease; grapple "consomme une attaque"; release: free.
    orc = make("o", ORC)
    cost = SYSTEM.manoeuvre_cost
    assert cost("stabilise", orc, {}) == WHOLE_ROUND == (("combat",), ("move",))
    assert cost("full_defence", orc, {}) == WHOLE_ROUND
    assert cost("grapple", orc, {}) == COMBAT and cost("trip", orc, {}) == COMBAT
    assert cost("release_grapple", orc, {}) == FREE == ()
    assert cost("hold_action", orc, {}) == ANY_ONE
    assert cost("escape", orc, {}) == WHOLE_ROUND
    assert cost("escape", orc, {"grease": True}) == MOVE == (("move", "combat"),)
    assert cost("escape", make("m", {**ORC, "feats": ["free_action"]}), {}) == MOVE
    one = with_conds(orc, Condition(name="grappled", level=1))
    assert cost("escape", one, {}) == ANY_ONE  # the one action the feat leaves it
    assert cost("no_such_thing", orc, {}) is None


def test_exhausted_loss_taken_once_on_gain() -> None:
    # 001 "Exhausted (Epuisé)": non-lethal loss of 50 % of the maximum: 40 → 20.
    w = make("w", WRESTLER)
    ch = on_gain(w, Condition(name="exhausted"), Dice(0))
    assert ch is not None and (ch.before, ch.after, ch.nonlethal_after) == (40, 40, 20)
    assert [(c.name, c.level) for c in ch.conditions_added] == [("exhausted", 1)]
    # Marked: nothing more.
    assert on_gain(w, Condition(name="exhausted", level=1), Dice(0)) is None
    # Already exhausted with the loss taken, re-added unmarked: no second loss, mark kept.
    tired = with_conds(w, Condition(name="exhausted", level=1)).model_copy(
        update={"nonlethal": 20})
    again = on_gain(tired, Condition(name="exhausted", rounds_left=5), Dice(0))
    assert again is not None and again.nonlethal_after == 20
    assert [(c.name, c.level, c.rounds_left) for c in again.conditions_added] == [
        ("exhausted", 1, 5)]
    assert on_gain(w, Condition(name="prone"), Dice(0)) is None


def test_exhausted_loss_stops_at_zero_and_stuns() -> None:
    # 001 "Exhausted": "Si cette perte amène le personnage à 0 (ne peut l'amener en dessous),
    # le personnage passe en condition Stunned": 40 max, 12 hp left → 12 non-lethal, stunned
    # for d3 rounds (forced 2).
    hurt = make("w", WRESTLER, hp=12)
    ch = on_gain(hurt, Condition(name="exhausted"), Dice(forced=[2]))
    assert ch is not None and ch.nonlethal_after == 12
    assert [(c.name, c.rounds_left) for c in ch.conditions_added] == [
        ("exhausted", None), ("stunned", 2)]


def test_objects_roll_no_initiative() -> None:
    # 001 "Dommages aux objets et matériaux": a door is a target, not a combatant; the orc's
    # d10 (4) is the only roll, and the door is not in the order.
    door = make("door", object_stats(standard_object("strong wooden door", made_of="bois, os")))
    entries = SYSTEM.initiative([door, make("o", ORC)], Dice(forced=[4]), OPTS)
    assert [(e.token, e.score) for e in entries] == [("o", 4)]
