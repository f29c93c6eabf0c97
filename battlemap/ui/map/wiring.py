"""Builds the MapView's controllers (kept out of view.py so each stays small). Order matters:
earlier controllers get pointer presses and keys first. The actions are built apart
(map_actions), so a window's menus need not wait for the tools."""

from __future__ import annotations

from typing import Any

from battlemap.ui._tricks.probe import install_probe
from battlemap.ui.map.gestures.edit_keys import EditKeys


def install(view: Any) -> None:
    controllers: dict[str, Any] = {}
    if view.role == "gm":
        from battlemap.ui.map.gestures.attack_controller import AttackController
        from battlemap.ui.map.gestures.move_controller import MoveController
        from battlemap.ui.map.gestures.overlay_controller import OverlayController
        from battlemap.ui.map.gestures.ping_controller import PingController
        from battlemap.ui.map.gestures.ruler_controller import RulerController
        from battlemap.ui.map.gestures.template_controller import TemplateController

        controllers["ruler"] = RulerController(view)  # in hand, it takes the press first
        controllers["template"] = TemplateController(view)
        controllers["attack"] = AttackController(view)
        controllers["move"] = MoveController(view)
        controllers["overlays"] = OverlayController(view)
        controllers["ping"] = PingController(view)
    controllers["edit"] = EditKeys(view)
    view.controllers = controllers
    install_probe(view)
