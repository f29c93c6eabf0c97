"""`battlemap import`: prints the report, writes picture + encounter, exits 2 on bad input."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import load_encounter


def test_import_writes_encounter_and_picture(
    make_uvtt: Callable[..., dict[str, Any]], write_uvtt: Callable[..., Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    src = write_uvtt(make_uvtt())
    out = tmp_path / "out" / "cave.json"
    assert main(["import", str(src), "-o", str(out), "--system", "breche35"]) == 0
    text = capsys.readouterr().out
    assert "walls: 1 polylines / 1 segments before, 1 / 1 after simplification" in text
    assert "doors: 1, windows: 0, lights: 1" in text
    assert "picture: cave.map.png (png, 32x24 px, 8 px per square)" in text
    enc = load_encounter(out)
    assert enc.system == "breche35" and enc.grid.image is not None
    assert (out.parent / enc.grid.image.path).read_bytes() == base64.b64decode(make_uvtt()["image"])


def test_failed_import_leaves_the_good_files(
    make_uvtt: Callable[..., dict[str, Any]], write_uvtt: Callable[..., Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "cave.json"
    assert main(["import", str(write_uvtt(make_uvtt())), "-o", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    bad = make_uvtt(cols=5)  # a different picture would overwrite cave.map.png ...
    bad["lights"][0]["range"] = -1  # ... but the file is refused first
    assert main(["import", str(write_uvtt(bad, "bad.dd2vtt")), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == "battlemap: bad.dd2vtt: field 'lights[0].range': Input should be greater than or equal to 0.\n"
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != "bad.dd2vtt"}
    assert after == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["import", "{src}", "-o", "{src}"], "the output would overwrite the file being imported"),
        (["import", "{dir}/none.dd2vtt", "-o", "{dir}/x.json"], "none.dd2vtt: cannot be read (No such file or directory)"),
        (["import", "{dir}/notes.txt", "-o", "{dir}/x.json"], "not a Universal VTT file or a PNG/JPEG/WebP picture"),
        (["import", "{src}", "-o", "{dir}/x.json", "--max-megapixels", "0"], "--max-megapixels 0 is not above 0 and at most 100."),
        (["import", "{src}", "-o", "{dir}/x.json", "--max-megapixels", "nan"], "--max-megapixels nan is not above 0 and at most 100."),
        (["import", "{src}", "-o", "{dir}/x.json", "--max-megapixels", "inf"], "--max-megapixels inf is not above 0 and at most 100."),
        (["import", "{src}", "-o", "{dir}/x.json", "--max-megapixels", "0.0001"], "over the limit of 0.0001"),
    ],
)
def test_bad_input_exits_2_with_one_sentence(
    make_uvtt: Callable[..., dict[str, Any]], write_uvtt: Callable[..., Path], tmp_path: Path,
    capsys: pytest.CaptureFixture[str], args: list[str], message: str,
) -> None:
    src = write_uvtt(make_uvtt())
    (tmp_path / "notes.txt").write_text("hello")
    argv = [a.format(src=src, dir=tmp_path) for a in args]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x.json").exists()


def test_import_a_picture_as_a_map(
    make_picture: Callable[..., bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pic = tmp_path / "maps" / "hall.webp"
    pic.parent.mkdir()
    pic.write_bytes(make_picture(700, 420, "WEBP"))
    out = tmp_path / "hall.json"
    # 70 px squares from (0, 0): 10 x 6 whole squares.
    assert main(["import", str(pic), "-o", str(out), "--pixels-per-square", "70"]) == 0
    enc = load_encounter(out)
    assert (enc.grid.cols, enc.grid.rows) == (10, 6)
    assert enc.grid.image is not None and enc.grid.image.path == "maps/hall.webp"
    assert "hall.webp: 10x6 squares at 70 px per square" in capsys.readouterr().out


def test_picture_grid_counts_whole_squares(make_picture: Callable[..., bytes], tmp_path: Path) -> None:
    from battlemap.io.images import image_encounter

    pic = tmp_path / "m.png"
    pic.write_bytes(make_picture(700, 420))
    # Offset (35, 20): 665 px = 9.5 squares across -> 9; 400 px = 5.71 down -> 5.
    enc = image_encounter(pic, 70, (35, 20), system="dnd2024")
    assert (enc.grid.cols, enc.grid.rows) == (9, 5)
    assert enc.grid.image is not None and enc.grid.image.offset_px == (35, 20)
