"""Encounters built in code for the scenarios that drive the engine's Session: tokens by
id and square, a breche35 room by default, and a session on the toy system."""

from __future__ import annotations

from typing import Any

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
