"""The players' window opens with the fog of war on; with nobody to see from (no party token
on the map) the players saw an all-black screen and the GM no hint. Now the players' screen
says « Le MJ n'a encore rien révélé » and the GM's status bar says why, until a party token
appears or the fog goes off."""

from typing import Any

from battlemap.ui import i18n

GM_EN = "Players' window: black screen, no party token sees the map (fog of war on)."
GM_FR = ("Fenêtre des joueurs : écran noir, aucun pion du groupe ne voit la carte (brouillard de "
         "guerre activé).")


def test_no_party_token_the_gm_is_told_and_the_players_read_a_line(window: Any,
                                                                   qtbot: Any) -> None:
    s = window.session
    s.update_token("hero", hidden=True)
    s.update_token("cleric", hidden=True)
    window.show_player_window(True)
    player = window.player
    qtbot.waitExposed(player)
    assert player.fog.isChecked()
    qtbot.waitUntil(lambda: player.nothing.isVisible())
    assert player.nothing.text() == "Nothing revealed yet"
    assert window.players_warning.text == GM_EN and window.players_warning.label.isVisible()
    # A party token appears: the players see around it, the line and the warning go.
    s.update_token("hero", hidden=False)
    qtbot.waitUntil(lambda: not player.nothing.isVisible())
    assert window.players_warning.text == "" and not window.players_warning.label.isVisible()
    s.undo()  # nobody again
    qtbot.waitUntil(lambda: player.nothing.isVisible())
    assert window.players_warning.text == GM_EN
    # The fog off: the players see the map, nothing to say.
    player.fog.setChecked(False)
    assert not player.nothing.isVisible() and window.players_warning.text == ""
    player.fog.setChecked(True)
    assert player.nothing.isVisible() and window.players_warning.text == GM_EN
    # The players' window closed: no warning left behind.
    window.show_player_window(False)
    assert window.players_warning.text == ""
    player.close()


def test_in_french(window: Any, qtbot: Any) -> None:
    s = window.session
    s.update_token("hero", hidden=True)
    s.update_token("cleric", hidden=True)
    window.show_player_window(True)
    qtbot.waitUntil(lambda: window.player.nothing.isVisible())
    window.set_language("fr")
    try:
        assert window.player.nothing.text() == "Le MJ n'a encore rien révélé"
        assert window.players_warning.text == GM_FR
    finally:
        window.set_language("en")
        i18n.set_language("en")
    window.player.close()


def test_a_party_on_the_map_says_nothing(window: Any, qtbot: Any) -> None:
    window.show_player_window(True)
    qtbot.waitExposed(window.player)
    assert not window.player.blind and not window.player.nothing.isVisible()
    assert window.players_warning.text == ""
    window.player.close()
