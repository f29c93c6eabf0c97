"""The ruler: press-drag measures from square to square in metres by the system's metric
(docs/rules/README.md#geometry-by-system, "diagonal movement cost": 1-2-1-2 in Brèche and
AD&D 2bis, every square 1.5 m in D&D 2024 and PMT; the seeds are silent), Space or a click
adds a waypoint, Esc or a right-click puts it away, and the encounter never changes."""

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from battlemap.ui import i18n
from battlemap.ui.map.gestures.tools.ruler_tool import legs_m

from ..conftest import drag, make_encounter, make_session, send_mouse, vp_point

HERO = {"max_hp": 30, "ac": 16, "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def ruler_view(map_view, system="dnd2024"):
    enc = make_encounter(system=system, tokens=[
        dict(id="hero", name="Aldric", side="party", col=0, row=0, stats=HERO)])
    s = make_session(enc)
    view = map_view(s)
    view.findChild(type(view.actions()[0]), "map.ruler").setChecked(True)
    return s, view, view.controllers["ruler"]


def space(view):
    view.keyPressEvent(QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_Space,
                                 Qt.KeyboardModifier.NoModifier))


def test_legs_carry_the_diagonal_count_across_waypoints():
    # 1-2-1-2: one diagonal then another through a waypoint: 1.5 m, then 3 m (the second).
    assert legs_m([(0, 0), (1, 1), (2, 2)], "d35") == (1.5, 3.0)
    # Every square 1.5 m: the same legs, 1.5 m each.
    assert legs_m([(0, 0), (1, 1), (2, 2)], "chebyshev") == (1.5, 1.5)
    # (3, 2) from the start: 3 squares + 1 for the second diagonal = 6 m; 3 straight = 4.5 m.
    assert legs_m([(0, 0), (3, 2), (3, 5)], "d35") == (6.0, 4.5)


@pytest.mark.parametrize(("system", "metres"), [
    ("breche35", 6.0), ("adnd2bis", 6.0), ("dnd2024", 4.5), ("pmt", 4.5)])
def test_a_drag_measures_by_the_systems_metric(map_view, system, metres):
    s, view, ruler = ruler_view(map_view, system)
    # (2, 2) to (5, 4): 3 across, 2 down: 2 diagonals and 1 straight.
    drag(view, [(2.5, 2.5), (4.5, 3.5), (5.5, 4.5)])
    assert ruler.measure.points == ((2, 2), (5, 4))
    assert ruler.measure.legs == (metres,)
    assert ruler.item.text == f"{metres:g} m"


def test_space_and_clicks_add_waypoints_and_the_label_says_each_leg_and_the_total(map_view):
    s, view, ruler = ruler_view(map_view, "breche35")
    send_mouse(view, "press", 1.5, 1.5)
    send_mouse(view, "move", 4.5, 1.5)
    space(view)  # (4, 1) pinned
    send_mouse(view, "move", 5.5, 2.5)
    send_mouse(view, "release", 5.5, 2.5)
    assert ruler.measure.points == ((1, 1), (4, 1), (5, 2))
    assert ruler.measure.legs == (4.5, 1.5)
    drag(view, [(5.5, 5.5)])  # a click: one more waypoint, 3 squares straight down
    assert ruler.measure.points == ((1, 1), (4, 1), (5, 2), (5, 5))
    assert ruler.item.text == "4.5 m + 1.5 m + 4.5 m = 10.5 m"
    i18n.set_language("fr")
    view.set_language("fr")
    assert ruler.item.text == "4,5 m + 1,5 m + 4,5 m = 10,5 m"


def test_a_second_diagonal_after_a_waypoint_costs_double_under_1_2_1_2(map_view):
    s, view, ruler = ruler_view(map_view, "adnd2bis")
    drag(view, [(0.5, 4.5), (1.5, 5.5)])
    drag(view, [(2.5, 6.5)])
    assert ruler.measure.legs == (1.5, 3.0)
    assert ruler.item.text == "1.5 m + 3 m = 4.5 m"


def test_esc_and_a_right_click_put_the_measure_away_and_nothing_changes(map_view, qtbot):
    s, view, ruler = ruler_view(map_view)
    before = (s.encounter.model_dump_json(), s.can_undo, s.dirty, len(s.log.entries))
    send_mouse(view, "press", 1.5, 1.5)
    send_mouse(view, "move", 3.5, 1.5)
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # during the drag
    assert ruler.measure is None and ruler.item.text == ""
    send_mouse(view, "release", 3.5, 1.5)
    assert ruler.measure is None
    drag(view, [(1.5, 1.5), (3.5, 3.5)])
    assert ruler.measure.legs == (3.0,)
    pos = QPointF(vp_point(view, 2.5, 2.5))
    QApplication.sendEvent(view.viewport(), QMouseEvent(
        QEvent.Type.MouseButtonPress, pos, QPointF(view.viewport().mapToGlobal(pos.toPoint())),
        Qt.MouseButton.RightButton, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier))
    assert ruler.measure is None
    drag(view, [(0.5, 0.5), (4.5, 0.5)])  # from the token's square: measured, not moved
    assert ruler.measure.legs == (6.0,)
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # after the drag
    assert ruler.measure is None
    assert (s.encounter.model_dump_json(), s.can_undo, s.dirty, len(s.log.entries)) == before
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # nothing measured: the ruler goes down
    assert not ruler.armed


def test_the_ruler_is_in_the_toolbar_and_l_takes_it_up(window, qtbot):
    act = window.map_view.findChild(type(window.map_view.actions()[0]), "map.ruler")
    assert act in window.map_toolbar.actions()
    assert act.shortcut().toString() == "L"
    window.map_view.setFocus()
    qtbot.keyClick(window.map_view, Qt.Key.Key_L)
    assert act.isChecked() and window.map_view.controllers["ruler"].armed


def test_a_template_shape_taken_up_puts_the_ruler_down(map_view):
    s, view, ruler = ruler_view(map_view)
    cone = view.findChild(type(view.actions()[0]), "map.template.cone")
    cone.trigger()
    assert not ruler.armed and view.controllers["template"].armed is not None
    assert view.dragMode() == view.DragMode.NoDrag  # the shape's drag, not a rubber band
    drag(view, [(2.5, 2.5), (5.5, 2.5)])
    assert ruler.measure is None and s.encounter.templates  # the drag placed the cone
