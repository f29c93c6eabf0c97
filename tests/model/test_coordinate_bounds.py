"""Every coordinate of an encounter lies within ±MAX_COORD grid units: 1e300 (finite, so
past the non-finite check) is refused in one sentence instead of overflowing the area and
fog-of-war geometry later."""

from __future__ import annotations

import json
from typing import Any

import pytest

from battlemap.cli import main
from battlemap.io import LoadError, load_encounter
from battlemap.model import MAX_COORD

FAR = 1e300


def _enc(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "battlemap-encounter", "version": 1, "system": "dnd2024",
                            "grid": {"cols": 10, "rows": 10},
                            "tokens": [{"id": "a", "name": "A", "col": 1, "row": 1}]}
    data.update(fields)
    return data


CASES = {
    "wall": (_enc(walls=[{"points": [[0, 0], [FAR, 0]]}]),
             "field 'walls[0].points[1][0]': Input should be less than or equal to 10000"),
    "door": (_enc(walls=[{"points": [[0, -FAR], [0, 1]], "kind": "door"}]),
             "field 'walls[0].points[0][1]': Input should be greater than or equal to -10000"),
    "light": (_enc(lights=[{"position": [FAR, 2], "range": 3}]),
              "field 'lights[0].position[0]': Input should be less than or equal to 10000"),
    "template": (_enc(templates=[{"shape": "sphere", "origin": [2, FAR], "size_m": 3}]),
                 "field 'templates[0].origin[1]': Input should be less than or equal to 10000"),
    "terrain": (_enc(terrain=[{"squares": [[10**30, 0]]}]),
                "field 'terrain[0].squares[0][0]': Input should be less than or equal to 10000"),
    "token": (_enc(tokens=[{"id": "a", "name": "A", "col": FAR, "row": 1}]),
              "field 'tokens[0].col': Input should be less than or equal to 10000"),
    "picture offset": (
        _enc(grid={"cols": 10, "rows": 10,
                   "image": {"path": "m.png", "pixels_per_square": 50, "offset_px": [FAR, 0]}}),
        "field 'grid.image.offset_px[0]': Input should be less than or equal to 20000000"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_far_coordinate_is_refused_in_one_sentence(case: str, tmp_path) -> None:
    data, sentence = CASES[case]
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LoadError) as err:
        load_encounter(path)
    assert str(err.value) == f"enc.json: {sentence}."


@pytest.mark.parametrize("case", ["wall", "template"])
def test_check_refuses_a_far_coordinate_with_exit_2(case: str, tmp_path, capsys) -> None:
    data, sentence = CASES[case]
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == f"battlemap: enc.json: {sentence}.\n"


def test_the_bound_itself_loads_and_checks(tmp_path, capsys) -> None:
    edge = float(MAX_COORD)
    data = _enc(walls=[{"points": [[-edge, -edge], [edge, edge]]}],
                lights=[{"position": [edge, -edge], "range": 5}],
                templates=[{"shape": "cone", "origin": [edge, 0], "size_m": 9}])
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    enc = load_encounter(path)
    assert enc.walls[0].points == [(-edge, -edge), (edge, edge)]
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: ok — dnd2024, 10x10 squares, 1 token, 1 wall")
