"""The players' window never shows a hidden token or a GM overlay, follows every change live,
and the GM's view shows its frame and can push "look here"."""

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsRectItem

from battlemap.ui.map.drawing.fog import FOG, FogItem
from battlemap.ui.map.units import PX


def _token_ids(view: Any) -> set[str]:
    return set(view.map_scene.tokens)


def test_player_scene_has_no_hidden_token(window: Any) -> None:
    window.show_player_window(True)
    player = window.player
    assert "ogre" in _token_ids(window.map_view)  # the GM sees it (as a ghost)
    assert _token_ids(player.view) == {"hero", "cleric", "ghoul"}
    items = player.view.scene().items()
    assert not any(getattr(i, "token", None) is not None and i.token.hidden for i in items)
    player.close()


def test_player_view_updates_live_and_hides_newly_hidden_tokens(window: Any) -> None:
    window.show_player_window(True)
    player = window.player
    s = window.session
    s.update_token("ghoul", hidden=True)
    assert "ghoul" not in _token_ids(player.view)
    s.update_token("ogre", hidden=False)
    assert "ogre" in _token_ids(player.view)
    s.undo()
    s.undo()
    assert _token_ids(player.view) == {"hero", "cleric", "ghoul"}
    player.close()


def test_player_view_has_no_gm_overlays(window: Any) -> None:
    for act in window.map_view.actions():
        if act.objectName().startswith("map.overlay.") and not act.isChecked():
            act.setChecked(True)
    window.map_view.select_token("ghoul")
    window.show_player_window(True)
    player = window.player
    gm_types = {type(i).__name__ for i in window.map_view.scene().items()}
    player_types = {type(i).__name__ for i in player.view.scene().items()}
    overlay_types = {n for n in gm_types if "Overlay" in n}
    assert overlay_types, "the GM view draws overlays in this set-up"
    assert not (player_types & overlay_types)
    assert player.view.actions() and not any(
        a.objectName().startswith(("map.overlay.", "map.template.", "map.attack"))
        for a in player.view.actions())
    player.close()


def test_hp_display_choice_reaches_the_player_tokens(window: Any) -> None:
    window.show_player_window(True)
    player = window.player
    for mode in ("none", "bar", "bloodied"):
        player.set_player_hp(mode)
        assert {item.player_hp for item in player.view.map_scene.tokens.values()} == {mode}
    player.close()


