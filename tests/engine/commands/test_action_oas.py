"""Attacks and manoeuvres that provoke opportunity attacks (engine/provoke.py), on a
breche35 map: a shot or a trip from a square the foe threatens (000_d623f1b22a06cede.txt,
"Attaques d'opportunité", actions table and "Manœuvres"). The attacks come first, in the
action's undo step; an actor they drop does not act."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.engine.decision import Decision
from battlemap.io.encounter_file import encounter_to_json
from battlemap.rules.breche35.stats import SAMPLE
from battlemap.text import words
from tests.helpers.engine import encounter, tok

PLAIN = {**SAMPLE, "feats": []}  # no Attaques réflexes: one opportunity attack per round
SHOT = 'ranged attack in a threatened square, 000 "Attaques d\'opportunité"'


def duel(foe_col: int = 2) -> Session:
    return Session(encounter([tok("a", 1, 1, "party", name="Ana", stats=PLAIN),
                              tok("o", foe_col, 1, name="Goule", stats=PLAIN)]), seed=3)


def kinds(s: Session, since: int = 0) -> list[str]:
    return [e.kind for e in s.log.entries[since:]]


def test_ask_names_the_foe_and_why_and_changes_nothing() -> None:
    s = duel()
    before = encounter_to_json(s.encounter)
    out = s.attack("a", "o", weapon="Pistolet 9 mm", oa="ask")
    assert isinstance(out, Decision) and out.command == "attack"
    assert out.reason == ("this attack by Ana provokes opportunity attacks from Goule: roll or "
                          "skip them.")
    assert [(p.by, tuple(p.at), p.why) for p in out.provokes] == [("o", (1, 1), SHOT)]
    assert encounter_to_json(s.encounter) == before and not s.can_undo


def test_resolved_oa_hits_before_the_shot_in_one_undo_step() -> None:
    s = duel()
    before = encounter_to_json(s.encounter)
    # Goule's Machette: d20 15 + 5 BBA + 3 Str = 23 vs CA 17, 1d6 4 + 3 = 7: Ana 42 → 35.
    out = s.attack("a", "o", weapon="Pistolet 9 mm", oa_choices={"o": "resolve"},
                   oa_forced=[15, 4], forced=[15, 4, 4])
    assert kinds(s) == ["provoked", "opportunity_attack", "attack"]
    assert [(c.token, c.before, c.after) for c in out.hp_changes] == [
        ("a", 42, 35), ("o", 42, 34)]  # then the shot: 2d6 4 + 4 = 8
    assert s.token("a").hp == 35 and s.turn_state.reactions == {"o": 1}
    assert "Goule (" + SHOT + "): rolled" in s.log.entries[0].said("en")
    s.undo()
    assert encounter_to_json(s.encounter) == before and not s.can_undo


def test_skip_and_the_default_roll_nothing_but_say_so() -> None:
    for oa in ({"oa": "skip"}, {}):
        s = duel()
        out = s.attack("a", "o", weapon="Pistolet 9 mm", forced=[15, 4, 4], **oa)
        assert kinds(s) == ["provoked", "attack"] and out.opportunity_attacks == []
        assert s.token("a").hp is None and s.token("o").hp == 34
        assert s.log.entries[0].details["opportunity"] == {"o": "skip"}


def test_a_melee_attack_or_a_far_foe_provokes_nothing() -> None:
    s = duel()
    s.attack("a", "o", weapon="Machette", oa="ask", forced=[2])
    assert kinds(s) == ["attack"]
    far = duel(foe_col=5)
    far.attack("a", "o", weapon="Pistolet 9 mm", oa="ask", forced=[2])
    assert kinds(far) == ["attack"]


def test_no_oa_left_this_round_no_provocation() -> None:
    s = duel()
    assert [p.by for p in s.action_provocations("a", "attack", "Pistolet 9 mm")] == ["o"]
    s.attack("a", "o", weapon="Pistolet 9 mm", oa="resolve", oa_forced=[2], forced=[2])
    assert s.action_provocations("a", "attack", "Pistolet 9 mm") == []  # its one OA is spent


def test_an_actor_dropped_by_the_oa_does_not_shoot() -> None:
    s = duel()
    s.update_token("a", hp=5)
    before = encounter_to_json(s.encounter)
    n = len(s.log.entries)
    out = s.attack("a", "o", weapon="Pistolet 9 mm", oa="resolve", oa_forced=[15, 4])
    assert out.stopped_early and out.result.attacks == []
    assert s.token("a").hp == -2 and s.token("a").has_condition("dying")
    assert s.token("o").hp is None  # the shot never happened
    assert kinds(s, n) == ["provoked", "opportunity_attack", "provoked"]
    assert s.log.entries[-1].said("en") == "Ana is down: this attack does not happen"
    s.undo()
    assert encounter_to_json(s.encounter) == before


def test_a_trip_asks_then_resolves_its_oa_first() -> None:
    s = duel()
    asked = s.manoeuvre("trip", "a", "o", oa="ask")
    assert isinstance(asked, Decision) and asked.command == "manoeuvre"
    assert [p.why for p in asked.provokes] == [
        'trip in a threatened square, 000 "Manœuvres"']
    assert not s.can_undo
    s.manoeuvre("trip", "a", "o", oa="resolve", oa_forced=[15, 4], decision=asked)
    assert kinds(s)[:2] == ["provoked", "opportunity_attack"] and kinds(s)[-1] == "manoeuvre"
    assert s.token("a").hp == 35


def test_a_tripper_dropped_by_the_oa_does_not_trip() -> None:
    s = duel()
    s.update_token("a", hp=5)
    res = s.manoeuvre("trip", "a", "o", oa="resolve", oa_forced=[15, 4])
    assert not res.success and res.notes == ["the trip: not tried, its author is down"]
    assert [words(x, "fr") for x in res.notes] == ["la manœuvre croc-en-jambe : pas tentée, son auteur est hors de combat"]
    assert "manoeuvre" not in kinds(s) and not s.token("o").has_condition("prone")


def test_the_stopped_manoeuvre_is_logged_in_both_languages() -> None:
    # The log's last line comes from the engine's words (engine/words.py), as every other.
    s = duel()
    s.update_token("a", hp=5)
    s.manoeuvre("trip", "a", "o", oa="resolve", oa_forced=[15, 4])
    last = s.log.entries[-1]
    assert (last.kind, last.said("fr"), last.said("en")) == (
        "provoked", "Ana est hors de combat : la manœuvre croc-en-jambe n'a pas lieu",
        "Ana is down: the trip does not happen")


def test_adnd2bis_a_shot_provokes_nothing_a_trip_does() -> None:
    s = Session(encounter([tok("a", 1, 1, "party"), tok("o", 2, 1)], system="adnd2bis"),
                seed=3)
    assert s.action_provocations("a", "attack", None, "ranged") == []
    assert [p.by for p in s.action_provocations("a", "trip")] == ["o"]
