"""Dragging a token follows the cheapest legal route to the square under the mouse, around
a wall the straight line runs into; Shift prefers fewest opportunity attacks and says what it
costs more; Space pins a waypoint, the route then its legs end to end."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from ..conftest import make_encounter, make_session, send_mouse

GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}
HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16},
        "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def walled_session():
    # A wall x = 4 from row 0 to row 5: from (2, 2) to (6, 2) the way is round its end.
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO, speed_m=30),
    ], walls=[dict(points=[(4, 0), (4, 5)])])
    return make_session(enc)


def test_a_drag_past_a_wall_takes_the_route_round_it_and_the_drop_moves_along_it(map_view):
    s = walled_session()
    view = map_view(s)
    move = view.controllers["move"]
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 6.5, 2.5)
    drawing = move.drawing
    # Round the wall's end at (4, 5): through row 5, never across x = 4 above it.
    assert drawing.legal and drawing.squares[-1] == (6, 2)
    assert any(r == 5 for _, r in drawing.squares)
    # dnd2024 counts every square 1.5 m: 3 to (3, 5), 1 past the wall's end (a step across
    # the end point itself is cut, §4.2), 3 up to (6, 2).
    assert drawing.cost_m == 10.5
    send_mouse(view, "release", 6.5, 2.5)
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (6, 2)


def test_space_pins_a_waypoint_and_the_route_goes_through_it(map_view):
    s = walled_session()
    view = map_view(s)
    move = view.controllers["move"]
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 1.5, 6.5)
    view.keyPressEvent(QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_Space,
                                 Qt.KeyboardModifier.NoModifier))
    assert move.via == [(1, 6)]
    send_mouse(view, "move", 2.5, 3.5)  # back up, through the waypoint
    drawing = move.drawing
    assert drawing.waypoints == [(1, 6)]
    assert drawing.squares[3] == (1, 6) and drawing.squares[-1] == (2, 3)
    assert drawing.cost_m == 10.5  # 4 squares there, 3 back
    send_mouse(view, "release", 2.5, 3.5)
    assert s.log.entries[-1].kind == "move"
    assert (s.encounter.token("hero").col, s.encounter.token("hero").row) == (2, 3)


def test_shift_prefers_the_route_with_fewest_attacks_and_says_what_it_costs_more(map_view):
    # dnd2024 (003): leaving a hostile creature's reach provokes. From (2, 2) to (6, 2) the
    # goblin at (4, 2) stands in the way; round it through its reach (rows 1–3) is 4 squares
    # and provokes on leaving it; round it out of its reach (row 0 or 4) is 6 squares.
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO, speed_m=30),
        dict(id="gob", name="Goblin", side="foe", col=4, row=2, stats=GOBLIN),
    ])
    s = make_session(enc)
    view = map_view(s)
    move = view.controllers["move"]
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 6.5, 2.5)
    assert [o.by_name for o in move.drawing.oas] == ["Goblin"]
    assert move.drawing.cost_m == 6.0
    send_mouse(view, "move", 6.5, 2.5, modifiers=Qt.KeyboardModifier.ShiftModifier)
    drawing = move.drawing
    assert drawing.oas == [] and drawing.squares[-1] == (6, 2)
    assert drawing.cost_m == 9.0
    assert drawing.label.endswith("fewest opportunity attacks: 0 instead of 1, 3 m more")
