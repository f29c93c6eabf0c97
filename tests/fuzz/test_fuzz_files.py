"""Broken, hostile and mutated files through `battlemap check`, `battlemap import` and the
loaders: no crash, no traceback, exit 2 with one sentence, the good output never overwritten.

Hypothesis mutates the structure (any field replaced by any JSON value, keys deleted);
a seeded loop mutates the text (truncation, flipped bytes, NaN/Infinity/1e999, runs of
brackets); targeted cases add deep nesting, huge base64 and lying picture headers.
About 4,000 cases in all, in well under a minute on a laptop."""

from __future__ import annotations

import base64
import json
import random
import struct
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlemap.io import LoadError, load_encounter
from battlemap.io.images import image_encounter
from battlemap.io.uvtt import parse_uvtt
from tests.helpers.fuzzing import json_values, mutate, paths

pytestmark = pytest.mark.slow
Cli = Callable[[Sequence[str]], tuple[int, str]]
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)

JSON_VALUES = json_values(max_leaves=10)


def text_mutations(text: str, rng: random.Random) -> str:
    kind = rng.randrange(6)
    i = rng.randrange(len(text))
    if kind == 0:  # truncated file
        return text[:i]
    if kind == 1:  # a flipped character
        return text[:i] + chr(rng.randrange(32, 127)) + text[i + 1 :]
    if kind == 2:  # a non-finite or enormous number where a digit was
        digits = [m for m, c in enumerate(text) if c.isdigit()]
        j = rng.choice(digits)
        return text[:j] + rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "9" * 400, "-1e400"]) + text[j + 1 :]
    if kind == 3:  # runs of brackets
        n = rng.choice([3, 70, 5000])
        return text[:i] + "[" * n + text[i:]
    if kind == 4:  # a deleted chunk
        return text[:i] + text[i + rng.randrange(1, 200) :]
    return text[:i] + rng.choice(['"', "\\", "{", "}", ",", ":", "\x00", "\u00e9", "\ud800"]) + text[i:]


def write(path: Path, data: Any) -> Path:
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


class GoodOutput:
    """A good import whose files must survive every failed import into the same place."""

    def __init__(self, workdir: Path, cli: Cli, uvtt: dict[str, Any]) -> None:
        self.out = workdir / "good.json"
        assert cli(["import", str(write(workdir / "seed.dd2vtt", uvtt)), "-o", str(self.out)])[0] == 0
        self.files = {p: p.read_bytes() for p in workdir.glob("good*")}

    def check_after(self, code: int) -> None:
        if code == 2:
            assert {p: p.read_bytes() for p in self.files} == self.files
        else:  # the mutation was harmless: put the good files back for the next case
            for p, data in self.files.items():
                p.write_bytes(data)


@pytest.fixture(scope="module")
def good(workdir: Path, cli: Cli, seeds: dict[str, Any]) -> GoodOutput:
    return GoodOutput(workdir, cli, seeds["uvtt"]())


# --- encounters through `battlemap check` --------------------------------------------------


@settings(FUZZ, max_examples=300)
@given(data=st.data(), value=JSON_VALUES, delete=st.booleans())
def test_check_survives_structural_mutations(
    workdir: Path, cli: Cli, seeds: dict[str, Any], data: st.DataObject, value: Any, delete: bool
) -> None:
    seed = seeds["encounter"]()
    where = data.draw(st.sampled_from(paths(seed)))
    path = write(workdir / "enc.json", mutate(seed, where, value, delete))
    cli(["check", str(path)])


def test_check_survives_text_mutations(workdir: Path, cli: Cli, seeds: dict[str, Any]) -> None:
    rng = random.Random(8)
    text = json.dumps(seeds["encounter"](), indent=1)
    codes = [cli(["check", str(write(workdir / "enc.json", text_mutations(text, rng)))])[0] for _ in range(1500)]
    assert codes.count(2) > 1000  # most mutations break the file; all were refused cleanly


# --- Universal VTT through `battlemap import` ----------------------------------------------


@settings(FUZZ, max_examples=250)
@given(data=st.data(), value=JSON_VALUES, delete=st.booleans())
def test_import_survives_structural_mutations(
    workdir: Path, cli: Cli, seeds: dict[str, Any], good: GoodOutput, data: st.DataObject, value: Any,
    delete: bool,
) -> None:
    seed = seeds["uvtt"]()
    where = data.draw(st.sampled_from(paths(seed)))
    src = write(workdir / "fuzz.dd2vtt", mutate(seed, where, value, delete))
    code, _ = cli(["import", str(src), "-o", str(good.out)])
    good.check_after(code)


def test_import_survives_text_mutations(workdir: Path, cli: Cli, seeds: dict[str, Any], good: GoodOutput) -> None:
    rng = random.Random(88)
    uvtt = seeds["uvtt"]()
    image = uvtt.pop("image")
    text = json.dumps(uvtt, indent=1)[:-2] + f',\n "image": "{image}"\n}}'
    for _ in range(800):
        src = write(workdir / "fuzz.dd2vtt", text_mutations(text, rng))
        code, _ = cli(["import", str(src), "-o", str(good.out)])
        good.check_after(code)


# --- pictures: corrupt headers, bombs, huge base64 ------------------------------------------


