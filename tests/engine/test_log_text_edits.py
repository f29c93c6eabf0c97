"""A GM's edit of a token is logged in words, in both languages: the French log read
"Orc archer modifié (hidden)" when the GM hid a creature from the players."""

from __future__ import annotations

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token


def _session() -> Session:
    return Session(Encounter(system="dnd2024", grid=Grid(cols=4, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="orc", name="Orc archer", side="foe", col=1, row=1)]), seed=1)


def test_hiding_and_showing_a_token_read_as_such() -> None:
    s = _session()
    s.update_token("orc", hidden=True)
    entry = s.log.entries[-1]
    assert entry.said("fr") == "Orc archer modifié (caché aux joueurs)"
    assert entry.said("en") == "Orc archer edited (hidden from the players)"
    s.update_token("orc", hidden=False)
    assert s.log.entries[-1].said("fr") == "Orc archer modifié (montré aux joueurs)"


def test_a_move_by_hand_and_a_rename_name_each_thing_once() -> None:
    s = _session()
    s.update_token("orc", col=2, row=2, name="Orc")
    assert s.log.entries[-1].said("fr") == "Orc archer modifié (position, nom)"
    assert s.log.entries[-1].details["fields"] == ["col", "name", "row"]


def test_a_door_or_window_opened_is_named_by_where_it_is() -> None:
    # The log read « Porte 4 ouverte » (its index in the file), for a window too.
    from battlemap.model import Wall

    s = Session(Encounter(system="dnd2024", grid=Grid(cols=12, rows=8), walls=[  # type: ignore[arg-type]
        Wall(points=[(10, 1), (10, 6)]), Wall(points=[(10, 6), (10, 7)], kind="door"),  # type: ignore[arg-type]
        Wall(points=[(4, 1), (6, 1)], kind="window")]), seed=1)  # type: ignore[arg-type]
    s.set_door(1, True)
    assert s.log.entries[-1].said("fr") == "Porte (10,6)–(10,7) ouverte"
    assert s.log.entries[-1].said("en") == "Door (10,6)–(10,7) opened"
    s.set_door(2, True)
    assert s.log.entries[-1].said("fr") == "Fenêtre (4,1)–(6,1) ouverte"
