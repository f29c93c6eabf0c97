"""A save always reopens: a file over the loader's size limit when indented is saved compact,
and one that would be over any limit even so is refused in one sentence, the old file kept.
Terrain squares, log entries and JSON containers are counted and bounded before the costly
steps (a 46 MB file of 6M terrain squares took 13 s and 1.35 GB to pass `check`)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from battlemap.io import LoadError, SaveError, load_encounter, save_encounter
from battlemap.io.limits import ENCOUNTER_LIMITS, check_list_lengths
from battlemap.io.safe_json import container_count, parse_json_bytes
from battlemap.model import Encounter, Grid, Terrain


def _with_log(n: int) -> Encounter:
    return Encounter(name="Long night", system="breche35", grid=Grid(cols=6, rows=6),
                     log=[{"kind": "roll", "total": i, "text": "a d20 roll"} for i in range(n)])


def test_a_save_over_the_limit_when_indented_is_written_compact_and_reopens(
        tmp_path: Path) -> None:
    enc = _with_log(400)
    indented = len(json.dumps(enc.model_dump(mode="json"), indent=2))
    limits = replace(ENCOUNTER_LIMITS, max_file_bytes=indented * 2 // 3)
    path = tmp_path / "night.json"
    save_encounter(enc, path, limits=limits)
    assert path.stat().st_size <= limits.max_file_bytes
    assert load_encounter(path, limits) == enc


def test_a_save_over_the_limit_even_compact_is_refused_and_the_old_file_kept(
        tmp_path: Path) -> None:
    path = tmp_path / "night.json"
    save_encounter(_with_log(1), path)
    before = path.read_bytes()
    limits = replace(ENCOUNTER_LIMITS, max_file_bytes=5_000)
    with pytest.raises(SaveError) as caught:
        save_encounter(_with_log(400), path, limits=limits)
    assert str(caught.value).startswith("night.json: cannot be saved (the file would be ")
    assert str(caught.value).endswith(", over the 5000 bytes limit for opening it); the file on "
                                      "disk is unchanged.")
    assert path.read_bytes() == before


def test_a_save_with_more_log_entries_than_a_file_may_hold_is_refused(tmp_path: Path) -> None:
    limits = replace(ENCOUNTER_LIMITS, max_log_entries=10)
    with pytest.raises(SaveError, match=r"field 'log' holds 11 items, over the limit of 10"):
        save_encounter(_with_log(11), tmp_path / "night.json", limits=limits)
    assert not (tmp_path / "night.json").exists()


def test_terrain_squares_and_log_entries_are_counted_before_validation() -> None:
    limits = replace(ENCOUNTER_LIMITS, max_terrain_squares=5, max_log_entries=2)
    data = {"terrain": [{"squares": [[0, 0], [1, 0], [2, 0]]}, {"squares": [[0, 1], [1, 1], [2, 1]]}]}
    with pytest.raises(LoadError) as caught:
        check_list_lengths(data, "t.json", limits)
    assert str(caught.value) == ("t.json: field 'terrain' holds 6 squares in all, over the "
                                 "limit of 5.")
    with pytest.raises(LoadError, match="field 'log' holds 3 items, over the limit of 2"):
        check_list_lengths({"log": [{}, {}, {}]}, "t.json", limits)


def test_containers_are_counted_before_parsing() -> None:
    raw = json.dumps({"a": "[[[{{", "b": [[1, 2], [3, 4]], "c": {"d": []}}).encode()
    assert container_count(raw) == 6
    limits = replace(ENCOUNTER_LIMITS, max_containers=5)
    with pytest.raises(LoadError) as caught:
        parse_json_bytes(raw, "t.json", limits)
    assert str(caught.value) == ("t.json: the file holds 6 JSON arrays and objects, over the "
                                 "limit of 5.")


def test_the_model_caps_agree_with_the_loaders_counts() -> None:
    # One terrain patch may hold a million squares; the whole file no more than that.
    assert ENCOUNTER_LIMITS.max_terrain_squares >= 1_000_000
    Terrain(squares=[(0, 0)])
