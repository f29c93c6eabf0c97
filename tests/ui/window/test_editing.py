"""Editing through the engine, each edit one undo step: tokens from the bestiary or blank,
duplicate, walls/doors/windows drawn with snapping, terrain painted, doors toggled, grid size."""

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from battlemap.model import WallKind
from battlemap.ui.dialogs.add_token_dialog import AddTokenDialog
from battlemap.ui.dialogs.bestiary import load_bestiary
from battlemap.ui.dialogs.grid_dialog import GridDialog

PX = 64


def _click(window: Any, x: float, y: float, double: bool = False) -> None:
    """A click at a point in grid units, through the map's viewport."""
    view = window.map_view
    pos = view.mapFromScene(x * PX, y * PX)
    vp = view.viewport()
    if double:
        QTest.mouseDClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    else:
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def _top_left(window: Any) -> None:
    view = window.map_view
    view.resetTransform()
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum())
    view.verticalScrollBar().setValue(view.verticalScrollBar().minimum())


def test_add_token_from_the_bestiary(window: Any) -> None:
    s = window.session
    entries = load_bestiary("dnd2024")
    assert entries, "assets/statblocks/dnd2024.json holds our own stat blocks"
    dlg = AddTokenDialog("dnd2024", window)
    dlg.list.setCurrentRow(1)
    token = window.editing.add_token(dlg)
    assert token is not None and token.name == entries[0]["name"]
    assert s.token(token.id).stats == entries[0]["stats"]
    assert window.selected_token == token.id
    assert not set(token.squares()) & {sq for t in s.encounter.tokens if t.id != token.id
                                       for sq in t.squares()}
    s.undo()
    assert token.id not in {t.id for t in s.encounter.tokens}


def test_add_blank_token_and_duplicate(window: Any) -> None:
    s = window.session
    dlg = AddTokenDialog("dnd2024", window)
    dlg.list.setCurrentRow(0)
    dlg.name.setText("Torche")
    blank = window.editing.add_token(dlg)
    assert blank.stats is None and blank.name == "Torche"
    window.select_token("ghoul")
    copy = window.editing.duplicate_token()
    assert copy.id != "ghoul" and copy.stats == s.token("ghoul").stats
    assert (copy.col, copy.row) != (s.token("ghoul").col, s.token("ghoul").row)
    n = len(s.encounter.tokens)
    s.undo()
    assert len(s.encounter.tokens) == n - 1


def test_draw_a_wall_snaps_to_intersections(window: Any) -> None:
    s = window.session
    _top_left(window)
    n = len(s.encounter.walls)
    window.actions_by_name["draw_wall"].setChecked(True)
    _click(window, 1.1, 0.9)
    _click(window, 3.8, 1.2)
    _click(window, 3.9, 4.1, double=True)
    assert len(s.encounter.walls) == n + 1
    wall = s.encounter.walls[-1]
    assert wall.kind is WallKind.WALL and wall.points[:2] == [(1.0, 1.0), (4.0, 1.0)]
    assert wall.points[-1] == (4.0, 4.0)
    s.undo()
    assert len(s.encounter.walls) == n


def test_draw_a_door_then_open_it_by_clicking(window: Any) -> None:
    s = window.session
    _top_left(window)
    window.actions_by_name["draw_door"].setChecked(True)
    _click(window, 2, 6)
    _click(window, 3, 6, double=True)
    index = len(s.encounter.walls) - 1
    assert s.encounter.walls[index].kind is WallKind.DOOR
    window.actions_by_name["toggle_doors"].setChecked(True)
    assert not window.actions_by_name["draw_door"].isChecked()
    _click(window, 2.5, 6.1)
    assert s.encounter.walls[index].open is True
    s.undo()
    assert s.encounter.walls[index].open is False


def test_paint_terrain_by_drag_is_one_undo_step(window: Any) -> None:
    s = window.session
    _top_left(window)
    before = s.encounter.difficult_squares()
    window.actions_by_name["paint_terrain"].setChecked(True)
    vp = window.map_view.viewport()
    start = window.map_view.mapFromScene(1.5 * PX, 6.5 * PX)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for col in (2, 3):
        p = window.map_view.mapFromScene((col + 0.5) * PX, 6.5 * PX)
        QTest.mouseMove(vp, p)
    end = window.map_view.mapFromScene(3.5 * PX, 6.5 * PX)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert s.encounter.difficult_squares() == before | {(1, 6), (2, 6), (3, 6)}
    s.undo()
    assert s.encounter.difficult_squares() == before


def test_grid_size_through_the_engine(window: Any) -> None:
    s = window.session
    dlg = GridDialog(12, 8, window)
    dlg.cols.setValue(20)
    dlg.rows.setValue(15)
    assert "30 m × 22.5 m" in dlg.metres.text()
    window.editing.grid_size(dlg)
    assert (s.encounter.grid.cols, s.encounter.grid.rows) == (20, 15)
    shrink = GridDialog(20, 15, window)
    shrink.cols.setValue(4)  # the ogre stands at column 8: the engine refuses
    window.editing.grid_size(shrink)
    assert s.encounter.grid.cols == 20
    assert window.statusBar().currentMessage()
    s.undo()
    assert (s.encounter.grid.cols, s.encounter.grid.rows) == (12, 8)


