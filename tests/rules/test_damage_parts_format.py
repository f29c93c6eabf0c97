"""The stat blocks' damage parts in every system: a weapon's `extra_damage` list of
{"dice", "type"} beside its `damage` and `damage_type` (README, "The encounter file"). A file
written before it loads as it did; a bad part is refused in one sentence naming its field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from battlemap.assets import demo_files
from battlemap.cli import main
from battlemap.rules.adnd2bis.stats import Adnd2bisStats
from battlemap.rules.breche35.stats import Breche35Stats
from battlemap.rules.dnd2024.stats import Dnd2024Stats
from battlemap.rules.pmt.stats import PmtStats

OLD_WEAPONS: list[tuple[type[BaseModel], dict[str, Any]]] = [
    (Breche35Stats, {"name": "Machette ardente", "damage": "1d6", "damage_type": "slashing",
                     "bonus_damage": "1d6", "bonus_damage_type": "fire", "crit_range": 19}),
    (Adnd2bisStats, {"name": "Épée longue", "damage": "1d8", "damage_type": "slashing",
                     "bonus": 1}),
    (Dnd2024Stats, {"name": "Épée longue", "kind": "melee", "damage": "1d8",
                    "damage_type": "slashing", "properties": ["versatile"]}),
    (PmtStats, {"name": "Épée", "damage": "1d8", "damage_type": "tranchant"}),
]


@pytest.mark.parametrize(("model", "weapon"), OLD_WEAPONS, ids=lambda x: getattr(x, "__name__", ""))
def test_an_old_weapon_loads_as_it_did_with_no_extra_part(model: type[BaseModel],
                                                          weapon: dict[str, Any]) -> None:
    w = model.model_validate({"weapons": [weapon]}).weapons[0]  # type: ignore[attr-defined]
    assert w.model_dump(exclude_unset=True) == weapon
    assert w.extra_damage == []


@pytest.mark.parametrize(("model", "weapon"), OLD_WEAPONS, ids=lambda x: getattr(x, "__name__", ""))
def test_extra_parts_load_in_every_system(model: type[BaseModel], weapon: dict[str, Any]) -> None:
    given = {**weapon, "extra_damage": [{"dice": "2d6", "type": "necrotic"},
                                        {"dice": "1", "type": "fire"}]}
    w = model.model_validate({"weapons": [given]}).weapons[0]  # type: ignore[attr-defined]
    assert [(p.dice, p.type) for p in w.extra_damage] == [("2d6", "necrotic"), ("1", "fire")]


@pytest.mark.parametrize("part", [{"dice": "2d6"}, {"dice": "2d6", "type": ""},
                                  {"dice": "2d6+", "type": "fire"},
                                  {"dice": "2d6", "type": "fire", "bonus": 1}])
def test_a_bad_part_is_refused(part: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Dnd2024Stats.model_validate({"weapons": [{"name": "Griffe", "extra_damage": [part]}]})


def test_a_bad_part_in_a_file_is_one_sentence_naming_its_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = next(p for p in demo_files() if p.name == "dnd2024-crypt.json")
    data = json.loads(demo.read_text(encoding="utf-8"))
    i = next(n for n, t in enumerate(data["tokens"]) if t["id"] == "goule")
    data["tokens"][i]["stats"]["weapons"][0]["extra_damage"] = [{"dice": "2d6+", "type": "x"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert capsys.readouterr().err == (
        f"battlemap: bad.json: field 'tokens[{i}].stats.weapons[0].extra_damage[0].dice' "
        "(goule): '2d6+' is not dice notation (it ends too early).\n")
