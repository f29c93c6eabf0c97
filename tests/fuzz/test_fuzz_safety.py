"""The classes of bad input the safety review found, generated from a seed through `check`
and `import`: duplicate keys, lone surrogates, names the disk cannot hold, glob characters,
counts over the limits. Each ends cleanly (exit 0 or 2, one sentence), and every file
`check` accepts saves and reopens. `BATTLEMAP_FUZZ_SCALE=10` runs ten times as many."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from battlemap.engine.files.migrate import load_current
from battlemap.io import LoadError, save_encounter
from tests.fuzz.conftest import good_encounter, good_uvtt

pytestmark = pytest.mark.slow
Cli = Callable[[Sequence[str]], tuple[int, str]]
SCALE = max(1, int(os.environ.get("BATTLEMAP_FUZZ_SCALE", "1")))
ODD_TEXT = ["\\ud800", "a\\udfffb", "\\udc80\\ud800", "x" * 1020 + ".png", "[a]*?.png",
            "../../etc/passwd.png", "/abs/m.png", "\\u0000.png", "é" * 300]


def _duplicate_a_key(text: str, rng: random.Random) -> str:
    keys = [i for i in range(len(text)) if text.startswith('"name": ', i)]
    i = rng.choice(keys)
    return text[:i] + '"name": "twice", ' + text[i:]


def _odd_string(text: str, rng: random.Random) -> str:
    quoted = [i for i in range(1, len(text)) if text[i] == '"' and text[i - 1] == " "]
    i = rng.choice(quoted) + 1
    return text[:i] + rng.choice(ODD_TEXT) + text[i:]


def _check_and_reopen(cli: Cli, path: Path) -> int:
    code, _ = cli(["check", str(path)])
    if code == 0:
        enc = load_current(path)
        saved = path.with_name("resaved.json")
        save_encounter(enc, saved)
        assert load_current(saved) == enc
    return code


def test_safety_classes_through_check(workdir: Path, cli: Cli) -> None:
    rng = random.Random(29)
    text = json.dumps(good_encounter())
    codes = []
    for n in range(150 * SCALE):
        bad = (_duplicate_a_key if n % 2 else _odd_string)(text, rng)
        path = workdir / rng.choice(["e.json", "e[1].json", "e*?.json"])
        path.write_text(bad, encoding="utf-8")
        try:
            codes.append(_check_and_reopen(cli, path))
        except LoadError as err:  # the reopen path: must be the same one sentence check gave
            raise AssertionError(f"check accepted what reopening refused: {err}") from None
    assert codes.count(2) >= 75  # every duplicate key at least


def test_safety_classes_through_import(workdir: Path, cli: Cli) -> None:
    rng = random.Random(30)
    seed = good_uvtt()
    for _ in range(60 * SCALE):
        data: dict[str, Any] = json.loads(json.dumps(seed))
        if rng.random() < 0.5:
            data["image"] = json.loads(f'"{rng.choice(ODD_TEXT)}"')  # the escape, decoded
            text = json.dumps(data)
        else:
            text = json.dumps(data)[:-1] + ', "format": 1}'  # a second "format"
        src = workdir / "s.dd2vtt"
        src.write_text(text, encoding="utf-8")
        code, err = cli(["import", str(src), "-o", str(workdir / "imported.json")])
        assert code == 2, err  # none of these is a picture beside the file
