"""Every file `battlemap check` accepts can be saved, and the saved file reopens to the same
encounter and saves to the same bytes: a file that loads but can never be saved (a lone
surrogate in a log entry, say) would fail every save and autosave of the evening.

`BATTLEMAP_FUZZ_SCALE=10` runs ten times as many examples."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.engine.files.migrate import load_current
from battlemap.io import LoadError, save_encounter
from tests.fuzz.conftest import good_encounter
from tests.fuzz.test_fuzz_files import JSON_VALUES, mutate, paths

pytestmark = pytest.mark.slow
SCALE = max(1, int(os.environ.get("BATTLEMAP_FUZZ_SCALE", "1")))
# Text a GM may type, and text no file can hold (lone surrogates) that a JSON escape spells.
TEXTS = st.text(max_size=20) | st.sampled_from(["\ud800", "a\udfffb", "\U0001f480", "é\x00"])
VALUES = JSON_VALUES | TEXTS | st.lists(TEXTS, max_size=3) | st.dictionaries(TEXTS, TEXTS, max_size=2)


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")  # ensure_ascii: surrogates escaped
    return path


def _saves_and_reopens(path: Path) -> bool:
    try:
        enc = load_current(path)
    except LoadError:
        return False  # refused in one sentence: the CLI fuzz checks how
    saved = path.with_name("saved.json")
    save_encounter(enc, saved)
    first = saved.read_bytes()
    again = load_current(saved)
    assert again == enc
    save_encounter(again, saved)
    assert saved.read_bytes() == first
    return True


@settings(deadline=None, database=None, max_examples=300 * SCALE,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=VALUES, delete=st.booleans())
def test_every_file_check_accepts_saves_and_reopens_to_the_same_bytes(
        tmp_path: Path, data: st.DataObject, value: Any, delete: bool) -> None:
    seed = good_encounter()
    seed["log"].append({"kind": "note", "text": "x", "tags": ["a"]})
    where = data.draw(st.sampled_from(paths(seed)))
    _saves_and_reopens(_write(tmp_path / "enc.json", mutate(seed, where, value, delete)))


def test_the_seed_itself_saves_and_reopens(tmp_path: Path) -> None:
    assert _saves_and_reopens(_write(tmp_path / "enc.json", good_encounter()))
