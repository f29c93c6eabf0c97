"""Area templates placed with real mouse events: the highlighted squares are exactly those
the geometry core returns, live while dragging and after the drop; method switch; apply."""

from PySide6.QtCore import Qt

from battlemap.geometry import area_squares
from battlemap.model import AreaMethod, AreaShape

from .conftest import make_encounter, make_session, send_mouse

GOBLIN = {"max_hp": 7, "ac": 15, "abilities": {"dex": 14},
          "weapons": [{"name": "Scimitar", "damage": "1d6"}]}


def arena():
    enc = make_encounter(cols=14, rows=10, tokens=[
        dict(id="gob", name="Goblin", side="foe", col=6, row=4, hp=7, stats=GOBLIN),
        dict(id="far", name="Far goblin", side="foe", col=12, row=8, stats=GOBLIN),
    ])
    return make_session(enc)


def action(view, name):
    return next(a for a in view.actions() if a.objectName() == name)


def geometry_squares(s, template):
    return area_squares(s.geo, template, s.policy).square_set()


def test_sphere_drag_highlights_the_geometry_squares_live_and_after_drop(map_view):
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    action(view, "map.template.sphere").trigger()
    send_mouse(view, "press", 5.1, 3.9)
    send_mouse(view, "move", 6.0, 4.0)
    live = ctl.pending
    assert live.origin == (5.0, 4.0) and live.size_m == 1.5
    assert ctl.overlay.squares.squares == geometry_squares(s, live)
    send_mouse(view, "move", 8.0, 4.1)
    send_mouse(view, "release", 8.0, 4.1)
    placed = s.encounter.templates[-1]
    assert (placed.shape, placed.origin, placed.size_m) == (AreaShape.SPHERE, (5.0, 4.0), 4.5)
    expected = geometry_squares(s, placed)
    assert expected  # a 4.5 m sphere covers squares
    assert ctl.overlay.squares.squares == expected
    # Tokens hit are outlined; the one far away is not.
    assert ctl.last_result.tokens == ["gob"]
    assert len(ctl.overlay.hit_boxes) == 1
    # Each square says why it is in.
    some = next(iter(expected))
    assert ctl.overlay.squares.why[some]
    assert not action(view, "map.template.sphere").isChecked()  # one template per arming


def test_method_switch_and_keyboard_resize_follow_the_geometry(map_view, qtbot):
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    action(view, "map.template.cone").trigger()
    send_mouse(view, "press", 3.0, 3.0)
    send_mouse(view, "move", 7.0, 3.0)
    send_mouse(view, "release", 7.0, 3.0)
    qtbot.keyClick(view, Qt.Key.Key_M)  # default → dnd35
    t = s.encounter.templates[-1]
    assert t.method is AreaMethod.DND35
    assert ctl.overlay.squares.squares == geometry_squares(s, t)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.keyClick(view, Qt.Key.Key_R)
    t = s.encounter.templates[-1]
    assert (t.size_m, t.direction_deg) == (7.5, 15.0)
    assert ctl.overlay.squares.squares == geometry_squares(s, t)
    # Every change was one engine command: undo walks them back.
    s.undo()
    s.undo()
    s.undo()
    assert s.encounter.templates[-1].method is None


def test_apply_resolves_saves_and_damage_through_the_engine(map_view):
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    action(view, "map.template.sphere").trigger()
    send_mouse(view, "press", 6.0, 4.0)
    send_mouse(view, "release", 7.0, 4.0)
    ctl.ask_area = lambda: {"save_ability": "dex", "dc": 15, "damage": "2d6",
                            "damage_kind": "fire", "half_on_success": True, "forced": ()}
    log_before = len(s.log.entries)
    view.controllers["template"].bar.apply.click()
    out = ctl.last_outcome
    assert out.tokens == ["gob"]
    dealt = out.result.targets[0].damage
    assert s.encounter.token("gob").hp == max(0, 7 - dealt)  # 2024 hit points stop at 0
    assert view.map_scene.tokens["gob"].look.hp == s.encounter.token("gob").hp
    assert len(s.log.entries) == log_before + 1
