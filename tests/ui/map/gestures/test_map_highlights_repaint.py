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


def there_and_back(view, qtbot, go, back):
    """The pixels before `go`, between `go` and `back`, and after `back`."""
    before = shown(view, qtbot)
    go()
    between = shown(view, qtbot)
    back()
    return before, between, shown(view, qtbot)


def hero_at(s):
    hero = s.encounter.token("hero")
    return (hero.col, hero.row)


def test_an_arrow_key_move_and_back_leaves_no_frame(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)
    assert view.selected_token_ids() == ["hero"]
    before, moved, after = there_and_back(
        view, qtbot, lambda: qtbot.keyClick(view, Qt.Key.Key_Right),
        lambda: qtbot.keyClick(view, Qt.Key.Key_Left))
    assert hero_at(s) == (4, 4)
    assert moved != before
    assert after == before


def test_esc_during_a_drag_leaves_the_map_as_it_was(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)

    def esc_and_release():
        qtbot.keyClick(view, Qt.Key.Key_Escape)
        send_mouse(view, "release", 7.5, 6.5)

    before, during, after = there_and_back(
        view, qtbot, lambda: drag(view, (4.5, 4.5), (5.5, 4.5), (6.5, 5.5), (7.5, 6.5)),
        esc_and_release)
    assert hero_at(s) == (4, 4)
    assert during != before
    assert after == before


def test_a_drop_and_a_drag_back_leave_no_ghost_of_the_reach_frame(map_view, qtbot):
    s = arena()
    view = map_view(s)
    click(view, 4.5, 4.5)

    def move(*squares):
        drag(view, *squares)
        send_mouse(view, "release", *squares[-1])
        assert hero_at(s) == tuple(int(v) for v in squares[-1])  # dropped there

    before, dropped, after = there_and_back(
        view, qtbot, lambda: move((4.5, 4.5), (5.5, 4.5), (6.5, 5.5)),
        lambda: move((6.5, 5.5), (5.5, 4.5), (4.5, 4.5)))
    assert dropped != before
    assert after == before


def test_a_click_on_an_empty_square_takes_the_frames_away(map_view, qtbot):
    s = arena()
    view = map_view(s)
    before, selected, after = there_and_back(
        view, qtbot, lambda: click(view, 4.5, 4.5), lambda: click(view, 1.5, 8.5))
    assert view.selected_token_ids() == []
    assert selected != before
    assert after == before
