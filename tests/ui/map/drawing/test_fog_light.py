"""The players' fog under the encounter's light and with its memory (drawing/fog.py
`party_sight`, `shade`, `hide_unseen`): dim parts shaded, explored rooms drawn dimmer and
without creatures, and a creature the party cannot see changes no pixel of the window."""

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from battlemap.model import Light, Token
from battlemap.ui.map.drawing.fog import FOG
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session


def two_rooms(foe: bool, ambient: str | None = None, lamp: bool = False) -> Any:
    """Two rooms of 6×8 split by a wall at x = 6 on 12×8; the hero in the left one; a foe
    in the corner at (0, 7) (left room, 4.3 squares from the lamp at (3.5, 3.5) of range 3)."""
    tokens = [dict(id="hero", name="Hero", side="party", col=1, row=1)]
    if foe:
        tokens.append(dict(id="orc", name="Orc", side="foe", col=0, row=7))
    enc = make_encounter(cols=12, rows=8, tokens=tokens, walls=[dict(points=[(6, 0), (6, 8)])])
    if lamp:
        enc.lights.append(Light(position=(3.5, 3.5), range=3))
    if ambient:
        enc.options.__dict__["ambient"] = ambient
    return make_session(enc)


def shown(map_view: Any, s: Any) -> Any:
    view = map_view(s, role="player")
    view.set_fog(True)
    view.viewport().grab()
    return view


def picture(view: Any) -> QImage:
    return view.viewport().grab().toImage()


def colour_at(view: Any, x: float, y: float) -> QColor:
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return picture(view).pixelColor(at.x(), at.y())


def test_a_creature_outside_the_partys_light_changes_no_pixel(map_view: Any) -> None:
    # In the dark, the orc stands in the hero's line of sight, beyond the lamp's reach
    # (range 3): neither it nor its name may show.
    with_orc = shown(map_view, two_rooms(True, "dark", lamp=True))
    without = shown(map_view, two_rooms(False, "dark", lamp=True))
    assert picture(with_orc) == picture(without)
    # The same orc under the lamp's light is seen: the test can tell.
    lit = two_rooms(True, "dark", lamp=True)
    lit.update_token("orc", col=3, row=4)
    assert picture(shown(map_view, lit)) != picture(without)


def test_dim_light_is_shaded_and_bright_light_is_clear(map_view: Any) -> None:
    clear = shown(map_view, two_rooms(False))  # ambient bright: the room as drawn
    view = shown(map_view, two_rooms(False, "dim", lamp=True))
    near, far = colour_at(view, 4.5, 3.5), colour_at(view, 4.5, 6.5)
    assert near == colour_at(clear, 4.5, 3.5)  # under the lamp, bright: as drawn
    assert far not in (colour_at(clear, 4.5, 6.5), FOG)
    assert far.lightness() < near.lightness()  # dim: shaded
    assert colour_at(view, 9.5, 4.5) == FOG  # behind the wall


def test_an_explored_room_stays_dimmer_without_its_creatures_and_the_gm_resets_it(
        map_view: Any) -> None:
    s = two_rooms(False)
    view = shown(map_view, s)
    clear = colour_at(view, 3.5, 4.5)
    assert clear != FOG
    s.update_token("hero", col=8, row=1)  # into the right room: the left one is remembered
    remembered = colour_at(view, 3.5, 4.5)
    assert remembered not in (clear, FOG)
    assert remembered.lightness() < colour_at(view, 9.5, 4.5).lightness()
    before = picture(view)
    s.add_token(Token(id="orc", name="Orc", side="foe", col=3, row=4))
    assert picture(view) == before  # a creature in the explored room: not a pixel
    s.reset_explored()
    assert colour_at(view, 3.5, 4.5) == FOG
    s.undo()
    assert colour_at(view, 3.5, 4.5) == remembered


def test_an_area_of_effect_in_the_explored_room_is_not_drawn(qtbot: Any) -> None:
    from battlemap.model import AreaTemplate
    from battlemap.ui.player.player_window import PlayerWindow

    s = two_rooms(False)
    w = PlayerWindow(s)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.fog.setChecked(True)
    view = w.view
    view.viewport().grab()
    s.update_token("hero", col=8, row=1)  # the left room is now only remembered
    before = picture(view)
    s.place_area(AreaTemplate(id="nuage", shape="sphere", origin=(3.0, 4.0), size_m=3.0))
    assert [p.template.id for p in w.area_layer.placed] == ["nuage"]
    assert picture(view) == before  # laid out, not drawn: no eye sees it
    s.update_token("hero", col=1, row=1)  # back in the room: the cloud shows
    seen = picture(view)
    s.remove_area("nuage")
    assert picture(view) != seen
    w.close()