def test_gm_view_shows_the_player_frame_and_pushes_look_here(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    player = window.player
    player.resize(400, 300)
    qtbot.waitExposed(player)
    # Resized, the players' view shows the whole map again (nothing to move): zoomed in,
    # as on a table screen showing a part of a big map, "look here" has somewhere to go.
    player.view.zoom_by(3)
    frames = [i for i in window.map_view.scene().items()
              if isinstance(i, QGraphicsRectItem) and i is player.frame_item]
    assert len(frames) == 1
    window.map_view.center_on(9, 6)
    window.push_view()
    gm_centre = window.map_view.visibleSceneRect().center()
    player_centre = player.view.visibleSceneRect().center()
    assert abs(gm_centre.x() - player_centre.x()) < 64 and abs(gm_centre.y() - player_centre.y()) < 64
    assert player.frame_item.rect() == player.view.visibleSceneRect()
    player.close()


def _pixel(view: Any, x: float, y: float) -> QColor:
    """Colour the player's view shows at a point in grid units (grabbed from the screen)."""
    image = view.viewport().grab().toImage()
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return image.pixelColor(at.x(), at.y())


def test_fog_checkbox_hides_what_the_party_cannot_see(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    player = window.player
    qtbot.waitExposed(player)
    # The ghoul steps behind the wall at x = 7 (conftest's crypt: party at x 1..2).
    window.session.update_token("ghoul", col=10, row=1)
    assert player.fog.isEnabled()
    player.fog.setChecked(False)  # on by default (see the next test): the GM turns it off
    behind = _pixel(player.view, 10.5, 1.5)
    assert behind != FOG  # no fog: the players see the ghoul's disc
    player.fog.setChecked(True)
    assert _pixel(player.view, 10.5, 1.5) == FOG  # the ghoul is under the fog
    assert _pixel(player.view, 11.5, 0.5) == FOG  # the far room too
    assert _pixel(player.view, 11.5, 7.4) != FOG  # except what the window shows
    assert _pixel(player.view, 3.5, 6.5) != FOG  # the party's own room stays clear
    window.session.update_token("ghoul", col=3, row=6)  # back into the light: drawn again
    assert _pixel(player.view, 3.5, 6.5) != FOG
    player.fog.setChecked(False)
    assert _pixel(player.view, 11.5, 0.5) != FOG
    player.close()


def test_the_players_screen_opens_with_fog_unless_the_gm_turned_it_off(window: Any,
                                                                         qtbot: Any) -> None:
    # Off by default, the players' screen showed the rooms the party had not seen and who
    # waited there: it now opens fogged; the GM's last choice is kept for the next time.
    window.show_player_window(True)
    player = window.player
    qtbot.waitExposed(player)
    assert player.fog.isChecked() and player.view.fog is not None
    assert _pixel(player.view, 11.5, 0.5) == FOG  # the far room, beyond the wall x = 7
    player.fog.setChecked(False)
    player.close()
    from battlemap.ui.player.player_window import PlayerWindow

    again = PlayerWindow(window.session)  # next evening: the GM's choice stands
    assert not again.fog.isChecked()
    again.close()


def test_the_gm_view_never_has_fog(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    window.player.fog.setChecked(True)
    window.map_view.set_fog(True)  # even when asked directly
    assert window.player.view.fog is not None
    assert window.map_view.fog is None
    assert not any(isinstance(i, FogItem) for i in window.map_view.scene().items())
    window.player.close()


def test_players_see_the_templates_in_play_unless_the_gm_unticks_them(window: Any) -> None:
    # A template placed by the GM (a spell cast) shows on the players' screen as on the
    # GM's, with its squares and name; "Areas of effect" unticked, none show.
    from battlemap.model import AreaTemplate

    window.show_player_window(True)
    player = window.player
    layer = player.area_layer
    assert layer is not None and layer.placed == []
    s = window.session
    s.place_area(AreaTemplate(id="boule", shape="sphere", origin=(4.0, 4.0), size_m=3.0))
    assert [p.template.id for p in layer.placed] == ["boule"]
    assert {(round(r.x() / PX), round(r.y() / PX)) for r in layer.placed[0].runs}
    player.areas.setChecked(False)
    assert layer.placed == []
    player.areas.setChecked(True)
    assert [p.template.id for p in layer.placed] == ["boule"]
    s.undo()
    assert layer.placed == []
    # A new HP display rebuilds the players' view: the layer comes with it.
    s.redo()
    player.set_player_hp("bar")
    assert [p.template.id for p in player.area_layer.placed] == ["boule"]
    player.close()


def test_players_never_see_the_emanation_of_a_hidden_creature(window: Any) -> None:
    # The ogre is hidden from the players (conftest's crypt); its aura, drawn round an empty
    # spot on their screen, told them where it stood. Shown again, its aura comes back.
    from battlemap.model import AreaTemplate

    window.show_player_window(True)
    layer = window.player.area_layer
    s = window.session
    s.place_area(AreaTemplate(id="stench", shape="emanation", token="ogre", size_m=3.0))
    s.place_area(AreaTemplate(id="boule", shape="sphere", origin=(4.0, 4.0), size_m=3.0))
    assert [p.template.id for p in layer.placed] == ["boule"]
    assert {p.template.id for p in window.map_view.controllers["template"].placed.placed} \
        >= {"boule"}  # the GM's map: every template but the one in hand
    s.update_token("ogre", hidden=False)
    assert [p.template.id for p in layer.placed] == ["stench", "boule"]
    s.update_token("ogre", hidden=True)
    assert [p.template.id for p in layer.placed] == ["boule"]
    window.player.close()
