"""`battlemap check`: exit 0 and one summary line, or exit 2 and one sentence (issue 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.cli import main
from tests.rules.test_notation import BAD

DEMOS = sorted((Path(__file__).resolve().parents[2] / "assets" / "demo").glob("*.json"))


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
def test_every_demo_checks(demo, capsys):
    assert main(["check", str(demo)]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"{demo}: ok — ") and "\n" not in out


def test_one_demo_per_system():
    systems = {json.loads(p.read_text())["system"] for p in DEMOS}
    assert systems == {"breche35", "adnd2bis", "dnd2024", "pmt"}


def test_bad_stats_are_named(tmp_path, capsys):
    data = json.loads(DEMOS[0].read_text())
    data["tokens"][0]["stats"] = {"max_hp": "lots"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("battlemap: bad.json: field 'tokens[0].stats.max_hp'")
    assert "\n" not in err


def test_a_turn_naming_a_missing_creature_is_refused(tmp_path, capsys):
    data = json.loads(DEMOS[0].read_text())
    data["turn"] = {"round": 1, "index": 0, "order": [{"token": "ghost", "score": 12}]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("battlemap: bad.json: field 'turn.order[0].token': the creature 'ghost' "
                   "is not on the map.")


def _with_picture(tmp_path, picture: str):
    data = json.loads(DEMOS[0].read_text())
    data["grid"]["image"] = {"path": picture, "pixels_per_square": 70}
    path = tmp_path / "pictured.json"
    path.write_text(json.dumps(data))
    return path


def test_a_missing_picture_is_a_warning(tmp_path, capsys):
    path = _with_picture(tmp_path, "gone.map.png")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: ok — ") and out.count("\n") == 1
    assert err == ("battlemap: warning: pictured.json: the map picture 'gone.map.png' is "
                   "missing; the encounter is open without it (walls and tokens are all "
                   "there).\n")


def test_an_unreadable_picture_is_a_warning(tmp_path, capsys):
    from tests.io.conftest import picture_bytes

    good = picture_bytes(64, 64)
    (tmp_path / "broken.png").write_bytes(good[:60] + b"\x00" * (len(good) - 60))
    path = _with_picture(tmp_path, "broken.png")
    assert main(["check", str(path)]) == 0
    err = capsys.readouterr().err
    assert err == ("battlemap: warning: pictured.json: the map picture 'broken.png' is not "
                   "a readable PNG image (broken data stream when reading image file); the "
                   "encounter is open without it (walls and tokens are all there).\n")


def test_a_picture_that_is_no_picture_is_a_warning(tmp_path, capsys):
    (tmp_path / "notes.png").write_text("not a picture at all")
    assert main(["check", str(_with_picture(tmp_path, "notes.png"))]) == 0
    assert capsys.readouterr().err == (
        "battlemap: warning: pictured.json: the map picture 'notes.png' is not a PNG, JPEG "
        "or WebP image; the encounter is open without it (walls and tokens are all there).\n")


def test_a_readable_picture_says_nothing_more(tmp_path, capsys):
    from tests.io.conftest import picture_bytes

    (tmp_path / "fine.png").write_bytes(picture_bytes(64, 64))
    assert main(["check", str(_with_picture(tmp_path, "fine.png"))]) == 0
    assert capsys.readouterr().err == ""

# The notation test's sentences (tests/rules/test_notation.py), the usual typos among them.
BAD_DAMAGE = {k: BAD[k] for k in ("1d8+", "1d", "d", "2d6++1", "1d1000000", "999d6")}


def _with_weapon_damage(tmp_path: Path, demo: Path, damage: str) -> tuple[Path, str]:
    data = json.loads(demo.read_text())
    data["tokens"][0]["stats"]["weapons"] = [{"name": "Hache", "damage": damage}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path, data["tokens"][0]["id"]


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("damage", BAD_DAMAGE)
def test_a_damage_typo_is_refused_naming_token_weapon_and_expression(demo, damage, tmp_path,
                                                                     capsys):
    bad, token_id = _with_weapon_damage(tmp_path, demo, damage)
    assert main(["check", str(bad)]) == 2
    assert capsys.readouterr().err == (
        f"battlemap: bad.json: field 'tokens[0].stats.weapons[0].damage' ({token_id}): "
        f"weapon 'Hache': {BAD_DAMAGE[damage]}.\n")


def test_a_good_damage_still_loads(tmp_path, capsys):
    good, _ = _with_weapon_damage(tmp_path, DEMOS[0], "2d6+1")
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out.startswith(f"{good}: ok — adnd2bis, ")


@pytest.mark.parametrize(("name", "kind", "extra"), [
    ("map.dd2vtt", "a Universal VTT export", ""),
    # A picture's import refuses to run without its scale: the hint names the option.
    ("map.webp", "a picture", " --pixels-per-square P")])
def test_a_file_the_window_imports_is_pointed_to_import(tmp_path, capsys, name, kind, extra):
    # Walkthrough: `check` on /tmp/shared/uvtt-samples' exports said "field 'format' must be
    # "battlemap-encounter"", which tells a GM who just opened it in the window nothing.
    path = tmp_path / name
    path.write_text("{}")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"battlemap: {name}: this is {kind}, not an encounter; make one with "
                   f"'battlemap import {path} -o ENCOUNTER.json{extra}'.")


def test_a_picture_outside_the_folder_is_named_in_the_summary(tmp_path, capsys):
    data = json.loads(DEMOS[0].read_text())
    data["grid"]["image"] = {"path": "../../elsewhere/secret.png", "pixels_per_square": 70}
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    path = folder / "far.json"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{path}: ok — ")
    assert lines[1] == (f"{path}: the picture '{tmp_path / 'elsewhere' / 'secret.png'}' lies outside "
                        "the encounter's folder; the window asks before showing it.")


def test_a_picture_beside_the_file_adds_no_line(tmp_path, capsys):
    data = json.loads(DEMOS[0].read_text())
    data["grid"]["image"] = {"path": "pictures/map.png", "pixels_per_square": 70}
    path = tmp_path / "near.json"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 1


def test_token_pictures_are_counted_with_those_missing_or_refused(tmp_path, capsys):
    from tests.io.conftest import picture_bytes

    data = json.loads(DEMOS[0].read_text())
    (tmp_path / "face.png").write_bytes(picture_bytes(32, 32))
    (tmp_path / "notes.png").write_text("not a picture")
    arts = ["face.png", "face.png", "gone.png", "notes.png"]  # the same picture counts once
    for token, art in zip(data["tokens"], arts, strict=False):
        token["art"] = art
    path = tmp_path / "art.json"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip().endswith(", 3 token pictures (1 missing, 1 refused)")
    names = [t["name"] for t in data["tokens"]]
    assert captured.err.splitlines() == [
        f"battlemap: warning: art.json: the picture 'gone.png' of {names[2]} is missing; "
        "the token is drawn without it.",
        f"battlemap: warning: art.json: the picture 'notes.png' of {names[3]} is not a PNG, "
        "JPEG or WebP image; the token is drawn without it."]


def test_an_encounter_without_token_pictures_says_nothing_of_them(capsys):
    assert main(["check", str(DEMOS[0])]) == 0
    assert "picture" not in capsys.readouterr().out
