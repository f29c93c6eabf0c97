"""Area templates placed with real mouse events: the highlighted squares are exactly those
the geometry core returns, live while dragging and after the drop; method switch; apply."""

from PySide6.QtCore import Qt

from battlemap.geometry import area_squares
from battlemap.model import AreaMethod, AreaShape

from ..conftest import make_encounter, make_session, send_mouse

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


def place(view, shape, frm, to):
    """Arm `shape` from the toolbar, press at `frm`, drag to `to` and release (grid units)."""
    action(view, f"map.template.{shape}").trigger()
    send_mouse(view, "press", *frm)
    send_mouse(view, "move", *to)
    send_mouse(view, "release", *to)


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
    place(view, "cone", (3.0, 3.0), (7.0, 3.0))
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


def test_f_flips_a_cube_as_the_command_line_flip_does(map_view, qtbot):
    # A cube grows to the right of its direction; `F` (like `--flip`) makes it grow to the
    # left. It used to flip lines only: a cube kept its side whatever the GM pressed.
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    place(view, "cube", (3.0, 3.0), (6.0, 3.0))
    before = s.encounter.templates[-1]
    assert not before.flip
    qtbot.keyClick(view, Qt.Key.Key_F)
    t = s.encounter.templates[-1]
    assert t.flip and t.id == before.id
    assert geometry_squares(s, t) != geometry_squares(s, before)
    assert ctl.overlay.squares.squares == geometry_squares(s, t)
    s.undo()
    assert not s.encounter.templates[-1].flip


def test_apply_resolves_saves_and_damage_through_the_engine(map_view):
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    place(view, "sphere", (6.0, 4.0), (7.0, 4.0))
    ctl.ask_area = lambda tid, apply: apply({
        "save_ability": "dex", "dc": 15, "damage": "2d6", "damage_kind": "fire",
        "half_on_success": True, "forced": ()})
    log_before = len(s.log.entries)
    view.controllers["template"].bar.apply.click()
    out = ctl.last_outcome
    assert out.tokens == ["gob"]
    dealt = out.result.targets[0].damage
    assert s.encounter.token("gob").hp == max(0, 7 - dealt)  # 2024 hit points stop at 0
    assert view.map_scene.tokens["gob"].look.hp == s.encounter.token("gob").hp
    assert len(s.log.entries) == log_before + 1


def test_a_damage_typo_in_the_apply_dialog_is_one_sentence_and_changes_nothing(map_view):
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    place(view, "sphere", (6.0, 4.0), (7.0, 4.0))
    ctl.ask_area = lambda tid, apply: apply({
        "save_ability": None, "dc": None, "damage": "1d8+", "damage_kind": "",
        "half_on_success": True, "forced": ()})
    log_before = len(s.log.entries)
    ctl.bar.apply.click()
    assert ctl.last_error == "Cannot roll the dice: '1d8+' is not dice notation (it ends too early)."
    assert ctl.last_outcome is None and s.encounter.token("gob").hp == 7
    assert len(s.log.entries) == log_before


def test_squares_walls_cut_off_are_dotted_and_say_what_stops_them(map_view):
    # A wall along x = 8 drawn square by square; a 6 m sphere dragged out from (6, 4). The
    # squares its shape reaches beyond the wall are the geometry's cut-off squares, shown
    # dotted, each with a tooltip naming what stops its line from the origin (docs/rules/README.md#shared-vocabulary).
    from battlemap.ui.map.units import PX

    from ..conftest import vp_point

    enc = make_encounter(cols=14, rows=10,
                         walls=[dict(points=[(8, y), (8, y + 1)]) for y in range(10)])
    s = make_session(enc)
    view = map_view(s)
    ctl = view.controllers["template"]
    place(view, "sphere", (6.1, 3.9), (10.0, 4.0))
    placed = s.encounter.templates[-1]
    assert placed.size_m == 6.0
    res = area_squares(s.geo, placed, s.policy)
    cut = {tuple(c) for c in res.cut_cells().tolist()}
    assert cut and all(c >= 8 for c, _ in cut)
    assert ctl.overlay.cut.squares == cut
    assert not cut & ctl.overlay.squares.squares
    # (8, 6): its line from (6, 4) passes through (8, 6), where two pieces meet.
    assert (8, 6) in cut
    assert ctl.overlay.cut.why[(8, 6)] == (
        "left out: the line from the origin passes through (8,6), between two walls that "
        "meet there")
    assert ctl.overlay.cut.why[(8, 4)] == (
        "left out: the wall (8,4)–(8,5) stops the line from the origin")
    # Dotted: the cut square's pixels are not all the map's plain colour, unlike a square
    # the shape does not reach on the same side of the wall.
    view.viewport().repaint()
    img = view.viewport().grab().toImage()

    def colours(c: int, r: int) -> set[int]:
        p = vp_point(view, c + 0.25, r + 0.25)
        return {img.pixel(p.x() + dx, p.y() + dy) for dx in range(int(PX / 2))
                for dy in range(int(PX / 2))}
    assert len(colours(9, 4)) > 1 and len(colours(12, 8)) == 1
    # Moved away from the wall, nothing is cut off any more.
    ctl.remove_active()
    assert ctl.overlay.cut.squares == set()


