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


def test_a_turn_naming_a_missing_creature_is_refused(tmp_path, capsys):
    data = json.loads(DEMOS[0].read_text())
    data["turn"] = {"round": 1, "index": 0, "order": [{"token": "ghost", "score": 12}]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("battlemap: bad.json: field 'turn.order[0].token': the creature 'ghost' "
                   "is not on the map.")
