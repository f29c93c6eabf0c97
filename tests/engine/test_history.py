"""Undo/redo restores exactly, the dirty flag follows the saved state, subscribers hear what
changed, and a command that fails changes nothing."""

from __future__ import annotations

import pytest

from battlemap.engine import Change, EngineError, Session
from battlemap.io.encounter_file import encounter_to_json
from battlemap.model import AreaShape, AreaTemplate, Token, Wall


def test_each_command_undoes_to_the_same_json_and_redoes(skirmish: Session) -> None:
    s = skirmish
    states = [encounter_to_json(s.encounter)]
    s.damage("gob", 4)
    states.append(encounter_to_json(s.encounter))
    s.add_condition("ana", "prone", rounds=2)
    states.append(encounter_to_json(s.encounter))
    s.set_door(1, True)
    states.append(encounter_to_json(s.encounter))
    s.place_area(AreaTemplate(shape=AreaShape.SPHERE, origin=(4.0, 4.0), size_m=3.0))
    states.append(encounter_to_json(s.encounter))
    s.update_token("bo", name="Bo the Bold")
    states.append(encounter_to_json(s.encounter))
    for expected in reversed(states[:-1]):
        assert s.undo()
        assert encounter_to_json(s.encounter) == expected
    assert not s.can_undo
    for expected in states[1:]:
        assert s.redo()
        assert encounter_to_json(s.encounter) == expected
    assert not s.can_redo


def test_undo_restores_the_dice(skirmish: Session) -> None:
    s = skirmish
    first = s.save_throw("ana", "reflex", 10)
    s.undo()
    again = s.save_throw("ana", "reflex", 10)
    assert again.roll.total == first.roll.total
    assert len(s.log) == 1


def test_dirty_flag_follows_the_saved_state(skirmish: Session, tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = skirmish
    assert not s.dirty
    s.damage("gob", 1)
    assert s.dirty
    s.save(tmp_path / "e.json")
    assert not s.dirty
    s.heal("gob", 1)
    assert s.dirty
    s.undo()
    assert not s.dirty  # back to what is on disk
    s.undo()
    assert s.dirty
    s.redo()
    assert not s.dirty


def test_new_command_after_undo_drops_redo(skirmish: Session) -> None:
    s = skirmish
    s.damage("gob", 1)
    s.undo()
    assert s.can_redo and s.redo_text == "Damage Gob"
    s.damage("ana", 1)
    assert not s.can_redo and s.undo_text == "Damage Ana"


def test_subscribers_hear_what_changed(skirmish: Session) -> None:
    s = skirmish
    heard: list[Change] = []
    stop = s.subscribe(heard.append)
    s.damage("gob", 2)
    assert Change(kind="tokens", ids=["gob"]) in heard
    assert Change(kind="log") in heard
    heard.clear()
    s.add_wall(Wall(points=[(0, 5), (3, 5)]))
    assert [c.kind for c in heard] == ["walls"]
    heard.clear()
    s.undo()
    assert [c.kind for c in heard] == ["walls"]
    stop()
    heard.clear()
    s.redo()
    assert heard == []


def test_a_whole_subscriber_hears_each_command_once_with_all_it_changed(
        skirmish: Session) -> None:
    # Issue 9: the docks redraw everything they show; a damage changes the tokens and the
    # log, and the docks redrew once per change.
    s = skirmish
    one_by_one: list[Change] = []
    whole: list[list[Change]] = []
    s.subscribe(one_by_one.append)
    stop = s.subscribe(whole.append, whole=True)
    s.damage("gob", 2)
    assert len(whole) == 1 and whole[0] == one_by_one
    assert {c.kind for c in whole[0]} == {"tokens", "log"}
    s.undo()
    assert len(whole) == 2 and whole[1] == one_by_one[len(whole[0]):]
    stop()
    s.redo()
    assert len(whole) == 2


def test_a_failed_command_changes_nothing(skirmish: Session) -> None:
    s = skirmish
    before = encounter_to_json(s.encounter)
    with pytest.raises(EngineError, match="^Not allowed: Bo and Ana would share a square, "
                                          "which toy does not allow"):
        s.update_token("bo", col=1, row=1)  # onto Ana's square: 3.5 forbids sharing
    with pytest.raises(EngineError, match="no token 'zed'"):
        s.damage("zed", 3)
    with pytest.raises(EngineError, match="already on the map"):
        s.add_token(Token(id="ana", name="Other", col=8, row=8))
    assert encounter_to_json(s.encounter) == before
    assert not s.can_undo and not s.dirty


def test_removing_a_token_takes_its_emanation_with_it(skirmish: Session) -> None:
    # An emanation rides its creature (003 "Émanation"): removing the creature removes the
    # area in the same undo step, and an emanation cannot ride a creature not on the map.
    from battlemap.model import AreaTemplate

    s = skirmish
    seen: list[str] = []
    s.subscribe(lambda change: seen.append(change.kind))
    s.place_area(AreaTemplate(id="aura", shape="emanation", token="gob", size_m=3.0))
    s.place_area(AreaTemplate(id="fire", shape="sphere", origin=(2.0, 2.0), size_m=3.0))
    seen.clear()
    s.remove_token("gob")
    assert [t.id for t in s.encounter.templates] == ["fire"] and "templates" in seen
    s.undo()
    assert [t.id for t in s.encounter.templates] == ["aura", "fire"]
    assert s.preview_area(s.template("aura")).method
    with pytest.raises(EngineError, match="gob2"):
        s.place_area(AreaTemplate(id="x", shape="emanation", token="gob2", size_m=3.0))
    assert [t.id for t in s.encounter.templates] == ["aura", "fire"]


def test_removing_a_token_in_the_order_keeps_the_turn(skirmish: Session) -> None:
    s = skirmish
    s.roll_initiative(forced=[15, 5, 10])  # ana 17, gob 10, bo 5
    assert s.order == ["ana", "gob", "bo"]
    s.next_turn()
    assert s.current_token_id == "gob"
    s.remove_token("ana")
    assert s.order == ["gob", "bo"] and s.current_token_id == "gob"
    s.undo()
    assert s.order == ["ana", "gob", "bo"] and s.current_token_id == "gob"
