"""`battlemap query FILE attack` answers as the session does on a reach weapon's squares
(issue 30 follow-up): a 3.5 pike is refused beside its foe with the real reason under
--strict, rolled as a GM override without it, and reaches its second diagonal square
(D&D 3.5 SRD "Reach Weapons"; 000 "Attaques d'opportunité" is silent on weapons)."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.model import Token
from tests.cli.test_query_rulings import _file, _run

PIKE = {"name": "Pique", "kind": "melee", "reach_m": 3.0}
DAGGER = {"name": "Dague", "kind": "melee"}
SRD = "D&D 3.5 SRD, Reach Weapons (000 \"Attaques d'opportunité\" is silent)"


def _pikeman(tmp_path: Path, ana_at: tuple[int, int]) -> str:
    return _file(tmp_path, "breche35", [
        Token(id="pike", name="Piquier", side="foe", col=5, row=5,
              stats={"weapons": [PIKE, DAGGER]}),
        Token(id="ana", name="Ana", side="party", col=ana_at[0], row=ana_at[1])])


def test_strict_refuses_the_pike_beside_its_foe_saying_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _pikeman(tmp_path, (6, 5))
    code, _, err = _run(capsys, "query", f, "attack", "pike", "ana", "--weapon", "Pique",
                        "--strict", "--roll", "15", "2")
    assert (code, err) == (2, "battlemap: refused: Ana is too close for a reach weapon: "
                              f"Piquier's Pique strikes only beyond 1.5 m ({SRD}).\n")
    code, data, _ = _run(capsys, "query", f, "attack", "pike", "ana", "--weapon", "Pique",
                         "--roll", "15", "2")
    assert code == 0 and data["out_of_reach"] is True
    assert data["log"]["en"].endswith("(GM override)")
    code, data, _ = _run(capsys, "query", f, "attack", "pike", "ana", "--weapon", "Dague",
                         "--strict", "--roll", "15", "2")
    assert code == 0 and data["out_of_reach"] is False and data["weapon"] == "Dague"


def test_the_pike_reaches_the_second_diagonal_counted_4_5_m(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _pikeman(tmp_path, (7, 7))
    code, data, _ = _run(capsys, "query", f, "attack", "pike", "ana", "--weapon", "Pique",
                         "--strict", "--roll", "15", "2")
    assert code == 0 and data["out_of_reach"] is False
    assert data["situation"]["distance_m"] == 4.5
    code, _, err = _run(capsys, "query", f, "attack", "pike", "ana", "--weapon", "Dague",
                        "--strict")
    assert (code, err) == (2, "battlemap: refused: Ana is out of reach of Piquier (4.5 m).\n")
