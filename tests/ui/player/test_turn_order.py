"""The players' window can show the turn order: only the creatures the party sees, the
acting one marked only when they see it; the players' map rings the acting creature on the
same condition (a hidden creature's turn changes nothing on their screen)."""

from typing import Any

from battlemap.ui.player.turn_order import shown_rows


def _order_with(window: Any, first: str) -> None:
    s = window.session
    s.roll_initiative()
    for _ in range(len(s.order)):
        if s.current_token_id == first:
            return
        s.next_turn()
    raise AssertionError(f"{first} never acts")


def _players(window: Any, qtbot: Any, fog: bool) -> Any:
    window.show_player_window(True)
    player = window.player
    player.fog.setChecked(fog)
    player.turns.setChecked(True)
    return player


def test_the_turn_order_lists_what_the_party_sees_and_marks_the_current(
        window: Any, qtbot: Any) -> None:
    _order_with(window, "ghoul")
    player = _players(window, qtbot, fog=False)
    qtbot.waitUntil(lambda: bool(shown_rows(player.turn_panel)), timeout=20000)
    rows = shown_rows(player.turn_panel)
    assert "▶  Goule" in rows
    assert not any("Ogre" in r for r in rows)  # hidden from the players
    assert len(rows) == 3
    player.close()


def test_a_hidden_creatures_turn_marks_no_one_and_rings_nothing(window: Any, qtbot: Any) -> None:
    _order_with(window, "ogre")
    player = _players(window, qtbot, fog=False)
    qtbot.waitUntil(lambda: bool(shown_rows(player.turn_panel)), timeout=20000)
    assert not any(r.startswith("▶") for r in shown_rows(player.turn_panel))
    assert player.view.map_scene.ringed_token is None
    assert window.map_view.map_scene.ringed_token == "ogre"  # the GM's map rings it
    player.close()


def test_a_creature_in_the_fog_is_not_listed_nor_ringed(window: Any, qtbot: Any) -> None:
    s = window.session
    s.update_token("ghoul", col=10, row=1)  # behind the wall at x = 7: the party cannot see it
    _order_with(window, "ghoul")
    player = _players(window, qtbot, fog=True)
    qtbot.waitUntil(lambda: bool(shown_rows(player.turn_panel)), timeout=20000)
    assert not any("Goule" in r for r in shown_rows(player.turn_panel))
    assert player.view.map_scene.ringed_token is None
    s.update_token("ghoul", col=5, row=2)  # back in sight
    qtbot.waitUntil(lambda: "▶  Goule" in shown_rows(player.turn_panel), timeout=20000)
    assert player.view.map_scene.ringed_token == "ghoul"
    player.close()


def test_the_panel_is_an_option_kept_in_the_settings(window: Any, qtbot: Any) -> None:
    _order_with(window, "hero")
    player = _players(window, qtbot, fog=False)
    qtbot.waitUntil(lambda: player.turn_panel.isVisible(), timeout=20000)
    player.set_player_hp("bar")  # a new map view: the panel moves onto it
    qtbot.waitUntil(lambda: player.turn_panel.isVisible(), timeout=20000)
    assert player.turn_panel.parent() is player.view
    player.turns.setChecked(False)
    assert not player.turn_panel.isVisible()
    player.close()
    window.player = None
    window.show_player_window(True)
    assert not window.player.turns.isChecked() and not window.player.turn_panel.isVisible()
    window.player.close()
