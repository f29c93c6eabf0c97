"""`battlemap query FILE attack … --gm-mod N:LABEL --advantage / --disadvantage`: the GM's
situational modifiers, with « MJ » (GM) as their source; a system without advantage refuses
it in one sentence naming its seed (000 and 004 have none; 003 "Avantage" has it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battlemap.cli import main
from battlemap.io import save_encounter
from tests.helpers.engine import shot_into_melee, skeleton_at_3_hp


def _file(session: Any, tmp_path: Path) -> str:
    path = tmp_path / "enc.json"
    save_encounter(session.encounter, path)
    return str(path)


def test_2024_advantage_and_a_gm_modifier(tmp_path: Path, capsys: Any) -> None:
    path = _file(skeleton_at_3_hp(), tmp_path)
    argv = ["query", path, "attack", "guerriere", "squelette-1", "--weapon", "Épée longue",
            "--advantage", "--gm-mod=-1:pluie", "--roll", "4", "15", "6"]
    assert main(argv) == 0
    att = json.loads(capsys.readouterr().out)["attacks"][0]
    assert (att["advantage"], att["advantage_why"]) == ("advantage", "advantage: situation (GM)")
    assert att["roll"]["expr"] == "2d20kh1"
    assert ("pluie", -1, "GM") in [(m["name"], m["value"], m["source"]) for m in att["modifiers"]]
    assert att["total"] == 20  # 15 + Str 3 + proficiency 3 − 1


def test_a_system_without_advantage_refuses_it(tmp_path: Path, capsys: Any) -> None:
    path = _file(shot_into_melee(), tmp_path)
    assert main(["query", path, "attack", "mara", "ganger", "--disadvantage"]) == 2
    assert capsys.readouterr().err.strip() == (
        "battlemap: Brèche (D&D 3.5) has no advantage or disadvantage: its text "
        "(000_d623f1b22a06cede.txt) gives none.")
    assert main(["query", path, "attack", "mara", "ganger", "--gm-mod", "+2:surplomb",
                 "--roll", "10", "3"]) == 0
    mods = json.loads(capsys.readouterr().out)["attacks"][0]["modifiers"]
    assert ("surplomb", 2, "GM") in [(m["name"], m["value"], m["source"]) for m in mods]


def test_a_gm_modifier_needs_a_number_and_a_label(tmp_path: Path, capsys: Any) -> None:
    path = _file(shot_into_melee(), tmp_path)
    assert main(["query", path, "attack", "mara", "ganger", "--gm-mod", "deux:pluie"]) == 2
    assert "--gm-mod takes N:LABEL" in capsys.readouterr().err
