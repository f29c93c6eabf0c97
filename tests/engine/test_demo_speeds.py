"""Each demo says one speed per creature: the token's `speed_m` (what the file shows) is the
speed the rules move it by (its stats' speed, which a drag is measured against). The PMT demo
gave its armoured fighter and cleric 6 m on the token but no speed in the stats, so PMT's
default (12 m, B/X 40' a round) let Hugues drag 12 m while his sheet said 6 m."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.engine import Session

DEMOS = sorted((Path(__file__).resolve().parents[2] / "assets" / "demo").glob("*.json"))


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_every_demo_creature_moves_by_the_speed_its_token_shows(path: Path) -> None:
    s = Session.open(path)
    assert {t.id: s.speed_m(t.id) for t in s.encounter.tokens} == {
        t.id: t.speed_m for t in s.encounter.tokens}


def test_the_pmt_fighter_in_armour_drags_6_m_not_12() -> None:
    s = Session.open(next(p for p in DEMOS if p.stem.startswith("pmt")))
    preview = s.preview_move("hugues", [(7, 6), (8, 6), (9, 6), (10, 6), (11, 6)])
    assert (preview.speed_m, preview.allowance_m, preview.path.cost_m) == (6.0, 6.0, 7.5)
    assert not preview.legal
