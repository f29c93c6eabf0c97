"""The initiative dock's turn flow: a new turn selects its creature and the map rings it and
scrolls to it; a creature waits out of the order by its system's rule and comes back with
"Act now"; a system without such a rule says why on the greyed button."""

from typing import Any

from battlemap.ui.map.drawing.items.turn_ring import ring_box
from tests.ui.conftest import DEMOS


def _demo_window(qtbot: Any, demo: str) -> Any:
    from battlemap.engine import Session
    from battlemap.io import load_encounter
    from battlemap.ui.window.main_window import MainWindow

    w = MainWindow(Session(load_encounter(DEMOS / demo), seed=1))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitUntil(lambda: all(d.built for d in w.docks.values()), timeout=20000)
    w.files.confirm_discard = lambda: True
    return w


def test_next_turn_selects_rings_and_scrolls_to_the_acting_creature(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    view = window.map_view
    dock.roll()
    ring = view.map_scene.turn_ring
    assert ring.token_id == s.current_token_id
    view.resetTransform()
    view.scale(4, 4)  # zoomed in: most of the map is off screen
    view.centerOn(0, 0)
    for _ in range(len(s.order)):
        dock.next_turn()
        cur = s.current_token_id
        assert window.selected_token == cur and view.selected_token_ids() == [cur]
        box = ring_box(view.map_scene.tokens[cur])
        assert ring.token_id == cur and ring.sceneBoundingRect().contains(box)
        assert view.visibleSceneRect().contains(box.center())  # scrolled to it


def test_the_ring_follows_undo(window: Any) -> None:
    s = window.session
    dock = window.docks["initiative"]
    dock.roll()
    first = s.current_token_id
    dock.next_turn()
    s.undo()
    assert window.map_view.map_scene.ringed_token == first
    s.undo()  # out of combat: no ring
    assert window.map_view.map_scene.ringed_token is None


def test_a_system_without_a_wait_rule_greys_the_button_and_says_why(window: Any) -> None:
    dock = window.docks["initiative"]
    dock.roll()
    wait = dock.buttons["delay"]
    assert not wait.isEnabled()
    assert wait.toolTip().startswith("D&D 2024 has no rule for waiting to act later")


def test_delay_and_act_now_in_breche(qtbot: Any) -> None:
    w = _demo_window(qtbot, "breche35-entrepot-pigalle.json")
    s = w.session
    dock = w.docks["initiative"]
    dock.roll()
    wait = dock.buttons["delay"]
    assert wait.isEnabled() and wait.text() == "Delay"
    first = s.current_token_id
    dock.delay()
    assert first not in s.order and dock.waiting_box.isVisible()
    row = dock.waiting.item(0)
    assert row.text().startswith("‖") and s.token(first).name in row.text()
    assert w.selected_token == s.current_token_id != first
    dock.next_turn()
    dock.act_now()
    assert s.current_token_id == first and w.selected_token == first
    assert not dock.waiting_box.isVisible()
    assert dock.order.item(s.order.index(first)).font().bold()
    s.undo()
    assert dock.waiting_box.isVisible() and dock.waiting.count() == 1
    w.close()


def test_the_wait_button_says_the_2bis_word(qtbot: Any) -> None:
    w = _demo_window(qtbot, "adnd2bis-repaire-ogre.json")
    dock = w.docks["initiative"]
    dock.roll()
    assert dock.buttons["delay"].text() == "Hold action"
    assert "001_dd346e63a171f715.txt" in dock.buttons["delay"].toolTip()
    w.close()


def test_the_options_dock_keeps_defeated_creatures_turns(window: Any) -> None:
    s = window.session
    box = window.docks["options"].editors["keep_defeated"]
    assert box.currentData() is None  # skipped unless the GM keeps them
    box.setCurrentIndex(box.findData(True))
    box.activated.emit(box.currentIndex())
    assert s.encounter.options.keep_defeated is True
    s.roll_initiative()
    second = s.order[1]
    s.add_condition(second, "dead")
    assert s.next_turn() == second
