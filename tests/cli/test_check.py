"""`battlemap check`: exit 0 and one summary line, or exit 2 and one sentence (issue 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.cli import main

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


BAD_DAMAGE = {
    "1d8+": "'1d8+' is not dice notation (it ends too early)",
    "1d": "'1d' is not dice notation (it ends too early)",
    "d": "'d' is not dice notation (it ends too early)",
    "2d6++1": "'2d6++1' has two signs in a row ('++')",
    "1d1000000": "'1d1000000' has a d1000000; a die has 1 to 1000 sides",
    "999d6": "'999d6' rolls 999 dice, over the limit of 100",
}


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
