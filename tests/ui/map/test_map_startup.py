"""Start-up order: the map paints first, its tools (controllers, overlays, actions) are built
right after that first frame, or at once when something asks for them earlier."""

from typing import Any

from tests.ui.map.conftest import make_encounter, make_session

TOKENS = [{"id": "hero", "name": "Aelis", "side": "party", "col": 1, "row": 1},
          {"id": "ghoul", "name": "Goule", "side": "foe", "col": 5, "row": 2}]


def _view(qtbot: Any) -> Any:
    from battlemap.ui.map import MapView

    view = MapView(make_session(make_encounter(tokens=TOKENS)))
    qtbot.addWidget(view)
    view.resize(640, 480)
    return view


def test_tools_are_built_after_the_first_frame(qtbot: Any, monkeypatch: Any) -> None:
    from battlemap.ui.map.view import MapView

    built_at_paint: list[bool] = []
    paint_foreground = MapView.drawForeground

    def spy(self: Any, p: Any, rect: Any) -> None:
        built_at_paint.append(self._controllers is not None)
        paint_foreground(self, p, rect)

    monkeypatch.setattr(MapView, "drawForeground", spy)
    view = _view(qtbot)
    assert view._controllers is None  # nothing built yet: the first frame waits on nothing
    kinds = {type(i).__name__ for i in view.map_scene.items()}
    assert kinds == {"TokenItem"}
    view.show()
    qtbot.waitUntil(lambda: view._controllers is not None)  # nobody asked: the frame did
    assert built_at_paint[0] is False  # the first frame was painted before the build
    assert set(view.controllers) == {"ruler", "template", "attack", "move", "overlays", "ping", "edit"}
    assert view.actions()  # the map's actions came with them
    view.shutdown()


def test_asking_for_tools_before_any_paint_builds_them_once(qtbot: Any) -> None:
    view = _view(qtbot)
    first = view.controllers  # e.g. a key pressed before the first frame
    assert set(first) == {"ruler", "template", "attack", "move", "overlays", "ping", "edit"}
    overlays = sum(1 for i in view.map_scene.items() if type(i).__name__ != "TokenItem")
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(50)  # first frames painted: any build they queued has run
    assert view.controllers is first  # built once: no second set of overlays
    assert sum(1 for i in view.map_scene.items() if type(i).__name__ != "TokenItem") == overlays
    view.shutdown()


def test_selection_before_the_build_reaches_the_overlays(qtbot: Any) -> None:
    view = _view(qtbot)
    view.select_token("ghoul")  # the GM clicks before the tools exist
    ctl = view.controllers["overlays"]
    assert ctl.selected == ["ghoul"]
    view.shutdown()


def test_actions_are_built_without_the_tools(qtbot: Any) -> None:
    view = _view(qtbot)
    names = [a.objectName() for a in view.actions()]  # a window filling its menus
    assert view._controllers is None
    assert "map.template.sphere" in names and "map.attack" in names
    sphere = next(a for a in view.actions() if a.objectName() == "map.template.sphere")
    sphere.trigger()  # the first use builds the tools, and reaches the template tool
    assert view.controllers["template"].armed is not None
    assert view.controllers["template"].armed.value == "sphere"
    view.shutdown()
