"""A foe that has made its opportunity attack this round is not marked again on the drag
path: the drop would not ask for it (one reaction a round, 2024 standard, RULES.md §2 "how
many opportunity attacks"). Before, the map showed "AO par Goblin" on the second move away
from the same goblin while the engine, rightly, rolled nothing."""

from __future__ import annotations

from battlemap.ui.map.drawing.overlays.path_drawing import drawing_from_preview

from ..conftest import make_encounter, make_session

GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}
HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16},
        "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def test_the_second_move_away_shows_no_spent_opportunity_attack() -> None:
    s = make_session(make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO),
        dict(id="gob", name="Goblin", side="foe", col=3, row=2, stats=GOBLIN),
    ]))
    s.roll_initiative(forced=[20, 1])  # the hero acts first
    assert s.turn_view().current == "hero"
    first = s.preview_move("hero", [(1, 2)])
    assert [p.by for p in first.provokes] == ["gob"]
    assert [m.by_id for m in drawing_from_preview(first, s.encounter).oas] == ["gob"]
    s.move("hero", [(2, 3)], oa="skip")  # stays beside the goblin: nothing provoked
    s.move("hero", [(1, 3)], oa="resolve", forced=[1])  # leaves its reach: it attacks, misses
    assert s.combatant("hero").hp == 30
    s.move("hero", [(2, 3)], oa="skip")  # back into its reach
    again = s.preview_move("hero", [(1, 3)])
    assert [p.by for p in again.path.provokes] == ["gob"]  # the path leaves its reach...
    assert again.provokes == []  # ...but its reaction is spent this round
    assert drawing_from_preview(again, s.encounter).oas == []
