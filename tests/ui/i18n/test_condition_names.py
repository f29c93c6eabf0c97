"""A condition reads in the interface's language wherever the GM (or the players) see it:
the initiative list, the token's badge letters and tooltip, the inspector. Before, the
initiative list and the map showed the stored id ("[flat_footed]", badge "FL") in the
French interface, and the players' window showed it too."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from battlemap.engine import Session
from battlemap.model import Encounter, Grid, Token
from battlemap.ui import i18n
from battlemap.ui.map.drawing.items.token_marks import _badges

THUG = {"level": 2, "max_hp": 15, "strength": 13, "dexterity": 12, "bab": 2, "ac": 13,
        "weapons": [{"name": "Batte", "kind": "melee", "damage": "1d6"}]}


def _breche(window: Any) -> Any:
    enc = Encounter(system="breche35", grid=Grid(cols=6, rows=4), tokens=[  # type: ignore[arg-type]
        Token(id="mara", name="Mara", side="party", col=1, row=1, stats=THUG),
        Token(id="voyou", name="Voyou", side="foe", col=3, row=1, stats=THUG)])
    window.set_session(Session(enc, seed=3))
    return window.session


def _row_texts(window: Any) -> list[str]:
    dock = window.docks["initiative"]
    return [dock.order.item(i).text() for i in range(dock.order.count())]


def test_conditions_read_in_french_in_the_list_on_the_badges_and_for_the_players(
        window: Any) -> None:
    window.set_language("fr")
    s = _breche(window)
    # 000_d623f1b22a06cede.txt, "Pris au dépourvu": before its first turn in the combat,
    # a creature is flat-footed; rolling initiative gives it to all but the first to act.
    window.docks["initiative"].roll()
    waiting = [t.id for t in s.encounter.tokens if t.conditions]
    assert waiting
    rows = [r for r in _row_texts(window) if "[" in r]
    assert rows and all(r.endswith("[Pris au dépourvu]") for r in rows)
    assert not any("flat_footed" in r for r in _row_texts(window))
    item = window.map_view.map_scene.tokens[waiting[0]]
    assert item.look.conditions == ["Pris au dépourvu"]
    assert "PD" in [text for _, text, _ in _badges(item.look, 70.0)]
    assert "Pris au dépourvu" in item.toolTip()
    window.show_player_window(True)
    seen = window.player.view.map_scene.tokens[waiting[0]].look.conditions
    assert seen == ["Pris au dépourvu"]
    window.player.close()
    # Back in English, the open map says it in English too.
    window.set_language("en")
    assert item.look.conditions == ["Flat-footed"]
    assert "FF" in [text for _, text, _ in _badges(item.look, 70.0)]
    assert any(r.endswith("[Flat-footed]") for r in _row_texts(window))
    i18n.set_language("en")


def test_a_long_row_ends_in_an_ellipsis_and_its_tooltip_has_it_whole(window: Any,
                                                                    qtbot: Any) -> None:
    # "3  Mara, combattante de rue   [Pris au dépourvu]" was cut at the dock's edge, with a
    # sideways scroll bar under the list.
    window.set_language("fr")
    _breche(window)
    window.docks["initiative"].roll()
    order = window.docks["initiative"].order
    qtbot.wait(20)
    assert order.horizontalScrollBar().isHidden() or not order.horizontalScrollBar().maximum()
    assert order.textElideMode() == Qt.TextElideMode.ElideRight
    rows = [order.item(i) for i in range(order.count())]
    assert all(item.toolTip() == item.text() for item in rows)
    i18n.set_language("en")
