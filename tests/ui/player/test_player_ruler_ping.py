"""The players' window shows the GM's ruler only when the GM lets it (View ▸ Ruler on the
players' window), and every ping of the GM's, even on a square the party cannot see: both
windows ring it for a few seconds, then it goes by itself."""

from typing import Any

from PySide6.QtGui import QAction

from battlemap.ui.map.drawing.fog import FOG
from battlemap.ui.map.drawing.overlays.ping import PingItem

from ..map.conftest import drag, send_mouse
from .test_player_window import _pixel


def _pings(view: Any) -> list[PingItem]:
    return [i for i in view.map_scene.items() if isinstance(i, PingItem)]


def test_the_players_see_the_ruler_only_when_the_gm_shows_it(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    player = window.player
    gm = window.map_view
    gm.findChild(QAction, "map.ruler").setChecked(True)
    drag(gm, [(1.5, 5.5), (4.5, 5.5)])
    drag(gm, [(4.5, 6.5)])
    ruler = gm.controllers["ruler"]
    assert ruler.item.text == "4.5 m + 1.5 m = 6 m"  # crypt is dnd2024: 1.5 m a square
    assert player.ruler_item.measure is None  # off unless the GM says so
    window.actions_by_name["players_ruler"].setChecked(True)
    assert player.ruler_item.measure == ruler.measure
    assert player.ruler_item.text == "4.5 m + 1.5 m = 6 m"
    drag(gm, [(6.5, 6.5)])  # the players follow the measure as it grows
    assert player.ruler_item.measure.points[-1] == (6, 6)
    assert player.ruler_item.zValue() < player.view.fog.zValue()  # never over the fog
    window.actions_by_name["players_ruler"].setChecked(False)
    assert player.ruler_item.measure is None
    player.close()


def test_a_long_click_pings_both_windows_even_under_the_fog_and_the_ping_goes(
        window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    player = window.player
    qtbot.waitExposed(player)
    gm = window.map_view
    assert _pixel(player.view, 11.5, 0.5) == FOG  # the far room: the party sees nothing there
    send_mouse(gm, "press", 11.5, 0.5)  # held still on an empty square
    qtbot.waitUntil(lambda: bool(_pings(gm) and _pings(player.view)), timeout=20000)
    send_mouse(gm, "release", 11.5, 0.5)
    assert [p.square for p in _pings(gm)] == [(11, 0)] == [p.square for p in _pings(player.view)]
    player.view.viewport().repaint()
    assert _pixel(player.view, 11.5, 0.5) != FOG  # the GM's ping shows through the fog
    qtbot.waitUntil(lambda: not _pings(gm) and not _pings(player.view), timeout=20000)
    player.close()


def test_a_press_that_moves_or_lands_on_a_token_is_no_ping(window: Any) -> None:
    gm = window.map_view
    ping = gm.controllers["ping"]
    send_mouse(gm, "press", 10.5, 6.5)
    assert ping._timer.isActive()  # a long click under way
    send_mouse(gm, "move", 11.5, 6.5)  # moved: a rubber band, not a ping
    assert not ping._timer.isActive()
    send_mouse(gm, "release", 11.5, 6.5)
    send_mouse(gm, "press", 1.5, 1.5)  # Aelis: the press is her drag
    ping._long_press()  # the long click's time comes
    assert _pings(gm) == []
    send_mouse(gm, "release", 1.5, 1.5)


def test_p_pings_at_the_mouse(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    gm = window.map_view
    gm.findChild(QAction, "map.ping").trigger()  # `P`; the mouse is off the map: its centre
    assert len(_pings(gm)) == 1 and len(_pings(window.player.view)) == 1
    assert gm.findChild(QAction, "map.ping").shortcut().toString() == "P"
    window.player.close()
