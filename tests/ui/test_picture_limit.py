"""One picture limit, one sentence, on every path: `import`, `check`, `render` and the window
all refuse a picture one pixel row over `io.limits.PICTURE_MEGAPIXELS` with the same clause,
from its header, before anything is decoded (the file here is a PNG header and nothing
else); and `--max-megapixels` cannot raise the limit past what the window and render show.
Before, Pillow refused above 179 MP in its own words, and Qt dropped 64-100 MP pictures at
render without a word (exit 0)."""

import math
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import save_encounter
from battlemap.io.limits import MAX_MEGAPIXELS_ALLOWED, PICTURE_MEGAPIXELS
from battlemap.model import MapImage

from .conftest import crypt

SIDE = math.isqrt(int(PICTURE_MEGAPIXELS * 1e6))  # 10,000: SIDE x SIDE is the limit exactly
CLAUSE = (f"{SIDE}x{SIDE + 1} pixels (100.0 megapixels), over the limit of 100")


def _header_only_png(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
            + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))


@pytest.fixture
def over(tmp_path: Path) -> Path:
    """One row of pixels over the limit."""
    path = tmp_path / "huge.png"
    path.write_bytes(_header_only_png(SIDE, SIDE + 1))
    return path


@pytest.fixture
def encounter_over(tmp_path: Path, over: Path) -> Path:
    enc = crypt()
    enc.grid = enc.grid.model_copy(update={"image": MapImage(path=over.name,
                                                             pixels_per_square=1000)})
    path = tmp_path / "crypt.json"
    save_encounter(enc, path)
    return path


def test_the_limit_is_one_number() -> None:
    assert MAX_MEGAPIXELS_ALLOWED == PICTURE_MEGAPIXELS == 100


def test_import_refuses_it(over: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(over), "--pixels-per-square", "100", "-o",
                 str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert err == f"battlemap: huge.png: the picture is {CLAUSE}.\n"
    assert not (tmp_path / "x.json").exists()


def test_the_flag_cannot_raise_it(over: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(over), "--pixels-per-square", "100", "--max-megapixels", "150",
                 "-o", str(tmp_path / "x.json")]) == 2
    assert "--max-megapixels 150 is not above 0 and at most 100." in capsys.readouterr().err


def test_check_says_it(encounter_over: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(encounter_over)]) == 0
    err = capsys.readouterr().err
    assert err == (f"battlemap: warning: crypt.json: the map picture 'huge.png' is {CLAUSE}; "
                   "the encounter is open without it (walls and tokens are all there).\n")


def test_render_says_it(encounter_over: Path, tmp_path: Path,
                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.png"
    assert main(["render", str(encounter_over), "-o", str(out), "--size", "200x150"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (f"battlemap: warning: crypt.json: the map picture 'huge.png' is "
                            f"{CLAUSE}; the encounter is open without it (walls and tokens are "
                            "all there).\n")
    assert out.exists()


def test_the_window_says_it(window: Any, encounter_over: Path) -> None:
    assert window.files.open_path(encounter_over, confirmed=True)
    assert window.picture_warning.text == (
        f"crypt.json: the map picture 'huge.png' is {CLAUSE}; the encounter is open without it "
        "(walls and tokens are all there).")
