"""`battlemap query FILE attack` lists a modifier a rule cancels with the rule and its source:
000_d623f1b22a06cede.txt, "Modificateurs de situation": « Tir dans une mêlée | −4 (sauf Tir
de précision) »."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battlemap.cli import main
from battlemap.io import save_encounter
from tests.helpers.engine import shot_into_melee


def test_the_breakdown_says_what_cancels_the_penalty(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "enc.json"
    save_encounter(shot_into_melee().encounter, path)
    argv = ["query", str(path), "attack", "mara", "ganger", "--weapon", "Pistolet 9 mm",
            "--roll", "10", "3"]
    assert main(argv) == 0
    dropped = json.loads(capsys.readouterr().out)["attacks"][0]["dropped"]
    assert [(d["name"], d["value"], d["why"]) for d in dropped] == [(
        "Shooting into melee", -4,
        'cancelled by Precise Shot (000_d623f1b22a06cede.txt, "Modificateurs de situation")')]
