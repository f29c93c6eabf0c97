"""`battlemap query FILE cover|flanking|threatened|area|path` (issue 2 CLI)."""

from __future__ import annotations

import json

import pytest

from battlemap.cli import main

ENCOUNTER = {
    "format": "battlemap-encounter", "version": 1, "system": "breche35",
    "grid": {"cols": 12, "rows": 12},
    "tokens": [
        {"id": "a", "name": "A", "side": "party", "col": 2, "row": 2},
        {"id": "t", "name": "T", "side": "foe", "col": 3, "row": 2},
        {"id": "p", "name": "P", "side": "party", "col": 4, "row": 2},
    ],
    "walls": [{"points": [[8, 0], [8, 12]], "kind": "wall"}],
}


@pytest.fixture
def enc_file(tmp_path):
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(ENCOUNTER))
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else out.err)


def test_cover(capsys, enc_file, tmp_path):
    code, data = run(capsys, "query", enc_file, "cover", "a", "t")
    assert code == 0 and data["level"] == "none" and len(data["lines"]) == 4
    enc = dict(ENCOUNTER, tokens=[*ENCOUNTER["tokens"],
                                  {"id": "z", "name": "Z", "col": 10, "row": 2}])
    path = tmp_path / "walled.json"
    path.write_text(json.dumps(enc))
    code, data = run(capsys, "query", str(path), "cover", "a", "z")
    assert data["level"] == "total" and "wall" in data["blocked_by"]
    assert "cannot be targeted" in data["effect"]


def test_flanking_and_threatened(capsys, enc_file):
    code, data = run(capsys, "query", enc_file, "flanking", "a", "t")
    assert code == 0 and data["flanked"] and data["partners"] == ["p"]
    assert data["effect"].startswith("+2 melee")
    code, data = run(capsys, "query", enc_file, "threatened", "t")
    assert len(data["squares"]) == 8 and [2, 1] in data["squares"]


def test_area(capsys, enc_file):
    code, data = run(capsys, "query", enc_file, "area", "--shape", "sphere", "--origin", "3,3",
                     "--size", "3")
    assert code == 0 and data["method"] == "dnd35"
    assert len(data["squares"]) == 12 and sorted(data["tokens"]) == ["a", "p", "t"]
    code, data = run(capsys, "query", enc_file, "area", "--shape", "emanation", "--origin",
                     "t", "--size", "1.5", "--method", "half")
    assert code == 0 and sorted(data["tokens"]) == ["a", "p"]
    assert all("why" in s for s in data["squares"])


def test_path(capsys, enc_file):
    code, data = run(capsys, "query", enc_file, "path", "t", "3,3", "3,4")
    assert code == 0 and data["cost_m"] == 3.0 and data["legal"]
    assert [(p["by"], p["at"]) for p in data["provokes"]] == [("a", [3, 2]), ("p", [3, 2])]
    code, data = run(capsys, "query", enc_file, "path", "t", "3,3", "--kind", "step")
    assert data["provokes"] == []


@pytest.mark.parametrize("argv, words", [
    (["cover", "a", "nobody"], "no token 'nobody'"),
    (["path", "t", "3,x"], "not of the form"),
    (["area", "--shape", "cone", "--origin", "ghost", "--size", "3"], "no token 'ghost'"),
    # pydantic's problem as a sentence, not its last line (a web address).
    (["area", "--shape", "sphere", "--origin", "2,2", "--size", "-3"],
     "bad area: size_m: Input should be greater than 0."),
    (["area", "--shape", "sphere", "--origin", "nan,nan", "--size", "3"],
     "bad area: origin.0: Input should be a finite number."),
    (["threatened", "t", "--reach", "nan"], "reach nan m is not between 0 and 30 m."),
    (["threatened", "t", "--reach", "inf"], "reach inf m is not between 0 and 30 m."),
])
def test_bad_input_exits_2_with_one_sentence(capsys, enc_file, argv, words):
    code, err = run(capsys, "query", enc_file, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, sentence", [
    (["path", "t", "3,3", "--speed", "nan"], "--speed nan m is not between 0 and 300 m."),
    (["path", "t", "3,3", "--speed", "inf"], "--speed inf m is not between 0 and 300 m."),
    (["path", "t", "3,3", "--speed", "-5"], "--speed -5 m is not between 0 and 300 m."),
    (["path", "t", "3,3", "--speed", "301"], "--speed 301 m is not between 0 and 300 m."),
    (["threatened", "t", "--reach", "-1.5"], "--reach -1.5 m is not between 0 and 30 m."),
    (["area", "--shape", "sphere", "--origin", "1e300,2", "--size", "3"],
     "bad area: origin.0: Input should be less than or equal to 10000."),
    (["area", "--shape", "cone", "--origin", "2,2", "--size", "3", "--direction", "inf"],
     "bad area: direction_deg: Input should be a finite number."),
])
def test_a_number_option_that_is_nan_infinite_or_out_of_range_is_one_sentence(
        capsys, enc_file, argv, sentence):
    code, err = run(capsys, "query", enc_file, *argv)
    assert (code, err) == (2, f"battlemap: {sentence}\n")


def test_a_speed_within_range_still_answers(capsys, enc_file):
    code, data = run(capsys, "query", enc_file, "path", "t", "3,3", "3,4", "--speed", "1.5")
    assert (code, data["legal"]) == (0, False)
    assert data["reason"] == "the move costs 3 m, more than the 1.5 m allowed"


