"""What the GM sees on opening: the whole map, and a token chosen in a dock selected on it."""

from __future__ import annotations

from pathlib import Path

from battlemap.ui.files.file_kinds import open_session
from battlemap.ui.window.main_window import MainWindow

DEMO = Path(__file__).resolve().parents[3] / "assets" / "demo" / "breche35-entrepot-pigalle.json"


def test_whole_map_is_visible_when_the_window_opens(qtbot):
    w = MainWindow(open_session(DEMO))
    qtbot.add_widget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    view = w.map_view
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(view.map_scene.grid_rect())


def test_selecting_from_a_dock_selects_on_the_map(qtbot):
    w = MainWindow(open_session(DEMO))
    qtbot.add_widget(w)
    w.show()
    first = w.session.encounter.tokens[0].id
    w.select_token(first)
    assert list(w.map_view.selected_token_ids()) == [first]
