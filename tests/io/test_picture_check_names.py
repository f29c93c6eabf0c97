"""A picture name the disk cannot hold (1,024 characters is within the model's limit, past
any file system's 255 per name) is a picture that cannot be shown, said in one sentence:
`check` warns and the encounter opens without it; a Universal VTT import refuses it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battlemap.io.picture_check import picture_problem
from battlemap.model import Encounter, Grid, MapImage
from tests.fuzz.conftest import run_cli

LONG = "a" * 1020 + ".png"


def _encounter(tmp_path: Path, picture: str) -> Path:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({
        "format": "battlemap-encounter", "version": 1, "name": "Long", "system": "breche35",
        "grid": {"cols": 4, "rows": 4, "image": {"path": picture, "pixels_per_square": 10}}}),
        encoding="utf-8")
    return path


def test_check_warns_in_one_sentence_about_a_name_too_long(tmp_path: Path) -> None:
    code, err = run_cli(["check", str(_encounter(tmp_path, LONG))])
    assert code == 0
    assert err.startswith(f"battlemap: warning: long.json: the map picture '{LONG}' cannot be "
                          "shown (File name too long); the encounter is open without it")


def test_picture_problem_never_raises_on_a_name_the_disk_refuses(tmp_path: Path) -> None:
    for name in (LONG, "x/" * 500 + "m.png", "nul\x00.png"):
        enc = Encounter(name="Long", system="breche35",
                        grid=Grid(cols=4, rows=4, image=MapImage(path=name, pixels_per_square=10)))
        problem = picture_problem(enc, tmp_path / "long.json")
        assert problem is not None and problem.count(";") == 1


def test_a_uvtt_image_name_too_long_is_refused_in_one_sentence(
        tmp_path: Path, make_uvtt: Any) -> None:
    src = tmp_path / "long.dd2vtt"
    src.write_text(json.dumps(make_uvtt(image="b" * 1016 + ".png")), encoding="utf-8")
    code, err = run_cli(["import", str(src), "-o", str(tmp_path / "o.json")])
    assert code == 2
    assert err == ("battlemap: long.dd2vtt: field 'image' names a file that cannot be read "
                   "(File name too long).\n")
    assert not (tmp_path / "o.json").exists()
