"""Encounters built in code for the scenarios that drive the engine's Session: tokens by
id and square, a breche35 room by default, and a session on the toy system."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.engine import Session
from battlemap.io import load_encounter
from battlemap.model import Encounter, Grid, Token, Wall
from tests.helpers.breche35 import GANGER, MARA
from tests.helpers.toy_system import TOY

DEMOS = Path(__file__).resolve().parents[2] / "battlemap" / "assets" / "demo"


def tok(id: str, col: int, row: int, side: str = "foe", **kw: Any) -> Token:
    return Token(id=id, name=kw.pop("name", id.capitalize()), side=side, col=col, row=row, **kw)


def encounter(tokens: list[Token], walls: list[Wall] | None = None, system: str = "breche35",
              cols: int = 12, rows: int = 10) -> Encounter:
    return Encounter(system=system, grid=Grid(cols=cols, rows=rows), tokens=tokens,
                     walls=walls or [])


def toy_session(enc: Encounter, seed: int = 7) -> Session:
    return Session(enc, seed=seed, system=TOY)


def skeleton_at_3_hp() -> Session:
    """The 2024 crypt, Aude beside a skeleton left with 3 HP: a longsword hit of 1d8 + 3
    overkills it (the hit points stop at 0)."""
    enc = load_encounter(DEMOS / "dnd2024-crypt.json")
    enc.tokens = [t.model_copy(update={"col": 11, "row": 5}) if t.id == "guerriere"
                  else t.model_copy(update={"hp": 3}) if t.id == "squelette-1" else t
                  for t in enc.tokens]
    return Session(enc, seed=1)


def shot_into_melee() -> Session:
    """Brèche: Mara (Precise Shot) shoots at a ganger locked in melee with Karim."""
    enc = Encounter(system="breche35", grid=Grid(cols=10, rows=6), tokens=[
        Token(id="mara", name="Mara", side="party", col=1, row=2, stats=MARA),
        Token(id="karim", name="Karim", side="party", col=5, row=2, stats=MARA),
        Token(id="ganger", name="Voyou", side="foe", col=6, row=2, stats=GANGER)])
    return Session(enc, seed=1)
