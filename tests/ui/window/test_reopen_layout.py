"""Opening another encounter keeps the window's layout: the new map takes the old one's
room. Before, the docks took the room while the map widget was swapped, and the new map
showed as a strip 70 px wide between two docks of ~760 px."""

from __future__ import annotations

from typing import Any

from battlemap.engine import Session
from tests.ui.conftest import crypt


def _widths(window: Any) -> tuple[int, int, int]:
    return (window.map_view.width(), window.docks["initiative"].width(),
            window.docks["inspector"].width())


def test_the_next_encounter_gets_the_same_room(window: Any, qtbot: Any) -> None:
    window.select_token("hero")
    before = _widths(window)
    assert before[0] > 500
    assert window.set_session(Session(crypt(), seed=4))
    qtbot.wait(50)
    after = _widths(window)
    assert all(abs(a - b) <= 2 for a, b in zip(after, before, strict=True)), (before, after)


def test_the_next_encounter_shows_all_of_its_map(window: Any, qtbot: Any) -> None:
    """The new map was fitted to its viewport while the window laid it out (100 px wide)
    and stayed zoomed out at 60 m a bar; it now fits again as long as the GM has not
    zoomed, so the whole map fills its room."""
    assert window.set_session(Session(crypt(), seed=4))
    qtbot.wait(50)
    view = window.map_view
    grid = view.mapFromScene(view.map_scene.grid_rect()).boundingRect()
    room = view.viewport().rect()
    assert room.contains(grid)
    assert grid.width() > 0.8 * room.width() or grid.height() > 0.8 * room.height()
    view.zoom_in()  # the GM's own zoom stays through a resize
    zoom = view.zoom()
    window.resize(1300, 850)
    qtbot.wait(50)
    assert view.zoom() == zoom