def test_templates_in_play_stay_on_the_map_and_a_click_takes_one_up_again(map_view, qtbot):
    # A template placed earlier (saved with the encounter, or left when the GM moved on)
    # stays on the map, faintly, with its name; a click inside it (not on a token) makes it
    # the active template again, with its bar. The active one is drawn by the area overlay.
    from battlemap.model import AreaTemplate
    from battlemap.ui.map.units import PX

    from ..conftest import vp_point

    enc = make_encounter(cols=14, rows=10, tokens=[
        dict(id="gob", name="Goblin", side="foe", col=3, row=3, stats=GOBLIN)],
        templates=[AreaTemplate(id="cloud", shape="sphere", origin=(3.0, 3.0), size_m=3.0)])
    s = make_session(enc)
    view = map_view(s)
    ctl = view.controllers["template"]
    layer = ctl.placed
    assert [p.template.id for p in layer.placed] == ["cloud"]
    want = geometry_squares(s, enc.templates[0])
    drawn = {(round(run.x() / PX) + k, round(run.y() / PX))
             for run in layer.placed[0].runs for k in range(round(run.width() / PX))}
    assert drawn == want
    # Tinted where it covers, plain beside it.
    view.viewport().repaint()
    img = view.viewport().grab().toImage()
    inside, outside = vp_point(view, 1.2, 3.5), vp_point(view, 8.5, 8.5)
    assert img.pixel(inside) != img.pixel(outside)
    # A click on the goblin inside it selects the goblin; a click on a bare square of the
    # area takes the template up.
    send_mouse(view, "press", 3.5, 3.5)
    send_mouse(view, "release", 3.5, 3.5)
    assert ctl.active is None and view.map_scene.tokens["gob"].isSelected()
    send_mouse(view, "press", 1.5, 3.5)
    send_mouse(view, "release", 1.5, 3.5)
    assert ctl.active is not None and ctl.active.id == "cloud"
    assert layer.placed == [] and ctl.overlay.squares.squares == want
    assert ctl.bar.isVisible()
    # Escape puts it back among the templates in play.
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert ctl.active is None and [p.template.id for p in layer.placed] == ["cloud"]
    # Removed (and the removal undone), it leaves the map and comes back.
    s.remove_area("cloud")
    assert layer.placed == []
    s.undo()
    assert [p.template.id for p in layer.placed] == ["cloud"]
    assert layer.template_at(5.0, 3.0) is not None and layer.template_at(9.0, 9.0) is None


def test_a_template_placed_disarms_the_tool_however_it_was_armed(map_view, qtbot):
    # One template per arming, also when the tool was armed without the toolbar's action
    # (a script, the benchmarks): the next click on a token selects it, places nothing.
    s = arena()
    view = map_view(s)
    ctl = view.controllers["template"]
    ctl.arm(AreaShape.SPHERE)
    send_mouse(view, "press", 2.0, 2.0)
    send_mouse(view, "move", 4.0, 2.0)
    send_mouse(view, "release", 4.0, 2.0)
    assert ctl.armed is None and len(s.encounter.templates) == 1
    send_mouse(view, "press", 12.5, 8.5)
    send_mouse(view, "release", 12.5, 8.5)
    assert view.map_scene.tokens["far"].isSelected() and len(s.encounter.templates) == 1
    # Escape disarms too.
    ctl.arm(AreaShape.CONE)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert ctl.armed is None


def test_g_takes_up_the_templates_in_play_in_turn(map_view, qtbot):
    # The keyboard twin of a click on a template in play: G takes them up in the order they
    # were placed, round again after the last; Escape puts the active one back.
    from battlemap.model import AreaTemplate

    enc = make_encounter(cols=14, rows=10, templates=[
        AreaTemplate(id="cloud", shape="sphere", origin=(3.0, 3.0), size_m=3.0),
        AreaTemplate(id="wall-of-fire", shape="line", origin=(9.0, 2.0), size_m=6.0,
                     direction_deg=90.0)])
    s = make_session(enc)
    view = map_view(s)
    ctl = view.controllers["template"]
    seen = []
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_G)
        seen.append(ctl.active.id)
        assert [p.template.id for p in ctl.placed.placed] == [
            t.id for t in s.encounter.templates if t.id != ctl.active.id]
    assert seen == ["cloud", "wall-of-fire", "cloud"]
    assert ctl.overlay.squares.squares == geometry_squares(s, s.template("cloud"))
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert ctl.active is None and len(ctl.placed.placed) == 2


