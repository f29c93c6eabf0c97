"""A key given twice in one JSON object is refused, naming the key and the file: the last
value silently winning would make a hand-edited file mean something its author never saw."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import LoadError, load_encounter
from battlemap.io.limits import UVTT_LIMITS
from battlemap.io.safe_json import parse_json_bytes, read_json_file
from battlemap.io.uvtt_json import read_uvtt_json
from battlemap.text import words


def test_a_duplicate_key_is_refused_naming_it_and_the_file() -> None:
    with pytest.raises(LoadError) as caught:
        parse_json_bytes(b'{"a": 1, "b": {"hp": 3, "hp": 4}}', "e.json")
    assert str(caught.value) == ("e.json: the key 'hp' appears twice in one object; each key "
                                 "may be given once.")
    assert "« hp »" in words(caught.value.reason, "fr")


def test_keys_alike_in_different_objects_are_fine() -> None:
    assert parse_json_bytes(b'[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]', "e.json") == [
        {"a": 1}, {"a": 2}, {"b": {"a": 3}}]


def test_an_encounter_with_a_duplicate_key_is_refused_by_check(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "twice.json"
    path.write_text('{"format": "battlemap-encounter", "version": 1, "name": "A", "name": "B",'
                    ' "system": "breche35", "grid": {"cols": 4, "rows": 4}}', encoding="utf-8")
    with pytest.raises(LoadError, match="'name' appears twice"):
        load_encounter(path)
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == ("battlemap: twice.json: the key 'name' appears twice in "
                                       "one object; each key may be given once.\n")


def test_a_second_uvtt_picture_is_refused_whether_the_picture_is_cut_out_or_not(
    tmp_path: Path, make_uvtt: Callable[..., dict[str, Any]]
) -> None:
    # The fast path cuts the big base64 out before parsing: it must refuse the same file.
    picture = base64.b64encode(random.Random(3).randbytes(300_000)).decode()
    text = json.dumps(make_uvtt(image=picture))
    path = tmp_path / "map.dd2vtt"
    path.write_text(text[:-1] + ', "image": "' + picture[:-8] + '"}', encoding="utf-8")
    sentence = "map.dd2vtt: the key 'image' appears twice in one object; each key may be given once."
    for read in (read_uvtt_json, read_json_file):
        with pytest.raises(LoadError) as caught:
            read(path, UVTT_LIMITS)
        assert str(caught.value) == sentence
