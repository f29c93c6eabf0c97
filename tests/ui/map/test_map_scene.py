"""The scene shows the encounter: one item per visible token, walls by kind, the grid; the
player role never gets hidden tokens; the view stays in sync through session.subscribe."""

from PySide6.QtGui import QColor

from battlemap.model import Condition, Token
from battlemap.ui.map.drawing.items.walls_layer import WallsLayer
from battlemap.ui.map.registry import factory_for
from battlemap.ui.map.units import PX

from .conftest import make_encounter, make_session

FIGHTER = {"max_hp": 30, "ac": 16, "abilities": {"str": 16},
           "weapons": [{"name": "Longsword", "damage": "1d8", "damage_type": "slashing"}]}


def demo_session():
    enc = make_encounter(tokens=[
        dict(id="hero", name="Aldric Stone", side="party", col=1, row=1, hp=20, stats=FIGHTER,
             conditions=[Condition(name="prone")]),
        dict(id="ogre", name="Ogre", side="foe", size="large", col=5, row=2),
        dict(id="rat", name="Rat", side="foe", size="tiny", col=8.5, row=5, hidden=True),
    ], walls=[
        dict(points=[(0, 0), (4, 0)]),
        dict(points=[(4, 0), (4, 2)], kind="door"),
        dict(points=[(4, 2), (4, 3)], kind="door", open=True),
        dict(points=[(4, 3), (4, 5)], kind="window"),
    ])
    return make_session(enc)


def test_gm_scene_has_every_token_with_its_footprint(map_view):
    view = map_view(demo_session())
    items = view.map_scene.tokens
    assert set(items) == {"hero", "ogre", "rat"}
    assert items["ogre"].footprint().width() == 2 * PX  # large: 2x2 squares
    assert items["rat"].footprint().width() == PX / 2  # tiny: a quarter of a square
    assert items["rat"].pos().x() == 8.5 * PX
    assert items["rat"].opacity() < 1  # hidden: a ghost for the GM
    assert items["hero"].look.hp == 20 and items["hero"].look.hp_max == 30
    assert items["hero"].look.initials == "AS"
    assert items["hero"].look.conditions == ["Prone"]  # the label, in the (English) interface


def test_player_scene_never_holds_hidden_tokens(map_view):
    view = map_view(demo_session(), role="player")
    assert set(view.map_scene.tokens) == {"hero", "ogre"}
    # No GM overlays in the player's scene: only tokens (walls and terrain are background).
    kinds = {type(i).__name__ for i in view.map_scene.items()}
    assert kinds == {"TokenItem"}


def test_walls_doors_and_windows_are_drawn_apart(map_view):
    view = map_view(demo_session())
    walls = view.map_scene.walls_layer
    assert isinstance(walls, WallsLayer)
    lengths = {k: round(p.length()) for k, p in walls.paths.items()}
    assert lengths == {"wall": 4 * PX, "door_closed": 2 * PX, "door_open": PX,
                       "window": 2 * PX}


def test_registry_maps_model_types_to_items(qapp):
    import battlemap.ui.map.scene  # noqa: F401 (registers the item types)
    from battlemap.ui.map.drawing.items.token_item import TokenItem

    item = factory_for(Token)(Token(id="a", name="A", col=0, row=0), session=None)
    assert isinstance(item, TokenItem)


def test_scene_follows_engine_commands_and_undo(map_view):
    s = demo_session()
    view = map_view(s)
    s.update_token("hero", hidden=True)
    assert view.map_scene.tokens["hero"].opacity() < 1
    player = map_view(s, role="player")
    assert "hero" not in player.map_scene.tokens
    s.undo()
    assert view.map_scene.tokens["hero"].opacity() == 1
    assert "hero" in player.map_scene.tokens


def test_hovered_square_signal_and_render(map_view, qtbot):
    from .conftest import send_mouse

    view = map_view(demo_session())
    with qtbot.waitSignal(view.hoveredSquare) as blocker:
        send_mouse(view, "move", 3.5, 2.5)
    assert blocker.args == [3, 2]
    img = view.render_to_image(240, 160)
    assert (img.width(), img.height()) == (240, 160)
    # The grid (paper) is drawn centred, with a dark margin of the same width either side.
    assert QColor(img.pixel(1, 1)).lightness() < 100
    y = round(img.height() / 2 + 0.5 * PX * img.height() / (8 * PX + PX))  # row 4.5 of 8
    paper = [x for x in range(img.width()) if QColor(img.pixel(x, y)).lightness() > 180]
    left, right = paper[0], img.width() - 1 - paper[-1]
    assert left >= 8 and abs(left - right) <= 1


def test_zoom_keys_and_fit(map_view, qtbot):
    from PySide6.QtCore import Qt

    view = map_view(demo_session())
    z0 = view.zoom()
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() > z0
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert abs(view.zoom() - z0) < 1e-9
    view.fit()
    assert view.visibleSceneRect().contains(view.map_scene.grid_rect())


def test_scale_bar_length_matches_the_zoom():
    from battlemap.ui.map.drawing.scale_bar import bar_length_m

    # At zoom 1 a square (1.5 m) is 64 px: 120 px ≈ 2.8 m → the 3 m bar (128 px).
    assert bar_length_m(1.0) == 3
    assert bar_length_m(0.25) == 9  # 16 px per square: 9 m = 96 px, closest to 120


def test_a_move_and_its_undo_redraw_the_moved_token_only(map_view, monkeypatch):
    # Issue 9: a move's "log" change used to re-read every token's look (300 on the stress
    # map, ~13 ms a move, undo or attack); the "tokens" change names the one that moved.
    from battlemap.ui.map import scene as scene_module

    s = demo_session()
    view = map_view(s)
    looked: list[str] = []
    real = scene_module.look_of
    monkeypatch.setattr(scene_module, "look_of",
                        lambda session, token: (looked.append(token.id), real(session, token))[1])
    hero = s.encounter.token("hero")
    s.move("hero", [(hero.col + 1, hero.row)], gm_override=True)
    assert looked == ["hero"]
    assert view.map_scene.tokens["hero"].pos().x() == (hero.col + 1) * PX
    looked.clear()
    s.undo()
    assert looked == ["hero"] and view.map_scene.tokens["hero"].pos().x() == hero.col * PX
    # Initiative is the token's own field: rolling it names the tokens, their looks follow.
    looked.clear()
    s.roll_initiative()
    assert sorted(looked) == ["hero", "ogre", "rat"]
    assert view.map_scene.tokens["hero"].look.initiative == f"{s.encounter.token('hero').initiative:g}"


def test_tokens_stack_in_the_encounters_order_at_every_start(map_view):
    # Two tokens whose pictures overlap (a name label over a neighbour's disc) showed either
    # on top depending on the start (the items were made in a set's order, which Python
    # shuffles per process): the later token of the encounter is on top.
    from PySide6.QtCore import Qt

    from battlemap.ui.map.drawing.items.token_item import TokenItem

    names = [f"t{k:02d}" for k in range(14)]
    enc = make_encounter(cols=16, rows=4, tokens=[
        dict(id=n, name=n, side="foe", col=k, row=k % 2) for k, n in enumerate(reversed(names))])
    view = map_view(make_session(enc))
    stacked = [i.token_id for i in view.map_scene.items(Qt.SortOrder.AscendingOrder)
               if isinstance(i, TokenItem)]
    assert stacked == [t.id for t in enc.tokens]
