"""Dragging a token with real mouse events: live ruling from session.preview_move, the
opportunity-attack marker on the square being left, one undoable move on drop."""

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel

from battlemap.ui.map.panels.oa_dialog import OADialog

from ..conftest import make_encounter, make_session, send_mouse

GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}
HERO = {"max_hp": 30, "ac": 16, "abilities": {"str": 16},
        "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def duel_session(wall_to: int = 6):
    # docs/architecture.md#opportunity-attacks / docs/rules/README.md#geometry-by-system: dnd2024 provokes when leaving a hostile creature's reach.
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=2, row=2, stats=HERO),
        dict(id="gob", name="Goblin", side="foe", col=3, row=2, stats=GOBLIN),
    ], walls=[dict(points=[(0, 4), (wall_to, 4)])])
    return make_session(enc)


class ClickingOA:
    """Stands in for the modal call: builds the real dialog, clicks one of its buttons."""

    def __init__(self, qtbot, button: str) -> None:
        self.qtbot, self.button = qtbot, button
        self.asked: list[tuple[str, tuple[int, int]]] = []

    def __call__(self, provokes, names):
        self.asked = [(p.by, tuple(p.at)) for p in provokes]
        dlg = OADialog(provokes, names)
        self.qtbot.addWidget(dlg)
        getattr(dlg, self.button).click()
        return dlg.choices


def test_drag_shows_the_oa_on_the_square_left_and_commits_one_undoable_move(map_view, qtbot):
    s = duel_session()
    view = map_view(s)
    move = view.controllers["move"]
    move.ask_oa = ClickingOA(qtbot, "skip_all")
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 1.5, 2.5)
    send_mouse(view, "move", 0.5, 2.5)
    drawing = move.drawing
    assert drawing.squares == [(1, 2), (0, 2)]
    assert [(m.at, m.by_name) for m in drawing.oas] == [((2, 2), "Goblin")]
    assert drawing.cost_m == 3.0 and drawing.allowance_m == 9.0
    assert drawing.label.startswith("3 / 9 m")
    log_before = len(s.log.entries)
    send_mouse(view, "release", 0.5, 2.5)
    assert move.ask_oa.asked == [("gob", (2, 2))]
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (0, 2)
    assert view.map_scene.tokens["hero"].pos().x() == 0
    assert move.drawing is None  # the preview is gone after the drop
    assert len(s.log.entries) == log_before + 1
    s.undo()
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (2, 2)
    assert not s.can_undo  # the whole drag was one step


def test_rolling_the_oa_resolves_it_in_the_same_undo_step(map_view, qtbot):
    s = duel_session()
    view = map_view(s)
    move = view.controllers["move"]
    move.ask_oa = ClickingOA(qtbot, "roll_all")
    log_before = len(s.log.entries)
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 1.5, 2.5)
    send_mouse(view, "release", 1.5, 2.5)
    new = s.log.entries[log_before:]
    assert [(e.kind, e.actor) for e in new] == [("opportunity_attack", "gob"), ("move", "hero")]
    s.undo()
    assert (s.encounter.token("hero").col, s.encounter.token("hero").hp) == (2, None)
    assert not s.can_undo


def test_oa_dialog_lets_the_gm_decide_per_enemy(qtbot):
    from battlemap.geometry import Provocation

    provs = [Provocation(by="a", at=(1, 1), step_index=0),
             Provocation(by="b", at=(2, 1), step_index=1)]
    dlg = OADialog(provs, {"a": "Orc", "b": "Ogre"})
    qtbot.addWidget(dlg)
    dlg.combos["b"].setCurrentIndex(1)  # skip the ogre's attack
    dlg.gm.click()
    assert dlg.choices == {"a": "resolve", "b": "skip"}


def test_illegal_step_is_red_with_its_reason_and_is_not_committed(map_view):
    # The wall along y = 4 crosses the whole grid: no route reaches (2, 4), so the drag
    # shows the straight line and its illegal step.
    s = duel_session(wall_to=12)
    view = map_view(s)
    move = view.controllers["move"]
    move.ask_override = lambda reason: False  # the GM declines to force it
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 2.5, 3.5)
    send_mouse(view, "move", 2.5, 4.5)  # through the wall along y = 4
    drawing = move.drawing
    bad = [st for st in drawing.steps if not st.legal]
    assert [st.to for st in bad] == [(2, 4)]
    assert bad[0].reason
    assert not drawing.legal
    send_mouse(view, "release", 2.5, 4.5)
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (2, 2)
    assert not s.can_undo


