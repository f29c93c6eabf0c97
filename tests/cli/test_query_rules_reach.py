"""`query threatened` and `query path` rule by the encounter's system, as the map does: the
Brèche demo's ogre is a tall Large creature, whose natural reach is 3 m (000 "Taille", table
"Espace, allonge": Grande (G) « 3 m, 1,5 ou 3 m », tall first). Before, the CLI gave every
creature 1.5 m: the ogre threatened only the squares beside it, and Karim's path two squares
from it provoked nothing, while the GM's map showed the attack."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.cli import main

DEMO = str(Path(__file__).resolve().parents[2] / "assets" / "demo"
           / "breche35-entrepot-pigalle.json")


def _query(capsys, *argv: str) -> dict:
    assert main(["query", DEMO, *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_tall_ogre_threatens_3_m_around_it(capsys) -> None:
    data = _query(capsys, "threatened", "ogre")  # the ogre's space: (8..9, 4..5)
    squares = {tuple(s) for s in data["squares"]}
    assert data["reach_m"] == 3.0
    assert {(8, 7), (7, 7), (6, 6), (11, 4), (8, 2)} <= squares  # two squares away
    assert (6, 7) not in squares  # the second diagonal counts double: 4.5 m (000 1-2-1)
    assert _query(capsys, "threatened", "ogre", "--reach", "1.5")["reach_m"] == 1.5


def test_a_path_two_squares_from_the_ogre_provokes_it(capsys) -> None:
    data = _query(capsys, "path", "karim", "6,8", "7,7", "7,6")
    assert [(p["by"], p["at"]) for p in data["provokes"]] == [("ogre", [7, 7])]
