"""Encounter builders for engine tests."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token, Wall
from tests.helpers.toy_system import TOY


def tok(id: str, col: int, row: int, side: str = "foe", **kw: Any) -> Token:
    return Token(id=id, name=kw.pop("name", id.capitalize()), side=side, col=col, row=row, **kw)


def encounter(tokens: list[Token], walls: list[Wall] | None = None, system: str = "breche35",
              cols: int = 12, rows: int = 10) -> Encounter:
    return Encounter(system=system, grid=Grid(cols=cols, rows=rows), tokens=tokens,
                     walls=walls or [])


def toy_session(enc: Encounter, seed: int = 7) -> Session:
    return Session(enc, seed=seed, system=TOY)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves of every test go to its own temporary folder."""
    monkeypatch.setenv("BATTLEMAP_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def skirmish() -> Session:
    """Two fighters and a goblin archer in a room with a door."""
    enc = encounter(
        [tok("ana", 1, 1, "party", stats={"max_hp": 12, "ac": 14, "attack": 4, "init": 2}),
         tok("bo", 2, 4, "party", stats={"max_hp": 10, "ac": 13}),
         tok("gob", 3, 1, stats={"max_hp": 6, "ac": 12, "weapons": [
             {"name": "dagger"}, {"name": "bow", "kind": "ranged", "range_m": 9.0}]})],
        walls=[Wall(points=[(6, 0), (6, 3)]), Wall(points=[(6, 3), (6, 4)], kind="door")])
    return toy_session(enc)
