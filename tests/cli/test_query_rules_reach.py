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


def test_query_path_and_route_use_a_35_pike_s_ring(capsys, tmp_path: Path) -> None:
    # A pikeman's only weapon reaches 3 m: it threatens the ring two squares away and not the
    # squares beside it (the 3.5 rule, SRD "Reach Weapons"; 000 "Attaques d'opportunité":
    # leaving a threatened square provokes). Ana, beside it, steps out to (7,5) unprovoked,
    # then leaving (7,5) provokes.
    enc = {"format": "battlemap-encounter", "version": 1, "system": "breche35",
           "grid": {"cols": 12, "rows": 12},
           "tokens": [{"id": "pike", "name": "Pikeman", "side": "foe", "col": 5, "row": 5,
                       "stats": {"weapons": [{"name": "Pike", "reach_m": 3.0}]}},
                      {"id": "ana", "name": "Ana", "side": "party", "col": 6, "row": 5}]}
    path = tmp_path / "pike.json"
    path.write_text(json.dumps(enc))

    def ask(*argv: str) -> dict:
        assert main(["query", str(path), *argv]) == 0
        return json.loads(capsys.readouterr().out)

    ring = {tuple(s) for s in ask("threatened", "pike")["squares"]}
    assert len(ring) == 16 and (6, 5) not in ring and (7, 7) in ring
    assert ask("path", "ana", "7,5")["provokes"] == []
    assert [(p["by"], p["at"]) for p in ask("path", "ana", "7,5", "8,5")["provokes"]] == [
        ("pike", [7, 5])]
    # Round it, beside it all the way: no attack, with or without --avoid-oa.
    assert ask("route", "ana", "4,5")["provokes"] == []
    assert ask("route", "ana", "4,5", "--avoid-oa")["provokes"] == []