def test_a_fireball_in_the_crypt_stays_out_of_the_ghouls_room(capsys):
    # The bundled crypt demo (dnd2024): a 6 m sphere at the intersection (9, 6), beside the
    # dividing wall x = 10 whose closed door hangs from (10, 7). The rays to (10.5, 7.5) and
    # (11.5, 8.5) pass exactly through the hinge, between the wall and the door: docs/rules/README.md#shared-vocabulary,
    # no line of effect through a wall. Until 2026-12-01 both squares were in, and the ghoul
    # on (11, 8) with them.
    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "assets" / "demo" / "dnd2024-crypt.json"
    code, data = run(capsys, "query", str(demo), "area", "--shape", "sphere", "--origin",
                     "9,6", "--size", "6")
    squares = {tuple(s["square"]) for s in data["squares"]}
    assert code == 0 and len(squares) == 34
    assert not {sq for sq in squares if sq[0] >= 10}  # nothing beyond the wall
    assert sorted(data["tokens"]) == ["guerriere", "roublard"]
    # The squares the sphere reaches beyond the wall are listed with what stops each one.
    cut = {tuple(s["square"]): s["why"] for s in data["cut_off"]}
    assert len(cut) == 18 and all(c >= 10 for c, _ in cut)
    assert cut[(11, 8)] == ("left out: the line from the origin passes through (10,7), "
                            "between a closed door and a wall that meet there")


def test_cover_2bis_obstacle_in_melee(capsys, tmp_path):
    # 001_dd346e63a171f715.txt, "Modificateurs de Couverture", nota: an obstacle (wall
    # corner, pillar) in melee gives 25 % cover, +1 AC. A wall runs down T's near side from
    # 0.2 below its top corner, T diagonal to A.
    enc = {"format": "battlemap-encounter", "version": 1, "system": "adnd2bis",
           "grid": {"cols": 8, "rows": 8},
           "tokens": [{"id": "a", "name": "A", "side": "party", "col": 2, "row": 2},
                      {"id": "t", "name": "T", "side": "foe", "col": 3, "row": 3}],
           "walls": [{"points": [[3, 3.2], [3, 4]], "kind": "wall"}]}
    path = tmp_path / "corner.json"
    path.write_text(json.dumps(enc))
    code, data = run(capsys, "query", str(path), "cover", "a", "t", "--melee")
    assert code == 0 and data["level"] == "25" and data["obstacle_in_melee"]
    assert data["effect"] == "+1 AC (obstacle in melee, 001 \"Modificateurs de Couverture\")"
    assert data["explanation"].endswith("in melee an obstacle (wall corner, pillar) in the "
                                        "way gives 25% cover (001 \"Modificateurs de "
                                        "Couverture\", note)")
    code, data = run(capsys, "query", str(path), "cover", "a", "t")
    assert (data["level"], data["obstacle_in_melee"], data["effect"]) == ("none", False, "none")


def test_area_cone_from_a_token_counts_whole_squares(capsys, enc_file):
    # 000_d623f1b22a06cede.txt "Cible, effet, zone" (3.5: a cone starts from a corner of the
    # creature's square): T at (3, 2) aimed east starts at the corner (4, 2), docs/architecture.md#areas-of-effect.
    code, data = run(capsys, "query", enc_file, "area", "--shape", "cone", "--origin", "t",
                     "--size", "4.5", "--direction", "0")
    assert code == 0 and data["method"] == "dnd35"
    assert [(s["square"], s["why"]) for s in data["squares"]] == [
        ([4, 1], "far corner 1.5 m from the origin"), ([4, 2], "far corner 1.5 m from the origin"),
        ([5, 0], "far corner 4.5 m from the origin"), ([5, 1], "far corner 3 m from the origin"),
        ([5, 2], "far corner 3 m from the origin"), ([5, 3], "far corner 4.5 m from the origin"),
        ([6, 1], "far corner 4.5 m from the origin"), ([6, 2], "far corner 4.5 m from the origin")]
    assert sorted(data["tokens"]) == ["p"]


def test_route_goes_round_the_wall_and_says_what_path_says(capsys, enc_file):
    # The wall x = 8 runs the whole grid's height: no route crosses it.
    code, data = run(capsys, "query", enc_file, "route", "a", "9,2")
    assert code == 0 and data["squares"] == [] and data["legal"] is False
    assert data["reason"] == "no legal route leads to (9,2)"
    # 3.5 (000): the foe at (3, 2) blocks east; round it, 1-2-1-2 diagonals: (3,1) diag 1.5,
    # (4,1) 1.5, (5,2) diag 3 → 6 m, and leaving (2, 2) which T threatens provokes.
    code, data = run(capsys, "query", enc_file, "route", "a", "5,2")
    assert code == 0
    code2, path = run(capsys, "query", enc_file, "path", "a",
                      *[f"{c},{r}" for c, r in data["squares"]])
    assert code2 == 0 and {k: data[k] for k in path} == path
    assert data["cost_m"] == 6.0 and data["legal"] is True
    assert [p["by"] for p in data["provokes"]] == ["t"]


def test_route_through_a_waypoint_and_fewest_attacks(capsys, enc_file):
    code, data = run(capsys, "query", enc_file, "route", "a", "5,2", "--via", "2,5")
    assert code == 0 and [2, 5] in data["squares"] and data["squares"][-1] == [5, 2]
    code, data = run(capsys, "query", enc_file, "route", "a", "5,2", "--avoid-oa")
    assert code == 0 and "cheapest" in data
    assert len(data["provokes"]) <= data["cheapest"]["provokes"]
    assert data["extra_m"] == data["cost_m"] - data["cheapest"]["cost_m"]
    code, err = run(capsys, "query", enc_file, "route", "a", "20,2")
    assert code == 2 and "off the 12x12 grid" in err
