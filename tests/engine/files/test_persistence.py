"""Saving (atomic + .bak, survives being interrupted at every step), autosave rotation and
recovery, migration with a backup first, and loading that never half-replaces a session."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from battlemap.engine import Session
from battlemap.engine.files import autosave, migrate
from battlemap.io import LoadError, load_encounter
from battlemap.io.encounter_file import encounter_to_json
from tests.helpers.engine import encounter, tok


def test_save_writes_the_file_and_a_backup(skirmish: Session, tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    skirmish.save(target)
    first = target.read_text()
    skirmish.damage("gob", 2)
    skirmish.save()
    assert (tmp_path / "fight.json.bak").read_text() == first
    assert load_encounter(target).token("gob").hp == 4
    assert not skirmish.dirty


@pytest.mark.parametrize("fail_at", range(6))
def test_a_save_interrupted_at_any_step_leaves_a_loadable_file(
        skirmish: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int) -> None:
    target = tmp_path / "fight.json"
    skirmish.save(target)
    old = target.read_text()
    skirmish.damage("gob", 3)
    calls = {"n": 0}

    def crashing(real):  # type: ignore[no-untyped-def]
        def inner(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            if calls["n"] > fail_at:
                raise OSError("disk unplugged")
            return real(*args, **kwargs)
        return inner

    # Every filesystem step of the save: write, fsync, copy of the backup, both replaces.
    monkeypatch.setattr(os, "replace", crashing(os.replace))
    monkeypatch.setattr(os, "fsync", crashing(os.fsync))
    monkeypatch.setattr(shutil, "copy2", crashing(shutil.copy2))
    try:
        skirmish.save()
    except OSError:
        assert skirmish.dirty  # the GM still has unsaved changes
    monkeypatch.undo()
    loaded = load_encounter(target)  # whole: either the old or the new file
    assert target.read_text() in (old, encounter_to_json(skirmish.encounter))
    assert loaded.token("gob").hp in (None, 3)
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_autosave_only_when_dirty_and_rotates(skirmish: Session, tmp_path: Path) -> None:
    s = skirmish
    s.save(tmp_path / "fight.json")
    s.autosave_keep = 3
    assert s.autosave_now() is None  # clean: nothing to write
    written = []
    for _ in range(5):
        s.damage("gob", 1)
        written.append(s.autosave_now())
        assert s.autosave_now() is None  # nothing new since the last autosave
    kept = autosave.autosaves_for(autosave.stem_for(s.path))
    assert kept == written[-3:]
    assert all(p is not None and p.parent == tmp_path / "data" / "autosave" for p in written)
    assert load_encounter(kept[-1]).token("gob").hp == 1


def test_recovery_is_offered_when_an_autosave_is_newer(skirmish: Session, tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    skirmish.save(target)
    assert autosave.find_recovery(target) is None
    skirmish.damage("gob", 1)
    auto = skirmish.autosave_now()
    assert auto is not None
    os.utime(target, (auto.stat().st_mtime - 10, auto.stat().st_mtime - 10))
    assert autosave.find_recovery(target) == auto
    skirmish.save()
    os.utime(auto, (target.stat().st_mtime - 10, target.stat().st_mtime - 10))
    assert autosave.find_recovery(target) is None


def test_open_refuses_bad_files_in_one_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "battlemap-encounter", "system": "dnd2024", "grid": {"cols": 0}}')
    with pytest.raises(LoadError, match=r"^bad\.json: .*\.$"):
        Session.open(bad)
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "battlemap-encounter", "version": 99}))
    with pytest.raises(LoadError, match="newer battlemap"):
        Session.open(newer)


def test_migration_hook_backs_up_then_upgrades(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A pre-release "version 0" file named the grid "map"; the hook renames it.
    old = {"format": "battlemap-encounter", "version": 0, "system": "adnd2bis",
           "map": {"cols": 5, "rows": 4}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))

    def v0_to_v1(data):  # type: ignore[no-untyped-def]
        data = dict(data)
        data["grid"] = data.pop("map")
        return data

    monkeypatch.setitem(migrate.MIGRATIONS, 0, v0_to_v1)
    enc = migrate.load_current(path)
    assert enc.grid.cols == 5 and enc.version == 1
    assert json.loads((tmp_path / "old.json.v0.bak").read_text()) == old
    monkeypatch.delitem(migrate.MIGRATIONS, 0)
    path.write_text(json.dumps(old))
    with pytest.raises(LoadError, match="no migration from version 0"):
        migrate.load_current(path)


def _with_turn(tmp_path: Path, turn: dict) -> Path:  # type: ignore[type-arg]
    """A breche35 file (Session.open checks stats against the real system) with `turn`."""
    path = tmp_path / "fight.json"
    data = json.loads(encounter_to_json(encounter([tok("ana", 1, 1, "party"), tok("gob", 3, 1)])))
    data["turn"] = turn
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("turn", "problem"), [
    ({"round": 1, "order": [{"token": "ana", "score": 15}, {"token": "ghost", "score": 12}]},
     "field 'turn.order[1].token': the creature 'ghost' is not on the map."),
    ({"round": 1, "order": [{"token": "ana", "score": 15}],
      "waiting": [{"token": "ghost", "score": 12}]},
     "field 'turn.waiting[0].token': the creature 'ghost' is not on the map."),
    ({"round": 2, "index": 3, "order": [{"token": "ana", "score": 15}]},
     "field 'turn.index': 3 is outside the initiative order (1 creatures)."),
    ({"round": 1, "order": [{"token": "ana"}]},
     "field 'turn.order[0].score': Field required."),
])
def test_open_refuses_a_turn_that_points_at_no_one(
        tmp_path: Path, turn: dict, problem: str) -> None:  # type: ignore[type-arg]
    path = _with_turn(tmp_path, turn)
    with pytest.raises(LoadError) as err:
        Session.open(path)
    assert str(err.value) == f"fight.json: {problem}"


def test_a_removed_creature_leaves_nothing_behind_in_the_turn(
        skirmish: Session, tmp_path: Path) -> None:
    skirmish.roll_initiative()
    st = skirmish.turn_state
    st.reactions, st.charging, st.delayed = {"gob": 1, "ana": 1}, ["gob"], ["gob"]
    skirmish.set_turn(st)
    skirmish.remove_token("gob")
    st = skirmish.turn_state
    assert "gob" not in st.ids() and st.reactions == {"ana": 1}
    assert st.charging == [] and st.delayed == []
    skirmish.save(tmp_path / "fight.json")
    assert load_encounter(tmp_path / "fight.json").turn == skirmish.encounter.turn


def test_left_overs_of_a_removed_creature_in_older_saves_still_open(tmp_path: Path) -> None:
    # Saves written before removals cleaned them: nothing in the order points at "gone".
    path = _with_turn(tmp_path, {
        "round": 1, "order": [{"token": "ana", "score": 15}],
        "reactions": {"gone": 1}, "charging": ["gone"], "delayed": ["gone"]})
    assert Session.open(path).current_token_id == "ana"


def test_a_creature_waiting_to_act_is_saved_and_reopened(tmp_path: Path) -> None:
    # 000 "Le round de combat", « Retarder »: the delaying creature is out of the order.
    path = _with_turn(tmp_path, {"round": 1, "order": [{"token": "ana", "score": 15},
                                                       {"token": "gob", "score": 12}]})
    s = Session.open(path)
    assert s.turn_view().waiting == []  # a file from before waiting existed opens as it was
    s.delay("ana")
    s.save()
    again = Session.open(path)
    assert again.order == ["gob"] and again.turn_view().waiting_ids() == ["ana"]
    again.act_now("ana")
    assert again.order == ["ana", "gob"] and again.current_token_id == "ana"


def test_the_keep_defeated_option_is_written_only_once_set(skirmish: Session,
                                                           tmp_path: Path) -> None:
    before = encounter_to_json(skirmish.encounter)
    assert "keep_defeated" not in before  # files and goldens without it stay byte for byte
    skirmish.set_options(keep_defeated=True)
    skirmish.save(tmp_path / "fight.json")
    assert load_encounter(tmp_path / "fight.json").options.keep_defeated is True
