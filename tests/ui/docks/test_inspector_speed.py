"""The inspector's speed is the one a drag is measured against: the rules' speed from the
token's stats, not the token-level `speed_m` of the file (the PMT demo's fighter read
"Vitesse 6 m" while his drag allowed 12 m)."""

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token

FIGHTER = {"max_hp": 18, "ac": 16, "attack_bonus": 1, "level": 3, "is_pc": True}


def test_the_inspector_shows_the_speed_the_drag_uses(window: Any) -> None:
    enc = Encounter(system="pmt", grid=Grid(cols=8, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="hugues", name="Hugues", side="party", col=1, row=1, speed_m=6.0,
              stats=FIGHTER)])
    window.set_session(Session(enc, seed=1))
    s = window.session
    window.select_token("hugues")
    preview = s.preview_move("hugues", [(2, 1)])
    assert preview.speed_m == 12.0  # 004 is silent: PMT's default, B/X 40' a round
    assert "Speed 12 m" in window.docks["inspector"].summary.text()