def test_area_dialog_offers_the_system_saves_by_their_own_names(qtbot):
    # Walkthrough: the AD&D 2bis area dialog offered "death" (not a 001 save: applying it was
    # refused) and showed the English ids in the French UI. It now lists the system's own
    # saves (RuleSystem.save_kinds), named as its text names them, and returns the id.
    from battlemap.rules.core.system import get_system
    from battlemap.ui import i18n
    from battlemap.ui.map.panels.area_dialog import AreaDialog

    i18n.set_language("fr")
    dlg = AreaDialog(get_system("adnd2bis").save_kinds())
    qtbot.addWidget(dlg)
    items = {dlg.ability.itemText(i): dlg.ability.itemData(i) for i in range(dlg.ability.count())}
    assert items["Paralysie/poison/mort"] == "paralyzation"  # 001, table of saving throws
    assert "death" not in items.values()
    dlg.ability.setCurrentIndex(dlg.ability.findData("paralyzation"))
    assert dlg.values()["save_ability"] == "paralyzation"


def test_area_damage_type_is_picked_from_the_system_types_and_french_names_map(qtbot):
    # A French GM typed "feu" and the 2024 "fire" resistances did not apply: the damage type
    # is now a combo of the system's types (RuleSystem.damage_kinds), named in the interface's
    # language and stored by id; French names typed in map to their id, other words stay.
    from battlemap.rules.core.system import get_system
    from battlemap.ui import i18n
    from battlemap.ui.map.panels.area_dialog import AreaDialog, damage_kind_of

    kinds = get_system("dnd2024").damage_kinds()
    i18n.set_language("fr")
    try:
        dlg = AreaDialog(get_system("dnd2024").save_kinds(), None, kinds)
        qtbot.addWidget(dlg)
        items = {dlg.kind.itemText(i): dlg.kind.itemData(i) for i in range(dlg.kind.count())}
        assert items["feu"] == "fire" and items["foudre"] == "lightning"
        assert items["tonnerre"] == "thunder" and items["contondant"] == "bludgeoning"
        dlg.kind.setCurrentIndex(dlg.kind.findData("necrotic"))
        assert dlg.kind.currentText() == "nécrotique"
        assert dlg.values()["damage_kind"] == "necrotic"
        dlg.kind.setEditText("Feu")  # typed, not picked
        assert dlg.values()["damage_kind"] == "fire"
        dlg.kind.setEditText("acide vert")  # anything else is kept as typed
        assert dlg.values()["damage_kind"] == "acide vert"
        dlg.kind.setEditText("")
        assert dlg.values()["damage_kind"] == ""
    finally:
        i18n.set_language("en")
    dlg = AreaDialog({}, None, kinds)
    qtbot.addWidget(dlg)
    assert dlg.kind.itemText(dlg.kind.findData("fire")) == "fire"
    breche = get_system("breche35").damage_kinds()
    assert damage_kind_of("Électricité", breche) == "electricity"
    assert damage_kind_of("son", breche) == "sonic"
    assert damage_kind_of("feu+magic", breche) == "fire+magic"


def test_feu_typed_in_the_area_dialog_meets_the_fire_resistance():
    from battlemap.rules.core.system import get_system
    from battlemap.ui.map.panels.area_dialog import damage_kind_of

    from ..conftest import make_encounter, make_session

    s = make_session(make_encounter(tokens=[dict(
        id="imp", name="Imp", side="foe", col=2, row=2, hp=20,
        stats={"max_hp": 20, "ac": 12, "resistances": ["fire"]})]))
    kind = damage_kind_of("feu", get_system("dnd2024").damage_kinds())
    change = s.damage("imp", 10, kind=kind)
    assert change.after == 15  # halved by the resistance (003 "Résistance")


def test_a_new_template_is_named_in_the_interfaces_language(map_view):
    # Its name is its plate on both screens and its name in the log: the French log read
    # « Zone sphère (area-1) » and the players saw "area-1" over the fireball.
    from battlemap.ui import i18n

    i18n.set_language("fr")
    try:
        view = map_view(arena())
        place(view, "sphere", (6.0, 4.0), (7.5, 4.0))
        place(view, "cone", (2.0, 2.0), (4.0, 2.0))
        assert [tp.id for tp in view.session.encounter.templates] == ["zone-1", "zone-2"]
    finally:
        i18n.set_language("en")
    view = map_view(arena())
    place(view, "sphere", (6.0, 4.0), (7.5, 4.0))
    assert [tp.id for tp in view.session.encounter.templates] == ["area-1"]
