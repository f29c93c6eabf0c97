"""Fixtures of the engine tests; the builders are in tests/helpers/engine.py."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.engine import Session
from battlemap.model import Wall
from tests.helpers.engine import encounter, tok, toy_session
from tests.helpers.workspace import isolate_data_dir


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves of every test go to its own temporary folder."""
    isolate_data_dir(tmp_path, monkeypatch)


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
