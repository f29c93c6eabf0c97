"""Start-up order of the GM window: menus, toolbars and the docks' frames are in place for the
first frame; the docks' bodies and the map's tools are built right after it, and anything used
earlier (an action, a dock) builds what it needs at once."""

from typing import Any

import pytest
from PySide6.QtCore import QRect

from battlemap.model import AreaShape
from battlemap.ui.i18n import tr

VISIBLE_DOCKS = ("initiative", "inspector", "log")


def _window(qtbot: Any, session: Any) -> Any:
    from battlemap.ui.window.main_window import MainWindow

    w = MainWindow(session)
    qtbot.addWidget(w)
    w.files.confirm_discard = lambda: True  # closing at teardown asks nothing
    return w


def _map_action(window: Any, name: str) -> Any:
    return next(a for a in window.map_view.actions() if a.objectName() == name)


def _layout(window: Any) -> dict[str, QRect]:
    rects = {name: window.docks[name].geometry() for name in VISIBLE_DOCKS}
    rects["map"] = window.map_view.geometry()
    return rects


@pytest.mark.parametrize("lang", ["en", "fr"])  # French labels are the wider
def test_first_frame_is_painted_before_the_docks_are_filled(qtbot: Any, session: Any,
                                                            monkeypatch: Any, lang: str) -> None:
    from battlemap.ui import i18n
    from battlemap.ui.map.view import MapView

    i18n.set_language(lang)

    at_first_paint: list[tuple[dict[str, bool], bool, dict[str, QRect]]] = []
    paint_foreground = MapView.drawForeground

    def spy(view: Any, p: Any, rect: Any) -> None:
        w = view.window()
        if not at_first_paint and hasattr(w, "docks"):
            at_first_paint.append(({n: d.built for n, d in w.docks.items()},
                                   view._controllers is None, _layout(w)))
        paint_foreground(view, p, rect)

    monkeypatch.setattr(MapView, "drawForeground", spy)
    window = _window(qtbot, session)
    window.resize(1400, 900)
    window.show()
    qtbot.waitUntil(lambda: all(d.built for d in window.docks.values()))
    built, tools_missing, layout = at_first_paint[0]
    assert built == {"initiative": False, "inspector": False, "log": False, "options": False}
    assert tools_missing  # the map's tools came after the frame too
    assert window.map_view._controllers is not None
    # Filling the docks moved nothing: same map and dock rectangles as in the first frame.
    assert _layout(window) == layout
    # And the bodies show the session once built.
    assert window.docks["initiative"].empty_roll.text() == tr("Roll initiative")
    assert window.docks["log"].token_filter.count() == 1 + len(session.encounter.tokens)


def test_menus_list_the_map_actions_without_building_the_map_tools(qtbot: Any,
                                                                  session: Any) -> None:
    window = _window(qtbot, session)
    assert window.map_view._controllers is None
    view_menu = next(m for m, key in window._menus if key == "&View")
    names = {a.objectName() for a in view_menu.actions()}
    assert {"map.zoom_in", "map.fit", "map.template.cone", "map.attack"} <= names
    overlays = {a.objectName(): a.isChecked() for a in window.map_view.actions()
                if a.objectName().startswith("map.overlay.")}
    # The overlay toggles start as the overlay controller will (threat of all enemies off),
    # the lights' discs on.
    assert overlays == {"map.overlay.threat_all": False, "map.overlay.threat_selected": True,
                        "map.overlay.reach": True, "map.overlay.flanking": True,
                        "map.overlay.cover": True, "map.overlay.lights": True}


def test_a_map_action_used_before_the_build_reaches_its_tool(qtbot: Any,
                                                            session: Any) -> None:
    window = _window(qtbot, session)
    assert window.map_view._controllers is None
    _map_action(window, "map.template.sphere").trigger()  # e.g. a shortcut at once
    tools = window.map_view.controllers
    assert tools["template"].armed is AreaShape.SPHERE
    _map_action(window, "map.overlay.threat_all").trigger()
    overlays = window.map_view.controllers["overlays"]
    assert overlays.enabled("threat_all") is True
    _map_action(window, "map.overlay.threat_all").trigger()
    assert overlays.enabled("threat_all") is False
    assert window.map_view.controllers is tools  # built once


def test_a_dock_used_before_its_body_exists_builds_it(qtbot: Any, session: Any) -> None:
    window = _window(qtbot, session)
    initiative = window.docks["initiative"]
    assert not initiative.built
    initiative.roll()  # the GM clicks through a shortcut before the first frame
    assert initiative.built
    assert initiative.order.count() == len(session.order) == len(session.encounter.tokens)
    assert "initiative" in {e.kind for e in session.log.entries}
    assert not window.docks["log"].built  # the others still wait for the first frame


def test_a_selection_before_the_build_shows_in_the_inspector(qtbot: Any,
                                                            session: Any) -> None:
    window = _window(qtbot, session)
    window.select_token("ghoul")
    inspector = window.docks["inspector"]
    assert not inspector.built  # remembered, not built for it
    assert inspector.name_edit.text() == session.token("ghoul").name


def test_a_language_switch_before_the_build_reaches_the_bodies(qtbot: Any,
                                                              session: Any) -> None:
    window = _window(qtbot, session)
    window.set_language("fr")
    initiative = window.docks["initiative"]
    assert initiative.windowTitle() == tr("Initiative")
    assert initiative.buttons["next"].text() == tr("Next turn") != "Next turn"