def test_unused_point_is_harmless(window: Any) -> None:
    """One click then switching tools leaves no wall (a wall needs two points)."""
    s = window.session
    _top_left(window)
    n = len(s.encounter.walls)
    window.actions_by_name["draw_window"].setChecked(True)
    _click(window, 5, 5)
    window.actions_by_name["draw_window"].setChecked(False)
    assert len(s.encounter.walls) == n and not s.can_undo


def test_escape_disarms_an_edit_tool_and_drops_its_unfinished_wall(window: Any) -> None:
    # Walkthrough: with "Draw walls" or "Open or close doors" on, Escape did nothing: the
    # tool stayed armed (the map's own tools got no clicks) and the half-drawn wall stayed.
    s = window.session
    _top_left(window)
    n = len(s.encounter.walls)
    window.actions_by_name["draw_wall"].setChecked(True)
    _click(window, 1, 1)
    _click(window, 4, 1)
    QTest.keyClick(window.map_view, Qt.Key.Key_Escape)
    assert not window.actions_by_name["draw_wall"].isChecked()
    assert window.editing.tool is None
    assert len(s.encounter.walls) == n  # cancelled, not drawn
    window.actions_by_name["toggle_doors"].setChecked(True)
    QTest.keyClick(window.map_view, Qt.Key.Key_Escape)
    assert not window.actions_by_name["toggle_doors"].isChecked()
    # The map's tools have their clicks back: a click selects a token.
    _click(window, 5.5, 2.5)
    assert window.selected_token == "ghoul"


def test_tab_picks_the_attack_target_in_the_whole_window(window: Any) -> None:
    # Walkthrough: in the GM window (not the map alone) Tab moved the focus to the toolbar's
    # Overlays button, so "Tab picks a target" (README "Keyboard") never reached the map.
    view = window.map_view
    window.select_token("hero")
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_A)
    assert view.controllers["attack"].targeting
    QTest.keyClick(view, Qt.Key.Key_Tab)
    assert view.controllers["attack"].target == "ghoul"  # the first foe
    assert view.hasFocus()
    QTest.keyClick(view, Qt.Key.Key_Escape)


def test_a_move_can_be_declared_a_step_withdraw_charge_or_run(window: Any) -> None:
    # Walkthrough: a drag was always a normal move, so stepping back from a foe always asked
    # for its opportunity attack, though a 3.5 step (000 "Attaques d'opportunité": "le pas de
    # 1,5 m … ne provoque pas") or a 2024 Disengage (RULES.md §2) does not provoke. The map's
    # "Next move" menu sets the kind of the next move, which the engine already rules on;
    # it goes back to a normal move once moved.
    s = window.session
    view = window.map_view
    asked: list[Any] = []
    view.controllers["move"].ask_oa = lambda provokes, names: asked.append(provokes) or None
    s.move("hero", [(2, 1), (3, 1), (4, 1)], oa="skip")  # beside the ghoul at (5, 2)
    withdraw = next(a for a in view.actions() if a.objectName() == "map.move.withdraw")
    withdraw.trigger()
    assert window.move_kind_button.text() == "Next move: Disengage"
    view.controllers["move"].preview("hero", [(3, 1)])
    view.controllers["move"].commit("hero", [(3, 1)])
    assert asked == [] and (s.token("hero").col, s.token("hero").row) == (3, 1)
    assert s.log.entries[-1].said("en").endswith("(Disengage)")
    assert window.move_kind_button.text() == "Next move: Move"
    assert view.controllers["move"].kind == "normal"
    s.undo()  # its own undo step, not folded into the move before it
    assert (s.token("hero").col, s.token("hero").row) == (4, 1)


def test_one_tool_in_hand_between_edit_tools_templates_and_aiming(window: Any) -> None:
    # Walkthrough: with Sphere armed, taking "Draw walls" left the sphere armed as well;
    # once Escape put the wall tool down, the next click dropped a sphere on the map. And
    # aiming an attack (A) then taking Cone left the aim on.
    view = window.map_view
    acts = {a.objectName(): a for a in view.actions()}
    acts["map.template.sphere"].trigger()
    window.actions_by_name["draw_wall"].trigger()
    assert not acts["map.template.sphere"].isChecked()
    assert view.controllers["template"].armed is None and window.editing.tool is not None
    acts["map.template.cone"].trigger()
    assert not window.actions_by_name["draw_wall"].isChecked() and window.editing.tool is None
    acts["map.template.cone"].trigger()  # put down
    window.select_token("hero")
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_A)
    assert view.controllers["attack"].targeting
    acts["map.template.cone"].trigger()
    assert not view.controllers["attack"].targeting
    window.actions_by_name["draw_wall"].trigger()
    assert not acts["map.template.cone"].isChecked()


def test_the_next_move_button_reads_as_such_in_french(window: Any) -> None:
    # « Déplacement: Déplacement » in the D&D 2024 window (the button's word and 2024's own
    # word for a plain move): the button says which move comes next.
    window.set_language("fr")
    try:
        assert window.move_kind_button.text() == "Prochain déplacement : Déplacement"
        withdraw = next(a for a in window.map_view.actions()
                        if a.objectName() == "map.move.withdraw")
        withdraw.trigger()
        assert window.move_kind_button.text() == "Prochain déplacement : Se désengager"
    finally:
        window.set_language("en")