def test_arrow_key_moves_the_selected_token_through_the_same_checks(map_view, qtbot):
    s = duel_session()
    view = map_view(s)
    view.controllers["move"].ask_override = lambda reason: False
    view.select_token("hero")
    qtbot.keyClick(view, Qt.Key.Key_Up)
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (2, 1)  # still in the goblin's reach: no OA
    view.select_token("hero")
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)  # (2, 3)
    qtbot.keyClick(view, Qt.Key.Key_Down)  # (2, 4) is behind the wall: refused
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (2, 3)


def test_undo_redo_keys_go_through_the_engine(map_view, qtbot):
    s = duel_session()
    view = map_view(s)
    view.select_token("hero")
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert s.encounter.token("hero").row == 1
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert s.encounter.token("hero").row == 2
    assert view.map_scene.tokens["hero"].pos().y() == 2 * 64
    qtbot.keyClick(view, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert s.encounter.token("hero").row == 1
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert s.encounter.token("hero").row == 1
    assert view.map_scene.tokens["hero"].pos().y() == 1 * 64


def behind_a_wall(*more: dict) -> Any:
    """The hero at (1, 1); a goblin at (8, 1) behind the wall x = 5 from y = 0 to 3."""
    return make_session(make_encounter(cols=12, rows=8, tokens=[
        dict(id="hero", name="Aldric", side="party", col=1, row=1, stats=HERO),
        dict(id="gob", name="Goblin", side="foe", col=8, row=1, stats=GOBLIN), *more,
    ], walls=[dict(points=[(5, 0), (5, 3)])]))


def test_drag_badges_show_each_near_foe_cover_from_the_square_under_the_mouse(map_view, qtbot):
    # docs/architecture.md#cover (dnd2024): no straight line past the wall → total cover; 3 of the best
    # corner's 4 lines walled → three-quarters; 0 → none (no badge). The badges follow the
    # dragged square and leave with the drop.
    s = behind_a_wall(dict(id="orc", name="Orc", side="foe", col=1, row=6, stats=GOBLIN))
    view = map_view(s)
    move = view.controllers["move"]
    send_mouse(view, "press", 1.5, 1.5)
    send_mouse(view, "move", 1.5, 2.5)
    assert move.cover.levels == {"orc": "none", "gob": "total"}
    assert [lb.text for lb in move.cover.overlay.labels] == ["total cover"]
    assert move.cover.overlay.labels[0].at == (8.5, 0.7)  # above the goblin, names are below
    send_mouse(view, "move", 1.5, 3.5)  # corner (2, 4): 3 lines cross the wall
    QApplication.processEvents()
    assert move.cover.levels == {"orc": "none", "gob": "three_quarters"}
    assert [lb.text for lb in move.cover.overlay.labels] == ["three-quarters cover"]
    send_mouse(view, "move", 1.5, 4.5)  # corner (2, 5): every line passes below the wall's end
    QApplication.processEvents()
    assert move.cover.levels == {"orc": "none", "gob": "none"}
    assert move.cover.overlay.labels == []
    view.controllers["overlays"].set_enabled("cover", False)
    send_mouse(view, "move", 1.5, 3.5)
    assert move.cover.overlay.labels == [] and move.cover.levels == {}
    send_mouse(view, "release", 1.5, 3.5)
    assert move.cover.levels == {} and move.cover.overlay.labels == []
    # An arrow-key step commits at once: no badge is measured for it.
    view.controllers["overlays"].set_enabled("cover", True)
    shown = []
    move.cover.show = lambda *a: shown.append(a)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert (s.encounter.token("hero").col, s.encounter.token("hero").row) == (1, 4)
    assert shown == []


def test_drag_badges_come_with_the_mouse_event_and_its_frame(map_view):
    # A drag frame shows the token's new square, its path, its cost and the cover badges
    # from there together: the batch runs inside the mouse event that brought the token onto
    # the square (put off to the next turn of the event loop, it was paid by the next mouse
    # event instead), once per new square.
    s = behind_a_wall()
    view = map_view(s)
    move = view.controllers["move"]
    seen: list[object] = []
    batch = s.drag_cover
    s.drag_cover = lambda tid, sq: (seen.append(("cover", sq)), batch(tid, sq))[1]

    class Frames(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 (Qt override)
            if event.type() == QEvent.Type.Paint:
                seen.append("frame")
            return False

    frames = Frames()
    view.viewport().installEventFilter(frames)
    QApplication.processEvents()
    send_mouse(view, "press", 1.5, 1.5)
    QApplication.processEvents()
    seen.clear()
    send_mouse(view, "move", 1.5, 2.5)
    assert move.drawing is not None and move.drawing.squares == [(1, 2)]
    assert seen == [("cover", (1, 2))]  # measured inside the mouse event
    assert move.cover.levels == {"gob": "total"}
    assert [lb.text for lb in move.cover.overlay.labels] == ["total cover"]
    QApplication.processEvents()
    assert [x for x in seen if x != "frame"] == [("cover", (1, 2))]  # nothing left over
    seen.clear()
    send_mouse(view, "move", 1.8, 2.2)  # within the same square: nothing measured again
    assert seen == []
    send_mouse(view, "move", 1.5, 3.5)
    send_mouse(view, "move", 1.5, 4.5)
    assert seen == [("cover", (1, 3)), ("cover", (1, 4))]
    assert move.cover.levels == {"gob": "none"}
    send_mouse(view, "move", 1.5, 2.5)
    send_mouse(view, "release", 1.5, 2.5)
    seen.clear()
    QApplication.processEvents()
    assert [x for x in seen if x != "frame"] == [] and move.cover.levels == {}
    assert move.cover.overlay.labels == []


def test_oa_dialog_says_why_and_what_each_button_does(qtbot):
    # Walkthrough: the dialog read "Lancer / Ignorer / Le MJ décide" with "Déplacer" as the
    # last one's tooltip, and why each foe attacks only on hover. The buttons now say what
    # they do and each foe's reason is written under it.
    from battlemap.geometry import Provocation
    from battlemap.text import Message
    from battlemap.ui import i18n

    i18n.set_language("fr")
    prov = Provocation(by="a", at=(1, 1), step_index=0, why=Message.of("oa.leaves_threat"))
    dlg = OADialog([prov], {"a": "Orc"})
    qtbot.addWidget(dlg)
    assert [dlg.roll_all.text(), dlg.skip_all.text(), dlg.gm.text()] == [
        "Tout lancer", "Tout ignorer", "Comme choisi ci-dessus"]
    assert dlg.gm.toolTip() == ""
    assert dlg.findChild(QLabel, "oa.a.why").text() == "quitte une case qu'il menace"


@pytest.mark.parametrize("system, names", [
    ("breche35", ["Move", "5-foot step", "Withdraw", "Charge", "Run"]),
    ("adnd2bis", ["Move", "5′ step", "Charge", "Run"]),
    ("dnd2024", ["Move", "Disengage", "Dash"]),
    ("pmt", ["Combat movement"]),
])
def test_next_move_menu_offers_the_systems_own_kinds(map_view: Any, system: str,
                                                    names: list[str]) -> None:
    # Each system's kinds (RuleSystem.move_kinds): 000 has the 1.5 m step, withdraw, charge
    # and run; 001 no withdraw; 2024 no step or charge but Disengage and Dash (docs/rules/README.md#geometry-by-system);
    # 004 only « mouvement de combat ».
    from battlemap.ui import i18n

    view = map_view(make_session(make_encounter(system)))
    kinds = [a for a in view.actions() if a.objectName().startswith("map.move.")]
    assert [a.text() for a in kinds] == names
    i18n.set_language("fr")
    try:
        view.set_language("fr")
        if system == "breche35":
            assert [a.text() for a in kinds] == [
                "Se déplacer", "Pas de placement", "Retrait", "Charge", "Course"]
        if system == "dnd2024":
            assert [a.text() for a in kinds] == ["Déplacement", "Se désengager", "Foncer"]
        if system == "adnd2bis":  # 001 "Actions de mouvement et de combat": « se déplacer »
            assert [a.text() for a in kinds] == [
                "Se déplacer", "Pas de placement (5′ step)", "Charge", "Run (double move)"]
    finally:
        i18n.set_language("en")
        view.set_language("en")


def test_a_two_square_step_previews_red_with_its_reason(map_view: Any) -> None:
    # 000_d623f1b22a06cede.txt, "Le round de combat": « un pas de placement de 1,5 m », out
    # of a turn too (the GM placing a token before initiative).
    enc = make_encounter("breche35", tokens=[
        {"id": "a", "name": "Aldo", "side": "party", "col": 1, "row": 1}])
    view = map_view(make_session(enc))
    move = view.controllers["move"]
    move.set_kind("step")
    move.preview("a", [(2, 1), (3, 1)])
    drawing = move.drawing
    assert not drawing.legal
    assert drawing.label == ('3 / 1.5 m — a 1.5 m step is one square (000 "Le round de '
                             'combat": "un pas de placement de 1,5 m"): this one is 2 squares, '
                             '3 m')
    move.preview("a", [(2, 1)])
    assert move.drawing.legal
