"""The QActions MapView offers to the main window (toolbar/menus): zoom, overlay toggles,
area template tools, attack. Shortcuts act while the map (or its children) has focus.

They are built from the tables below without the tools: a window can fill its menus before
the first frame, and the tools (controllers) are built by the first action that needs them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from battlemap.model import AreaShape
from battlemap.ui import i18n
from battlemap.ui.i18n import term
from battlemap.ui.i18n.map_words import t

SHAPE_LABELS = {
    AreaShape.CONE: "Cone",
    AreaShape.SPHERE: "Sphere",
    AreaShape.CYLINDER: "Cylinder",
    AreaShape.LINE: "Line",
    AreaShape.CUBE: "Cube",
    AreaShape.EMANATION: "Emanation",
}
OVERLAYS = {
    "threat_all": "Threatened squares (all enemies)",
    "threat_selected": "Threatened squares (selection)",
    "reach": "Reach ring",
    "flanking": "Flanking",
    "cover": "Cover lines",
}
# The kinds of move the map offers for the next drag are the system's own
# (`RuleSystem.move_kinds`), named in its words; an action's data is "move:<kind>".
MOVE_KIND_DATA = "move:"
# Which overlays show before the GM changes anything (the overlay controller starts from it).
OVERLAY_DEFAULTS = {"threat_all": False, "threat_selected": True, "reach": True,
                    "flanking": True, "cover": True}


def _action(view: Any, key: str, text: str, shortcuts: list[Any] | None = None,
            checkable: bool = False) -> QAction:
    act = QAction(view)  # (text, parent) would match the QIcon overloads first: ~2 ms at start
    act.setText(t(text))
    act.setObjectName(f"map.{key}")
    act.setData(text)  # English key, for retranslation
    if shortcuts:
        act.setShortcuts([QKeySequence(s) for s in shortcuts])
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    act.setCheckable(checkable)
    view.addAction(act)
    return act


def build_actions(view: Any) -> list[QAction]:
    acts: list[QAction] = []
    zin = _action(view, "zoom_in", "Zoom in",
                  [QKeySequence.StandardKey.ZoomIn, "Ctrl+="])
    zin.triggered.connect(view.zoom_in)
    zout = _action(view, "zoom_out", "Zoom out", [QKeySequence.StandardKey.ZoomOut])
    zout.triggered.connect(view.zoom_out)
    fit = _action(view, "fit", "Fit map", ["Ctrl+0"])
    fit.triggered.connect(view.fit)
    acts += [zin, zout, fit]
    if view.role != "gm":
        return acts
    # `view.controllers` builds the tools on first access: an action used before the
    # after-first-frame build still reaches its tool.
    built = view.built_controllers()
    overlays = built.get("overlays")
    for key, text in OVERLAYS.items():
        act = _action(view, f"overlay.{key}", text, checkable=True)
        act.setText(action_text(text, view.session.encounter.system))
        act.setChecked(overlays.enabled(key) if overlays else OVERLAY_DEFAULTS[key])
        act.toggled.connect(lambda on, k=key: _tool(view, "overlays").set_enabled(k, on))
        acts.append(act)
    # The lights' discs: on in the GM's window from the start (a headless render, which
    # builds no actions, draws the map without them).
    lights = _action(view, "overlay.lights", "Lights", checkable=True)
    lights.toggled.connect(view.map_scene.set_lights)
    lights.setChecked(True)
    acts.append(lights)
    group = QActionGroup(view)
    group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
    for shape, text in SHAPE_LABELS.items():
        act = _action(view, f"template.{shape.value}", text, checkable=True)
        group.addAction(act)
        act.toggled.connect(lambda on, s=shape: _tool(view, "template").arm(s if on else None))
        acts.append(act)
    view.template_actions = group
    act = _action(view, "attack", "Attack", ["A"])
    act.triggered.connect(lambda _checked=False: _tool(view, "attack").start_targeting())
    acts.append(act)
    ruler = _action(view, "ruler", "Ruler", ["L"], checkable=True)
    ruler.toggled.connect(lambda on: _tool(view, "ruler").arm(on))
    ping = _action(view, "ping", "Ping", ["P"])
    ping.triggered.connect(lambda _checked=False: _tool(view, "ping").ping_at_mouse())
    acts += [ruler, ping]
    for other in [*group.actions(), act]:  # a shape or an aim taken up puts the ruler down
        other.triggered.connect(lambda _checked=False: ruler.setChecked(False))
    kinds = QActionGroup(view)  # exclusive: one kind for the next move
    view.move_kind_actions = []
    system = view.session.encounter.system
    for kind in view.session.system.move_kinds():
        act = _action(view, f"move.{kind}", MOVE_KIND_DATA + kind, checkable=True)
        act.setText(action_text(MOVE_KIND_DATA + kind, system))
        act.setChecked(kind == "normal")
        kinds.addAction(act)
        act.toggled.connect(lambda on, k=kind: on and _tool(view, "move").set_kind(k))
        view.move_kind_actions.append(act)
        acts.append(act)
    return acts


def _tool(view: Any, name: str) -> Any:
    return view.controllers[name]


def retranslate(actions: list[QAction], system: str = "") -> None:
    for act in actions:
        act.setText(action_text(str(act.data()), system))


def action_text(text: str, system: str) -> str:
    """An action's words; the cover and flanking overlays in the system's own French words
    (README "Language": Brèche's "couverture", "tenaille"; 2024's "abri"…)."""
    if text.startswith(MOVE_KIND_DATA):  # a move kind, in the system's words
        return move_kind_text(text[len(MOVE_KIND_DATA):], system)
    if i18n.language() == "fr" and system:
        if text == "Cover lines":
            word = term("cover", system)
            return f"Lignes d'{word}" if word[:1] in "aeiouéh" else f"Lignes de {word}"
        if text == "Flanking":
            return term("flanking", system).capitalize()
    return t(text)


def move_kind_text(kind: str, system: str) -> str:
    """"Pas de placement", "5-foot step", "Foncer", "Dash": the system's name for the kind."""
    from battlemap.rules.core.system import get_system

    label = i18n.say(get_system(system).move_kind_label(kind)) if system else kind
    return label[:1].upper() + label[1:]
