"""Fog of war recomputes only when what the party sees can change, once per burst of changes
(issue 9: 50 ms per recomputation with a party, so never on unrelated edits)."""

from PySide6.QtCore import QPointF

from battlemap.model import Wall
from battlemap.ui.map.units import PX
from tests.ui.map.gestures.test_map_keyboard_and_player import room


def test_a_foe_moving_or_losing_hp_does_not_recompute_the_fog(map_view, qtbot):
    s = room()
    view = map_view(s, role="player")
    view.set_fog(True)
    assert view.fog.computations == 1
    s.update_token("lurker", col=10, row=2)
    s.update_token("lurker", hp=3)
    s.update_token("hero", hp=12)  # a party token, but it did not move
    qtbot.wait(5)
    assert view.fog.computations == 1


def test_a_burst_of_party_moves_costs_one_recomputation(map_view, qtbot):
    s = room()
    view = map_view(s, role="player")
    view.set_fog(True)
    for col in (2, 3, 4):
        s.update_token("hero", col=col)
    assert view.fog.computations == 1  # nothing yet: the 0-ms timer has not fired
    qtbot.waitUntil(lambda: view.fog.computations == 2, timeout=2000)
    qtbot.wait(5)
    assert view.fog.computations == 2
    # The fog follows the last position: from (4, 1) the hero still sees nothing past x = 6.
    assert view.fog.fogged(QPointF(9.5 * PX, 1.5 * PX))


def test_a_new_wall_recomputes_and_asking_the_fog_is_never_stale(map_view):
    s = room()
    view = map_view(s, role="player")
    view.set_fog(True)
    assert not view.fog.fogged(QPointF(4.5 * PX, 1.5 * PX))
    s.add_wall(Wall(points=[(3, 0), (3, 8)]))
    # Read at once, before any event loop turn: the stale fog is brought up to date.
    assert view.fog.fogged(QPointF(4.5 * PX, 1.5 * PX))
    assert view.fog.computations == 2


def test_the_gm_view_never_computes_fog(map_view):
    s = room()
    view = map_view(s)
    view.set_fog(True)
    s.update_token("hero", col=3)
    assert view.fog is None
