"""Keyboard-only template placement, rubber-band selection, translated actions, and the
players' view: HP display modes and fog from the party's line of sight."""

from PySide6.QtCore import QPointF, Qt

from battlemap.geometry import area_squares
from battlemap.model import AreaShape
from battlemap.ui.map.units import PX

from ..conftest import drag, make_encounter, make_session

BRUTE = {"max_hp": 20, "ac": 15, "weapons": [{"name": "Club", "damage": "1d4"}]}


def room():
    enc = make_encounter(cols=12, rows=8, tokens=[
        dict(id="hero", name="Hero", side="party", col=1, row=1, hp=20, stats=BRUTE),
        dict(id="ally", name="Ally", side="party", col=2, row=2, stats=BRUTE),
        dict(id="lurker", name="Lurker", side="foe", col=9, row=1, hp=5, stats=BRUTE),
    ], walls=[dict(points=[(6, 0), (6, 5)]), dict(points=[(6, 5), (6, 8)], kind="window")])
    return make_session(enc)


def test_keyboard_only_template_placement(map_view, qtbot):
    s = room()
    view = map_view(s)
    ctl = view.controllers["template"]
    qtbot.keyClick(view, Qt.Key.Key_T)  # arms the cone
    qtbot.keyClick(view, Qt.Key.Key_T)  # then the sphere
    assert ctl.armed is AreaShape.SPHERE
    qtbot.keyClick(view, Qt.Key.Key_Return)  # placed at the view centre
    placed = s.encounter.templates[-1]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    moved = s.encounter.templates[-1]
    assert moved.origin == (placed.origin[0] - 1, placed.origin[1])
    assert moved.size_m == placed.size_m - 1.5
    assert ctl.overlay.squares.squares == area_squares(s.geo, moved, s.policy).square_set()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert ctl.active is None and ctl.overlay.squares.squares == set()


def test_rubber_band_selects_the_tokens_inside(map_view):
    s = room()
    view = map_view(s)
    drag(view, [(0.2, 0.2), (2.0, 2.0), (3.8, 3.8)])
    assert sorted(view.selected_token_ids()) == ["ally", "hero"]


def test_actions_follow_the_language(map_view):
    view = map_view(room())
    fit = next(a for a in view.actions() if a.objectName() == "map.fit")
    view.set_language("fr")
    assert fit.text() == "Ajuster la carte"
    view.set_language("en")
    assert fit.text() == "Fit map"


def test_player_hp_modes(map_view):
    s = room()
    bar = map_view(s, role="player", player_hp="bar").map_scene.tokens["hero"]
    none = map_view(s, role="player", player_hp="none").map_scene.tokens["hero"]
    assert bar.player_hp == "bar" and none.player_hp == "none"
    assert bar.toolTip() == "Hero"  # players never see the numbers
    gm = map_view(s).map_scene.tokens["hero"]
    assert "20/20" in gm.toolTip()


def test_fog_hides_what_the_party_cannot_see(map_view):
    s = room()
    view = map_view(s, role="player")
    view.set_fog(True)

    def fogged(x, y):
        return view.fog.fogged(QPointF(x * PX, y * PX))

    assert not fogged(1.5, 1.5)  # the party's own square
    assert fogged(9.5, 1.5)  # behind the wall
    assert not fogged(7.5, 7.5)  # seen through the window (DESIGN.md §4.3)
    s.update_token("hero", col=7, row=1)  # walks round: now the lurker is in sight
    assert not fogged(9.5, 1.5)
    view.set_fog(False)
    assert view.fog is None


def test_overlay_names_use_the_system_own_words_in_french(map_view):
    # Walkthrough (breche35 demo, French): the overlays menu said "Lignes d'abri" (003's
    # word) and "Prise en tenaille"; Brèche says couverture and tenaille (000), PMT couvert.
    from battlemap.ui import i18n

    i18n.set_language("fr")
    try:
        for system, cover, flank in (("breche35", "Lignes de couverture", "Tenaille"),
                                     ("dnd2024", "Lignes d'abri", "Prise en tenaille"),
                                     ("pmt", "Lignes de couvert", "Prise en tenaille")):
            view = map_view(make_session(make_encounter(system=system)))
            texts = {a.objectName(): a.text() for a in view.actions()}
            assert (texts["map.overlay.cover"], texts["map.overlay.flanking"]) == (cover, flank)
    finally:
        i18n.set_language("en")
