"""The GM's bestiary loaders under random and broken input (engine/files/bestiary.py,
rules/dnd2024/monsters_5e.py, `battlemap bestiary import`): never an uncaught exception,
always one clear sentence per problem, the good entries kept, a library that cannot be read
kept aside rather than written over.

Hypothesis makes random JSON (whole files, single entries, 5e monsters with any value in any
field) and mutates good files field by field; a loop truncates the files at every length."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.cli import main
from battlemap.engine.files import bestiary as lib
from battlemap.rules.core.system import get_system
from battlemap.text import Message, words
from tests.helpers.fuzzing import json_values, mutate, paths

pytestmark = pytest.mark.slow
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture],
                database=None, max_examples=150)
MONSTERS = Path(__file__).parents[1] / "rules" / "dnd2024" / "monsters"
Cli = Callable[[Sequence[str]], tuple[int, str]]

JSON_VALUES = json_values(max_leaves=12)
ENTRY_KEYS = ["name", "size", "side", "speed_m", "reach_m", "art", "art_fit", "stats"]
FIVE_E_KEYS = ["name", "size", "armor_class", "hit_points", "speed", "strength", "dexterity",
               "constitution", "intelligence", "wisdom", "charisma", "actions",
               "damage_resistances", "damage_immunities", "damage_vulnerabilities",
               "condition_immunities", "senses", "proficiencies", "skills", "challenge_rating",
               "proficiency_bonus", "dexterity_save", "cr"]
GOOD_LIBRARY = {"format": "battlemap-bestiary", "version": 1, "system": "dnd2024", "creatures": [
    {"name": "Goule", "size": "medium", "side": "foe", "speed_m": 9.0,
     "stats": {"max_hp": 22, "ac": 12, "abilities": {"str": 13, "dex": 15},
               "weapons": [{"name": "Griffes", "damage": "2d4", "damage_type": "slashing"}]}},
    {"name": "Ogre", "size": "large", "speed_m": 12.0, "stats": {"max_hp": 59}},
]}


def one_sentence(text: object) -> None:
    """A problem the GM reads: one line, ending as a sentence, in both languages."""
    assert isinstance(text, Message), text
    for lang in ("en", "fr"):
        said = words(text, lang)
        assert said and "\n" not in said and "Traceback" not in said, said
        assert said.rstrip().endswith("."), said


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _load_written(raw: bytes) -> lib.Library:
    """Write `raw` as the dnd2024 library and load it: the checks every case ends with."""
    path = lib.library_file("dnd2024")
    for old in path.parent.glob("*.json") if path.parent.exists() else []:
        old.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    library = lib.load_library("dnd2024")
    for problem in library.problems:
        one_sentence(problem)
    model = get_system("dnd2024").stats_model
    for entry in library.entries:
        model.model_validate(entry.stats or {})
    if library.problems and not library.locked:
        # Nothing lost: the file as it was is kept aside, byte for byte.
        kept = sorted(path.parent.glob("dnd2024.kept-*.json"))
        assert kept and kept[-1].read_bytes() == raw
    return library


@FUZZ
@given(value=JSON_VALUES)
def test_any_json_as_the_library(data_dir: Path, value: Any) -> None:
    library = _load_written(json.dumps(value).encode())
    assert library.entries == () or isinstance(value, dict)


@FUZZ
@given(data=st.data())
def test_a_mutated_library_keeps_its_good_entries(data_dir: Path, data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(paths(GOOD_LIBRARY)))
    value = data.draw(JSON_VALUES)
    mutated = mutate(GOOD_LIBRARY, where, value, data.draw(st.booleans()))
    library = _load_written(json.dumps(mutated).encode())
    if len(where) >= 3 and where[0] == "creatures" and where[1] in (0, 1):
        # A change inside one entry costs at most that entry: the other is still there.
        other = GOOD_LIBRARY["creatures"][1 - where[1]]  # type: ignore[index]
        assert other["name"] in {e.name for e in library.entries}


@FUZZ
@given(entries=st.lists(st.fixed_dictionaries({}, optional={k: JSON_VALUES for k in ENTRY_KEYS}),
                        max_size=4))
def test_random_entries_are_taken_or_refused_naming_them(data_dir: Path,
                                                         entries: list[dict[str, Any]]) -> None:
    good, refused = lib.read_entries(entries, "pmt", "x.json")
    assert len(good) + len(refused) == len(entries)
    for sentence in refused:
        one_sentence(sentence)
        assert sentence.params["i"] in range(1, len(entries) + 1)


@FUZZ
@given(monster=st.fixed_dictionaries(
    {"name": st.text(min_size=1, max_size=20), "hit_points": JSON_VALUES},
    optional={k: JSON_VALUES for k in FIVE_E_KEYS if k not in ("name", "hit_points")} | {
        "actions": st.lists(st.fixed_dictionaries({}, optional={
            k: JSON_VALUES for k in ("name", "desc", "attack_bonus", "damage", "damage_dice",
                                     "damage_bonus", "actions", "count")}), max_size=3)}))
def test_random_5e_monsters_are_read_or_refused_in_one_sentence(data_dir: Path,
                                                               monster: dict[str, Any]) -> None:
    monster.setdefault("strength", 10)
    good, refused = lib.read_entries([monster], "dnd2024", "m.json")
    assert len(good) + len(refused) == 1
    for sentence in refused:
        one_sentence(sentence)


def _truncations(text: bytes) -> list[bytes]:
    step = max(1, len(text) // 150)
    return [text[:n] for n in range(0, len(text), step)]


def test_every_truncation_of_a_library(data_dir: Path) -> None:
    raw = json.dumps(GOOD_LIBRARY, indent=1).encode()
    for cut in _truncations(raw):
        library = _load_written(cut)
        assert library.problems, cut  # a cut file is never read as whole


@pytest.mark.parametrize("name", ["5e-database-style.json", "open5e-style.json"])
def test_every_truncation_of_a_5e_file_through_the_cli(data_dir: Path, tmp_path: Path,
                                                       cli: Cli, name: str) -> None:
    raw = (MONSTERS / name).read_bytes()
    src = tmp_path / name
    for cut in _truncations(raw):
        src.write_bytes(cut)
        code, err = cli(["bestiary", "import", str(src), "--system", "dnd2024"])
        assert code == 2 and err.startswith(f"battlemap: {name}: "), err


def _import(argv: list[str]) -> tuple[int, str]:
    """`battlemap bestiary import` in-process: exit 0 or 2, no traceback, every line of
    stderr one sentence of ours (a warning per refused entry, then the error if any)."""
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(argv)
    text = err.getvalue()
    assert code in (0, 2), (code, text)
    assert "Traceback" not in text + out.getvalue()
    lines = text.splitlines()
    assert all(line.startswith("battlemap: ") and line.endswith(".") for line in lines), text
    if code == 2:
        assert lines and not lines[-1].startswith("battlemap: warning: "), text
    return code, text


@FUZZ
@given(value=JSON_VALUES)
def test_any_json_imported_through_the_cli(data_dir: Path, tmp_path: Path, value: Any) -> None:
    src = tmp_path / "in.json"
    src.write_text(json.dumps(value), encoding="utf-8")
    _import(["bestiary", "import", str(src), "--system", "breche35", "--replace"])


@FUZZ
@given(data=st.data())
def test_mutated_5e_monsters_imported_through_the_cli(data_dir: Path, tmp_path: Path,
                                                      data: st.DataObject) -> None:
    monsters = json.loads((MONSTERS / "5e-database-style.json").read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(paths(monsters)))
    mutated = mutate(monsters, where, data.draw(JSON_VALUES), data.draw(st.booleans()))
    src = tmp_path / "in.json"
    src.write_text(json.dumps(mutated), encoding="utf-8")
    _import(["bestiary", "import", str(src), "--system", "dnd2024", "--replace"])
