"""Encounter loading within limits: every refusal is one sentence naming file and field."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from battlemap.io import LoadError, load_encounter
from battlemap.io.limits import Limits
from battlemap.io.safe_json import nesting_depth, parse_json_bytes


def encounter(**extra: object) -> dict[str, object]:
    return {"format": "battlemap-encounter", "version": 1, "system": "dnd2024",
            "grid": {"cols": 5, "rows": 5}, **extra}


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "enc.json"
    p.write_text(text, encoding="utf-8")
    return p


def refusal(path: Path, limits: Limits | None = None) -> str:
    with pytest.raises(LoadError) as err:
        load_encounter(path, limits) if limits else load_encounter(path)
    message = str(err.value)
    assert message.startswith("enc.json: ") and message.endswith(".") and "\n" not in message
    return message


def test_a_good_file_loads(tmp_path: Path) -> None:
    enc = load_encounter(write(tmp_path, json.dumps(encounter())))
    assert (enc.grid.cols, enc.grid.rows) == (5, 5)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": [1, 2, {"b": "[[[["}]}', 3),  # brackets inside strings do not count
        ('"just a string"', 0),
        ('[[], [[]], {"x": {"y": []}}]', 4),
        ('{"s": "a \\" [ quote"}', 1),
        ('{"s": "ends in a backslash \\\\", "t": [[1]]}', 3),  # an escaped backslash ends the string
        ('{"s": "\\\\\\"[[["}', 1),  # escaped backslash, then an escaped quote
        ('{"s": "\\u005b\\n[", "t": {}}', 2),
        (b'{"\xc3\xa9": [[]]}', 3),  # bytes: UTF-8 never hides a bracket in a character
    ],
)
def test_nesting_depth(text: str | bytes, expected: int) -> None:
    assert nesting_depth(text) == expected


def test_deep_nesting_refused_before_parsing(tmp_path: Path) -> None:
    deep = '{"format": "battlemap-encounter", "log": [' + "[" * 100_000 + "]" * 100_000 + "]}"
    assert "nested 100002 levels deep, over the limit of 64" in refusal(write(tmp_path, deep))


@pytest.mark.parametrize(
    ("value", "field"),
    [("NaN", "walls[0].points[1][0]"), ("Infinity", "walls[0].points[1][0]"), ("1e999", "walls[0].points[1][0]")],
)
def test_non_finite_numbers_named_by_field(tmp_path: Path, value: str, field: str) -> None:
    text = json.dumps(encounter(walls=[{"points": [[0, 0], [7, 1]]}])).replace("[7, 1]", f"[{value}, 1]")
    assert f"field '{field}' is not a finite number" in refusal(write(tmp_path, text))


def test_too_many_tokens(tmp_path: Path) -> None:
    tokens = [{"id": f"t{i}", "name": "x", "col": i, "row": 0} for i in range(4)]
    msg = refusal(write(tmp_path, json.dumps(encounter(tokens=tokens))), Limits(max_tokens=3))
    assert "field 'tokens' holds 4 items, over the limit of 3" in msg


def test_too_many_wall_points(tmp_path: Path) -> None:
    walls = [{"points": [[0, 0], [1, 0], [2, 1]]}] * 2
    msg = refusal(write(tmp_path, json.dumps(encounter(walls=walls))), Limits(max_wall_points=5))
    assert "wall points to 6, over the limit of 5" in msg


def test_file_size_limit(tmp_path: Path) -> None:
    path = write(tmp_path, json.dumps(encounter(name="x" * 150)))
    msg = refusal(path, Limits(max_file_bytes=100))
    assert f"the file is {path.stat().st_size} bytes, over the 100 bytes limit" in msg


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"format": "battlemap-encounter", "grid": ', "not valid JSON (Expecting value at line 1"),
        ("[1, 2]", "must hold a JSON object, not an array"),
        ('{"format": "other"}', "field 'format' must be"),
        ('{"format": "battlemap-encounter", "n": ' + "9" * 5000 + "}", "not valid JSON (Exceeds the limit"),
    ],
)
def test_broken_files(tmp_path: Path, text: str, problem: str) -> None:
    assert problem in refusal(write(tmp_path, text))


def test_validation_names_the_field(tmp_path: Path) -> None:
    text = json.dumps(encounter(grid={"cols": "five", "rows": 5}))
    assert "field 'grid.cols': Input should be a valid integer" in refusal(write(tmp_path, text))


def test_huge_finite_value_is_one_sentence_naming_the_field(tmp_path: Path) -> None:
    # 1e308 is finite; doubled by the half-square check it would overflow, but the token's
    # range (|col| <= MAX_COORD) refuses it first.
    token = {"id": "a", "name": "A", "col": 1e308, "row": 0}
    msg = refusal(write(tmp_path, json.dumps(encounter(tokens=[token]))))
    assert "field 'tokens[0].col': Input should be less than or equal to 10000" in msg


def test_byte_order_mark_and_bad_utf8() -> None:
    assert parse_json_bytes(b'\xef\xbb\xbf{"a": 1}', "x.json") == {"a": 1}
    with pytest.raises(LoadError, match=r"x.json: not UTF-8 text \(bad byte at offset 7\)"):
        parse_json_bytes(b'{"a": "\xff"}', "x.json")


@pytest.mark.parametrize(
    ("number", "overflows"),
    [("1e999", True), ("-2.5E+400", True), ("9" * 400 + ".5", True), ("1e300", True),
     ("12.75", False), ("-0.001", False), ("9" * 308 + ".0", False)],
)
def test_overflow_pre_check_never_misses_one(tmp_path: Path, number: str, overflows: bool) -> None:
    # The pre-check may raise a false alarm (1e300 fits) but must catch every real overflow.
    from battlemap.io.safe_json import may_overflow

    text = '{"x": [1, 2], "y": ' + number + "}"
    assert may_overflow(text.encode()) is overflows
    if math.isinf(float(number)):
        with pytest.raises(LoadError, match="field 'y' is not a finite number"):
            parse_json_bytes(text.encode(), "x.json")
    else:
        assert parse_json_bytes(text.encode(), "x.json")["y"] == float(number)


def test_depth_loop_and_vector_paths_agree() -> None:
    from battlemap.io.safe_json import nesting_depth

    small = '{"a": [1, {"b": "[[[\\"]]"}], "c": [[[]]]}'
    big = small + " " * 10 + ("[" * 30_000 + "]" * 30_000)
    assert nesting_depth(small) == 4
    assert nesting_depth("[" + small + "]") == 5
    assert nesting_depth(big) == 30_000  # > 50,000 structure chars: the numpy path


def _nested(rng: random.Random, depth: int) -> str:
    """A random JSON value nesting exactly `depth` levels, with brackets inside strings."""
    if depth == 0:
        return rng.choice(['1', '"[{\\"]"', "null"])
    # One child as deep as the rest, shallow siblings (so the value stays small).
    inner = [_nested(rng, depth - 1)] + [_nested(rng, rng.randint(0, min(2, depth - 1)))
                                         for _ in range(rng.randint(0, 2))]
    rng.shuffle(inner)
    if rng.random() < 0.5:
        return "[" + ", ".join(inner) + "]"
    return "{" + ", ".join(f'"k{i}]": {v}' for i, v in enumerate(inner)) + "}"


def test_pair_peeling_depth_equals_the_scan() -> None:
    # The numpy-free path for big files opened at start-up must give the scan's exact depth,
    # and give up (None) on brackets that are not well formed or nest past its cap.
    from battlemap.io.safe_json import (
        _ALL_BUT_STRUCTURE,
        _PAIRS_MAX_PASSES,
        _depth_by_pairs,
        _depth_loop,
    )

    rng = random.Random(7)
    for depth in [1, 2, 3, 5, 8, 13, _PAIRS_MAX_PASSES]:
        raw = _nested(rng, depth).encode().replace(b'\\"', b"")
        structure = raw.translate(None, _ALL_BUT_STRUCTURE)
        assert _depth_loop(structure) == depth
        assert _depth_by_pairs(structure) == depth
    assert _depth_by_pairs(b"[" * 65 + b"]" * 65) is None  # past the cap
    assert _depth_by_pairs(b"[]][[]") is None  # not well formed
    assert _depth_by_pairs(b"[[]") is None