def png_with_size(width: int, height: int, tail: bytes = b"") -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + tail


@settings(FUZZ, max_examples=250)
@given(
    width=st.integers(0, 2**32 - 1), height=st.integers(0, 2**32 - 1),
    flips=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 255)), max_size=3),
    cut=st.integers(0, 400),
)
def test_lying_and_corrupt_pictures(
    workdir: Path, cli: Cli, seeds: dict[str, Any], good: GoodOutput,
    width: int, height: int, flips: list[tuple[int, int]], cut: int,
) -> None:
    real = seeds["png"]()
    data = bytearray(png_with_size(width, height, real[33:]) if cut % 2 else real)
    for at, byte in flips:
        data[at % len(data)] = byte
    data = data[: len(data) - cut % 50]
    pic = workdir / "pic.png"
    pic.write_bytes(bytes(data))
    try:
        image_encounter(pic, 2.0, system="dnd2024")
    except LoadError as err:
        assert "\n" not in str(err) and str(err).startswith("pic.png: ")
    uvtt = seeds["uvtt"]()
    uvtt["image"] = base64.b64encode(bytes(data)).decode()
    code, _ = cli(["import", str(write(workdir / "pic.dd2vtt", uvtt)), "-o", str(good.out)])
    good.check_after(code)


@pytest.mark.parametrize(
    ("image", "problem"),
    [
        (base64.b64encode(png_with_size(60_000, 60_000)).decode(), "60000x60000 pixels (3600.0 megapixels)"),
        # 3 MB of zeros after a header that makes 12,500 px squares: refused on the header.
        (base64.b64encode(png_with_size(100_000, 1)).decode() + "A" * 4_000_000, "12500.00 pixels per square"),
        ("A" * 8_000_000, "is not a PNG, JPEG or WebP image"),
        (base64.b64encode(b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + b"\xff" * 6).decode(), "megapixels"),
    ],
)
def test_bombs_and_huge_base64_refused_before_decoding(
    workdir: Path, cli: Cli, seeds: dict[str, Any], image: str, problem: str
) -> None:
    uvtt = seeds["uvtt"]()
    uvtt["image"] = image
    code, err = cli(["import", str(write(workdir / "bomb.dd2vtt", uvtt)), "-o", str(workdir / "bomb.json")])
    assert code == 2 and problem in err
    assert not (workdir / "bomb.json").exists()


def test_deep_nesting_everywhere(workdir: Path, cli: Cli) -> None:
    for depth in (65, 1_000, 200_000):
        text = "[" * depth + "]" * depth
        assert cli(["check", str(write(workdir / "deep.json", text))])[0] == 2
        with pytest.raises(LoadError, match="nested"):
            parse_uvtt(write(workdir / "deep.dd2vtt", '{"resolution": ' + text + "}"), system="dnd2024")


def test_loaders_agree_with_the_cli(workdir: Path, seeds: dict[str, Any]) -> None:
    # The seeds themselves load: the fuzz cases above start from valid files.
    enc = load_encounter(write(workdir / "ok.json", seeds["encounter"]()))
    assert [t.id for t in enc.tokens] == ["a", "b"]
    parsed = parse_uvtt(write(workdir / "ok.dd2vtt", seeds["uvtt"]()), system="dnd2024")
    assert (parsed.report.walls_before, parsed.report.windows, parsed.report.lights) == (2, 1, 1)


# --- big pictures: cut out of the JSON text before parsing (battlemap.io.uvtt_json) ---------


def noise_png(width: int, height: int) -> bytes:
    """Noise does not compress: its base64 is long enough to take the cut path."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.frombytes("RGB", (width, height), random.Random(3).randbytes(width * height * 3)).save(buf, "PNG")
    return buf.getvalue()


def test_cut_and_whole_parse_agree_on_mutated_files(workdir: Path, seeds: dict[str, Any]) -> None:
    # Random edits anywhere (most land in the picture's text): the cut parse gives the same
    # data, or the same error sentence, as parsing the whole text.
    from battlemap.io.limits import UVTT_LIMITS
    from battlemap.io.safe_json import read_json_file
    from battlemap.io.uvtt_json import MIN_CUT, read_uvtt_json
    from battlemap.io.uvtt_picture import Base64Span

    uvtt = seeds["uvtt"]()
    uvtt["image"] = base64.b64encode(noise_png(200, 150)).decode()
    assert len(uvtt["image"]) > MIN_CUT
    text = json.dumps(uvtt)
    rng = random.Random(12)
    cuts = 0
    for _ in range(150):
        path = write(workdir / "big.dd2vtt", text_mutations(text, rng))
        cut, whole = _outcome(read_uvtt_json, path, UVTT_LIMITS), _outcome(read_json_file, path, UVTT_LIMITS)
        if isinstance(cut, dict) and isinstance(cut.get("image"), Base64Span):
            cuts += 1
            span = cut["image"]
            cut["image"] = span.buf[span.start : span.end].decode()
        assert cut == whole
    assert cuts > 50  # the cut path was taken, not only the fallback


def _outcome(read: Callable[..., Any], path: Path, limits: Any) -> Any:
    try:
        return read(path, limits)
    except LoadError as err:
        return str(err)
