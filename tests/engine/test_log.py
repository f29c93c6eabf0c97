"""The event log: both languages, filters, Markdown and JSON exports, kept in the file."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.engine import Session
from battlemap.io import load_encounter


def _fight(s: Session) -> None:
    s.update_token("ana", col=2, row=1)
    s.attack("ana", "gob", forced=[9, 5])  # hit for 5
    s.save_throw("bo", "will", 12, forced=[14])
    s.add_condition("gob", "prone", rounds=1)


def test_entries_in_both_languages_and_filters(skirmish: Session) -> None:
    _fight(skirmish)
    log = skirmish.log
    assert [e.kind for e in log.entries] == ["edit", "attack", "save", "condition"]
    assert [e.id for e in log.entries] == [1, 2, 3, 4]
    save = log.filter(kind="save")[0]
    assert save.said("fr") == "Bo : jet de sauvegarde will DD 12 : 14, réussi"
    assert save.said("en") == "Bo: will save DC 12: 14, success"
    assert [e.kind for e in log.filter(token="gob")] == ["attack", "condition"]
    assert log.filter(token="bo", kind="attack") == []


def test_markdown_and_json_exports(skirmish: Session) -> None:
    _fight(skirmish)
    md_fr = skirmish.log.to_markdown("fr")
    assert md_fr.startswith("# Journal du combat\n")
    assert "- Attaque : Ana → Gob (sword) : touché, 5 dégâts" in md_fr
    assert "  - Gob : PV 6 → 1 (debout)" in md_fr  # names and states in words
    md_en = skirmish.log.to_markdown("en")
    assert "## Out of combat" in md_en and "  - Gob: HP 6 → 1 (standing)" in md_en
    data = json.loads(skirmish.log.to_json())
    assert [d["kind"] for d in data] == ["edit", "attack", "save", "condition"]
    assert data[1]["details"]["attacks"][0]["modifiers"][0]["source"] == "toy"


def test_the_log_is_saved_with_the_encounter(skirmish: Session, tmp_path: Path) -> None:
    _fight(skirmish)
    skirmish.save(tmp_path / "f.json")
    again = load_encounter(tmp_path / "f.json")
    assert again.log == skirmish.encounter.log


def test_a_hand_edited_non_number_id_does_not_block_the_next_entry() -> None:
    from battlemap.engine.log import EventLog

    raw = [{"id": 4, "kind": "note"}, {"id": "abc", "kind": "note"}]
    assert EventLog(raw).next_id() == 5  # past every number id (and past the count)
    assert EventLog([{"id": None}]).next_id() == 2
    assert EventLog([{"id": 7}]).next_id() == 8
