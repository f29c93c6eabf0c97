"""Selection and reach frames leave no trace on screen: after an arrow-key move and back, a
drag called off with Esc, a drop and a drag back, or a click on an empty square, the pixels
the view shows (its window's backing store, what the GM sees, not a fresh render) are those
from before."""

from PySide6.QtCore import Qt

from ..conftest import make_encounter, make_session, send_mouse
from .test_map_template_repaint import shown

HERO = {"max_hp": 30, "ac": 16, "weapons": [{"name": "Glaive", "damage": "1d10",
                                             "reach_m": 3}]}
GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}


def arena():
    return make_session(make_encounter(cols=14, rows=10, tokens=[
        dict(id="hero", name="Aldric", side="party", col=4, row=4, hp=30, stats=HERO),
        dict(id="gob", name="Goblin", side="foe", col=9, row=4, hp=7, stats=GOBLIN),
    ]))


def click(view, x, y):
    send_mouse(view, "press", x, y)
    send_mouse(view, "release", x, y)


def drag(view, frm, *to):
    send_mouse(view, "press", *frm)
    for sq in to:
        send_mouse(view, "move", *sq)


def test_an_arrow_key_move_and_back_leaves_no_frame(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)
    assert view.selected_token_ids() == ["hero"]
    before = shown(view, qtbot)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert s.encounter.token("hero").col == 5
    moved = shown(view, qtbot)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert s.encounter.token("hero").col == 4
    after = shown(view, qtbot)
    assert moved != before
    assert after == before


def test_esc_during_a_drag_leaves_the_map_as_it_was(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)
    before = shown(view, qtbot)
    drag(view, (4.5, 4.5), (5.5, 4.5), (6.5, 5.5), (7.5, 6.5))
    during = shown(view, qtbot)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    send_mouse(view, "release", 7.5, 6.5)
    assert s.encounter.token("hero").col == 4
    after = shown(view, qtbot)
    assert during != before
    assert after == before


def test_a_drop_and_a_drag_back_leave_no_ghost_of_the_reach_frame(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)
    before = shown(view, qtbot)
    drag(view, (4.5, 4.5), (5.5, 4.5), (6.5, 5.5))
    send_mouse(view, "release", 6.5, 5.5)
    assert (s.encounter.token("hero").col, s.encounter.token("hero").row) == (6, 5)
    dropped = shown(view, qtbot)
    drag(view, (6.5, 5.5), (5.5, 4.5), (4.5, 4.5))
    send_mouse(view, "release", 4.5, 4.5)
    assert (s.encounter.token("hero").col, s.encounter.token("hero").row) == (4, 4)
    after = shown(view, qtbot)
    assert dropped != before
    assert after == before


def test_a_click_on_an_empty_square_takes_the_frames_away(map_view, qtbot):
    s = arena()
    view = map_view(s)
    before = shown(view, qtbot)
    click(view, 4.5, 4.5)
    selected = shown(view, qtbot)
    click(view, 1.5, 8.5)
    assert view.selected_token_ids() == []
    after = shown(view, qtbot)
    assert selected != before
    assert after == before
