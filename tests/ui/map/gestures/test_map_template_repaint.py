"""A template removed leaves no trace on screen: the pixels the view shows (its window's
backing store, what the GM sees, not a fresh render) are those from before it was placed."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ..conftest import make_encounter, make_session, send_mouse

GOBLIN = {"max_hp": 7, "ac": 15, "abilities": {"dex": 14},
          "weapons": [{"name": "Scimitar", "damage": "1d6"}]}


def arena():
    enc = make_encounter(cols=14, rows=10, tokens=[
        dict(id="gob", name="Goblin", side="foe", col=6, row=4, hp=7, stats=GOBLIN),
    ])
    return make_session(enc)


def shown(view, qtbot):
    """The viewport's pixels as last painted: only the regions Qt was told to repaint
    change, so a region left out keeps a removed shape."""
    qtbot.wait(30)
    QApplication.processEvents()
    top, vp = view.window(), view.viewport()
    at = vp.mapTo(top, vp.rect().topLeft())
    return top.screen().grabWindow(top.winId(), at.x(), at.y(), vp.width(),
                                   vp.height()).toImage()


def place(view, shape, frm, to):
    next(a for a in view.actions() if a.objectName() == f"map.template.{shape}").trigger()
    send_mouse(view, "press", *frm)
    send_mouse(view, "move", *to)
    send_mouse(view, "release", *to)


def placed_and_removed(view, qtbot, shape, remove):
    """The pixels before placing, after placing and after `remove`."""
    before = shown(view, qtbot)
    place(view, shape, (5.0, 4.0), (8.0, 4.0))
    placed = shown(view, qtbot)
    remove()
    after = shown(view, qtbot)
    return before, placed, after


def test_a_sphere_deleted_leaves_the_map_as_it_was(map_view, qtbot):
    s = arena()
    view = map_view(s)
    before, placed, after = placed_and_removed(
        view, qtbot, "sphere", lambda: qtbot.keyClick(view, Qt.Key.Key_Delete))
    assert not s.encounter.templates
    assert placed != before  # the shape and the goblin's hit ring were drawn
    assert after == before


def test_a_cone_removed_from_its_bar_leaves_the_map_as_it_was(map_view, qtbot):
    s = arena()
    view = map_view(s)
    bar = view.controllers["template"].bar
    before, placed, after = placed_and_removed(
        view, qtbot, "cone", lambda: qtbot.mouseClick(bar.remove, Qt.MouseButton.LeftButton))
    assert not s.encounter.templates
    assert placed != before
    assert after == before


def test_a_placement_undone_leaves_the_map_as_it_was(map_view, qtbot):
    s = arena()
    view = map_view(s)
    before, placed, after = placed_and_removed(view, qtbot, "sphere", s.undo)
    assert not s.encounter.templates
    assert placed != before
    assert after == before
