"""Behaviour kept across a move of the code: each CLI case prints and writes what it did when
the goldens were made (tests/golden/make.py) — JSON byte-identical, PNGs pixel-identical."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.cases import SAMPLES, cases
from tests.golden.make import DATA
from tests.golden.run import run_case

CASES = cases()


def _pixels(path: Path) -> tuple[tuple[int, int], str, bytes]:
    from PIL import Image

    with Image.open(path) as img:
        rgba = img.convert("RGBA")
        return rgba.size, img.mode, rgba.tobytes()


def test_every_case_has_a_golden() -> None:
    names = {name for name, _ in CASES}
    assert len(names) == len(CASES), "two cases share a name"
    kept = {p.stem for p in DATA.glob("*.json")}
    assert names == kept


@pytest.mark.parametrize(("name", "argv"), CASES, ids=[n for n, _ in CASES])
def test_cli_output_unchanged(name: str, argv: list[str], tmp_path: Path) -> None:
    if any(a.startswith("{sample:") for a in argv) and not SAMPLES.is_dir():
        pytest.skip(f"the Universal VTT samples are not at {SAMPLES}")
    golden = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    code, out, err, written = run_case(argv, tmp_path)
    assert (code, err) == (golden["code"], golden["stderr"])
    assert out == golden["stdout"]
    if "file" in golden:
        assert written is not None
        assert written.read_text(encoding="utf-8") == golden["file"]
    if "png" in golden:
        assert written is not None
        assert _pixels(written) == _pixels(DATA / golden["png"])
