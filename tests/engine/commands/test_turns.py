"""Initiative, the turn cycle, condition durations, dying creatures, attacks and their budget
(toy system: d20 + init high first, 3.5 economy, dying loses 1 HP at the start of its turn)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from battlemap.engine import EngineError, Refused, Session
from battlemap.engine.turn_state import InitiativeSlot, TurnState


def test_initiative_orders_and_sets_scores(skirmish: Session) -> None:
    entries = skirmish.roll_initiative(forced=[3, 18, 11])  # ana 3+2, bo 18, gob 11
    assert [e.token for e in entries] == ["bo", "gob", "ana"]
    assert skirmish.order == ["bo", "gob", "ana"] and skirmish.round == 1
    assert skirmish.token("ana").initiative == 5
    assert skirmish.current_token_id == "bo"
    assert [e.kind for e in skirmish.log.entries] == ["initiative", "turn"]


def test_next_turn_wraps_to_a_new_round_and_resets_reactions(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])
    assert [s.next_turn(), s.next_turn(), s.next_turn()] == ["gob", "ana", "bo"]
    assert s.round == 2
    assert "Round 2" in [e.said("en") for e in s.log.entries]


def test_condition_durations_tick_at_the_end_of_their_creatures_turn(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo, gob, ana
    s.add_condition("bo", "stunned", rounds=2)
    s.next_turn()  # end of bo's turn: 2 → 1
    assert s.token("bo").conditions[0].rounds_left == 1
    s.next_turn()
    s.next_turn()  # round 2, bo acts
    assert s.token("bo").has_condition("stunned")
    s.next_turn()  # end of bo's second turn: expires
    assert not s.token("bo").has_condition("stunned")
    assert any(e.said("en") == "Bo: stunned ends" for e in s.log.entries)


def test_dying_creature_loses_hp_at_the_start_of_its_turn(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])
    s.damage("ana", 14)  # 12 → −2: dying
    assert s.token("ana").has_condition("dying")
    s.next_turn()
    s.next_turn()  # ana's turn starts
    assert s.token("ana").hp == -3
    assert s.log.entries[-1].kind == "turn_event"
    s.heal("ana", 5)  # stabilised and up
    assert s.token("ana").hp == 2 and not s.token("ana").has_condition("dying")


def test_set_initiative_and_reorder_keep_the_current_creature(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo 18, gob 11, ana 5
    s.next_turn()  # gob
    s.set_initiative("ana", 20)
    assert s.order == ["ana", "bo", "gob"] and s.current_token_id == "gob"
    s.move_in_order("gob", 0)
    assert s.order == ["gob", "ana", "bo"] and s.current_token_id == "gob"


def test_delay_takes_the_creature_out_until_it_acts_now(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo, gob, ana
    s.delay("bo")
    assert s.order == ["gob", "ana"] and s.current_token_id == "gob"
    assert s.turn_view().waiting_ids() == ["bo"]
    assert s.log.entries[-2].said("en") == "Bo delays: out of the order, waiting to act"
    with pytest.raises(EngineError, match="whose turn"):
        s.delay("ana")
    s.next_turn()  # ana
    s.act_now("bo")  # before ana, whose turn pauses
    assert s.order == ["gob", "bo", "ana"] and s.current_token_id == "bo"
    assert s.turn_view().waiting == []
    assert "Bo acts now, before Ana" in s.log.entries[-2].said("en")
    with pytest.raises(EngineError, match="not waiting"):
        s.act_now("bo")


def test_a_paused_turn_resumes_with_what_it_had_left(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", col=2, row=1)
    s.roll_initiative(forced=[3, 18, 11])  # bo, gob, ana
    s.delay("bo")  # gob
    s.attack("gob", "ana", "dagger", forced=[1])  # gob spends its standard action
    s.act_now("bo")
    turns_before = sum(e.kind == "turn" for e in s.log.entries)
    assert s.next_turn() == "gob"
    assert s.budget("gob").slots["standard"] == 0  # not a new turn: what it spent stays spent
    assert s.log.entries[-1].said("en") == "Gob's turn goes on (round 1)"
    assert sum(e.kind == "turn" for e in s.log.entries) == turns_before + 1


def test_a_creature_still_waiting_at_the_round_end_takes_its_place_again(
        skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo 18, gob 11, ana 5
    s.delay("bo")
    s.next_turn()
    assert s.next_turn() == "bo"  # round 2: back in its place, first
    assert s.order == ["bo", "gob", "ana"] and s.round == 2
    assert any(e.said("en") == "Bo waited the whole round: takes its place again"
               for e in s.log.entries)


def test_the_last_creature_of_the_round_cannot_delay(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])
    s.next_turn()
    s.next_turn()  # ana, last: nobody acts later in the round
    with pytest.raises(EngineError, match="last creature of the round"):
        s.delay("ana")
    assert s.order == ["bo", "gob", "ana"] and s.turn_view().waiting == []


def test_a_creature_that_has_acted_cannot_wait(skirmish: Session) -> None:
    s = skirmish
    s.update_token("bo", col=2, row=1)
    s.roll_initiative(forced=[3, 18, 11])  # bo acts
    s.attack("bo", "gob", forced=[1])
    with pytest.raises(EngineError, match="Bo has acted this turn already"):
        s.delay("bo")


def test_acting_now_does_not_start_the_turn_twice(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo, gob, ana
    s.damage("gob", 8)  # 6 → −2: dying, −1 at the start of each of its turns
    s.next_turn()  # gob's turn starts: −3
    assert s.token("gob").hp == -3
    s.delay("gob")  # ana acts
    s.act_now("gob")
    assert s.current_token_id == "gob" and s.token("gob").hp == -3  # no second start
    s.next_turn()  # ana's turn goes on
    s.next_turn()  # round 2: bo
    s.next_turn()  # gob, in its new place: a new turn, a new start
    assert s.current_token_id == "gob" and s.token("gob").hp == -4


def test_delay_and_act_now_undo_and_redo(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])
    s.delay("bo")
    s.act_now("bo")
    s.undo()
    assert s.order == ["gob", "ana"] and s.turn_view().waiting_ids() == ["bo"]
    s.undo()
    assert s.order == ["bo", "gob", "ana"] and s.current_token_id == "bo"
    s.redo()
    s.redo()
    assert s.order == ["bo", "gob", "ana"] and s.current_token_id == "bo"
    assert s.turn_view().paused is not None and s.turn_view().paused.token == "gob"


def test_defeated_creatures_are_skipped_and_named(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])  # bo, gob, ana
    s.add_condition("gob", "dead")
    assert s.next_turn() == "ana"
    assert "Gob: defeated (dead), turn skipped" in [e.said("en") for e in s.log.entries]


def test_the_encounter_may_keep_defeated_creatures_turns(skirmish: Session) -> None:
    s = skirmish
    s.set_options(keep_defeated=True)
    s.roll_initiative(forced=[3, 18, 11])
    s.add_condition("gob", "dead")
    assert s.next_turn() == "gob"


def test_when_every_creature_is_defeated_none_is_skipped(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[3, 18, 11])
    for t in ("ana", "bo", "gob"):
        s.add_condition(t, "dead")
    assert s.next_turn() == "gob"  # no endless round of skips


def test_next_turn_needs_initiative(skirmish: Session) -> None:
    with pytest.raises(EngineError, match="roll initiative first"):
        skirmish.next_turn()


def test_attack_preview_and_flanking_from_geometry(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", col=2, row=1)
    s.update_token("bo", col=4, row=1)  # gob (3,1) between them: 000 "Tenaille"
    p = s.preview_attack("ana", "gob")
    assert p.situation.flanked and p.situation.flank_partners == ["bo"]
    assert [(m.name, m.value) for m in p.modifiers] == [("attack bonus", 4), ("flanking", 2)]
    steps = len(s.history.undo_stack)
    assert p.target_number == 12 and p.legal
    assert len(s.history.undo_stack) == steps  # a preview is not a command


def test_attack_applies_damage_and_logs_every_modifier(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", col=2, row=1)
    out = s.attack("ana", "gob", forced=[9, 5])  # 9 + 4 = 13 vs AC 12: hit, 1d6 → 5
    assert out.result.attacks[0].outcome == "hit"
    assert s.token("gob").hp == 1
    entry = s.log.entries[-1]
    assert entry.kind == "attack" and entry.said("en") == "Attack: Ana → Gob (sword): hit, 5 damage (5 taken), HP 6 → 1"
    text = s.log.render(entry, "en")
    assert "attack bonus +4 [toy]" in text and "1d20 → (9!) = 9 (13 vs AC 12) → hit" in text


def test_out_of_reach_is_refused_unless_overridden(skirmish: Session) -> None:
    s = skirmish
    with pytest.raises(Refused, match="out of reach"):
        s.attack("bo", "gob")
    out = s.attack("bo", "gob", gm_override=True, forced=[1])
    assert out.override and s.log.entries[-1].details["override"] == "out of reach"


def test_attack_budget_in_turn(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", col=2, row=1)
    s.roll_initiative(forced=[18, 1, 1])  # ana first
    s.attack("ana", "gob", forced=[1])
    assert s.budget("ana").slots["standard"] == 0
    with pytest.raises(Refused, match="no standard left"):
        s.attack("ana", "gob", forced=[1])


def test_ranged_attack_into_melee_and_range_increments(skirmish: Session) -> None:
    s = skirmish
    s.update_token("gob", col=3, row=6)  # bow, 9 m increment; bo (2,4) is its ally? no: party
    sit, _, _ = s.situation("gob", "ana", "bow")
    assert sit.kind == "ranged" and not sit.into_melee
    s.update_token("bo", side="foe", col=1, row=2)  # now an ally of gob adjacent to ana
    sit, _, _ = s.situation("gob", "ana", "bow")
    assert sit.into_melee
    # 5 squares by the 3.5 count (dx 2, dy 5 → 5 + 1 = 6 squares = 9 m): first increment.
    assert sit.distance_m == 9.0 and sit.range_increments == 0


def test_manoeuvre_adds_its_condition(skirmish: Session) -> None:
    s = skirmish
    s.update_token("ana", col=2, row=1)
    res = s.manoeuvre("trip", "ana", "gob", forced=[15, 4])
    assert res.success and s.token("gob").has_condition("prone")
    s.undo()
    assert not s.token("gob").has_condition("prone")


def test_the_turn_state_a_command_gets_is_its_own_copy(skirmish: Session) -> None:
    # A command changes its copy and stores it back; until then the shared view is untouched
    # (the copy has its own lists and dicts and shares the frozen slots: issue 9).
    skirmish.roll_initiative()
    view = skirmish.turn_view()
    copy = skirmish.turn_state
    assert copy == view and copy is not view
    with pytest.raises(ValidationError):
        copy.order[0].token = "someone else"  # a slot is replaced, never changed
    copy.order[0] = InitiativeSlot(token="someone else", score=99)
    copy.order.append(InitiativeSlot(token="late", score=1))
    copy.used["action"] = 1
    copy.reactions["gob"] = 1
    copy.delayed.append("ana")
    copy.charging.append("bo")
    copy.round += 5
    assert view.order[0].token != "someone else" and len(view.order) == len(copy.order) - 1
    assert (view.used, view.reactions, view.delayed, view.charging, view.round) == (
        {}, {}, [], [], 1)
    assert skirmish.turn_state == view


def test_the_remembered_turn_state_is_what_the_stored_one_reads_as(skirmish: Session) -> None:
    # Issue 9: a command's stored turn state is not parsed again (0.7 ms with 300 tokens);
    # what the session remembers must equal a fresh reading of the encounter's, turn by turn,
    # and stay so when the command's own copy is changed afterwards.
    s = skirmish
    s.roll_initiative()
    for _ in range(2 * len(s.order) + 1):
        assert s.turn_view() == TurnState.load(s.encounter.turn)
        state = s.turn_state
        state.used["action"] = 3
        s.set_turn(state)
        state.used["action"] = 4
        state.order.pop()
        assert s.turn_view() == TurnState.load(s.encounter.turn)
        assert s.turn_view().used == {"action": 3}
        s.next_turn()
    s.undo()
    assert s.turn_view() == TurnState.load(s.encounter.turn)
