"""Area templates on the map: an armed shape turns a click-drag into a template (tool in
tools/template_tool.py); the covered squares come live from `session.preview_area`. The
active template can be resized by its handle, rotated, moved and switched in method by keys,
applied (dialog → `session.apply_area`) or removed — each change one engine command."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QKeyEvent

from battlemap.engine.errors import EngineError
from battlemap.model import SQUARE_M, AreaMethod, AreaShape, AreaTemplate
from battlemap.ui.i18n import measure, refusal
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.drawing.overlays.area_overlay import AreaOverlay
from battlemap.ui.map.drawing.overlays.placed_areas import PlacedAreasLayer
from battlemap.ui.map.gestures.status import tell
from battlemap.ui.map.gestures.tools.pointer import Pointer, Tool, feed, start
from battlemap.ui.map.gestures.tools.template_tool import place_template, resize_template
from battlemap.ui.map.panels import area_presets
from battlemap.ui.map.panels.area_dialog import ask_area
from battlemap.ui.map.panels.template_bar import TemplateBar

METHOD_CYCLE: list[AreaMethod | None] = [None, *AreaMethod]
MOVES = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
         Qt.Key.Key_Down: (0, 1)}


class TemplateController:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.overlay = AreaOverlay()
        view.map_scene.addItem(self.overlay)
        view.map_scene.addItem(self.overlay.squares)
        view.map_scene.addItem(self.overlay.cut)
        self.placed = PlacedAreasLayer()  # the other templates in play, faint
        view.map_scene.addItem(self.placed)
        self.bar = TemplateBar(self, view.viewport())
        self.armed: AreaShape | None = None
        self.active: AreaTemplate | None = None  # placed in the encounter
        self.pending: AreaTemplate | None = None  # being dragged, not yet placed
        self.last_result: Any = None
        self.last_outcome: Any = None
        self.last_error = ""  # the last refusal's sentence, as shown in the status bar
        self._tool: Tool | None = None
        self._ids = itertools.count(1)
        # The apply dialog's fields as each template's dialog last closed (for the session).
        self.area_values: dict[str, dict[str, Any]] = {}
        self.ask_area: Callable[[str, Callable[[dict[str, Any]], Any]], Any] = (
            self._ask_area)
        # The name a new preset is saved under (a line the GM types), None: not saved.
        self.ask_preset_name: Callable[[str], str | None] = (
            lambda suggested: ask_preset_name(self.view, suggested))
        self.placed.refresh(self.session, None)  # templates saved with the encounter

    @property
    def session(self) -> Any:
        return self.view.session

    # -- arming & pointer ----------------------------------------------------------------
    def arm(self, shape: AreaShape | None) -> None:
        self.armed = shape
        attack = self.view.built_controllers().get("attack")
        if shape is not None and attack is not None and attack.targeting:
            attack.stop()  # one tool in hand: the shape replaces the aim
        self.view.setDragMode(self.view.DragMode.NoDrag if shape
                              else self.view.DragMode.RubberBandDrag)

    def press(self, ptr: Pointer) -> bool:
        if self.active is not None and self.overlay.near_handle(ptr.x, ptr.y):
            self._tool = start(resize_template(self, self.active, ptr))
            return True
        if self.armed is None:
            # A click inside a template in play (not on a token) makes it the active one.
            found = self.placed.template_at(ptr.x, ptr.y)
            if found is None or self.token_at(ptr.x, ptr.y) is not None:
                return False
            self._activate(found)
            return True
        self._tool = start(place_template(self, self.armed, ptr))
        return True

    def pointer(self, ptr: Pointer) -> None:
        if self._tool is not None and not feed(self._tool, ptr):
            self._tool = None

    # -- TemplateContext -----------------------------------------------------------------
    def token_at(self, x: float, y: float) -> str | None:
        for tok in reversed(self.session.encounter.tokens):
            x0, y0, x1, y1 = tok.footprint_bounds()
            if x0 <= x < x1 and y0 <= y < y1 and tok.id in self.view.map_scene.tokens:
                return str(tok.id)
        return None

    def new_template_id(self) -> str:
        """"area-1" / "zone-1": the name the template's plate shows on both screens and the
        log gives it, in the interface's language."""
        used = {tp.id for tp in self.session.encounter.templates}
        while True:
            tid = f"{t('area')}-{next(self._ids)}"
            if tid not in used:
                return tid

    def preview_template(self, template: AreaTemplate) -> None:
        self.pending = template
        self.last_result = self.session.preview_area(template)
        self.overlay.show_result(template, self.last_result, self.session.encounter)

    def place_template(self, template: AreaTemplate) -> None:
        """Release: a new template is placed, an existing one updated (one undo step)."""
        existing = {tp.id for tp in self.session.encounter.templates}
        if template.id in existing:
            self.session.update_area(template)
        else:
            template = self.session.place_area(template) or template  # the engine may re-id
        self.pending = None
        self._activate(template)
        # One template per arming: the GM re-arms for the next (keeps clicks predictable).
        group = getattr(self.view, "template_actions", None)
        if group is not None and group.checkedAction() is not None:
            group.checkedAction().setChecked(False)
        self.arm(None)  # armed without the toolbar's action too (a script, a test)

    def cancel_template(self) -> None:
        self.pending = None
        self._activate(self.active)

    # -- the active template -------------------------------------------------------------
    def _activate(self, template: AreaTemplate | None) -> None:
        self.active = template
        self.placed.refresh(self.session, None if template is None else template.id)
        if template is None:
            self.overlay.show_result(None, None, self.session.encounter)
            self.bar.hide()
            return
        self.last_result = self.session.preview_area(template)
        self.overlay.show_result(template, self.last_result, self.session.encounter)
        self.bar.show_for(template.method, self._on_screen())

    def _on_screen(self) -> Any:
        """The template's box in viewport pixels (the bar docks to it)."""
        return self.view.mapFromScene(self.overlay.template_box()).boundingRect()

    def token_boxes(self) -> list[QRectF]:
        """The tokens in view (disc and name), in viewport pixels: the bar keeps off them."""
        view = self.view
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        return [QRectF(view.mapFromScene(box).boundingRect())
                for box in (item.sceneBoundingRect() for item in view.map_scene.tokens.values())
                if box.intersects(seen)]

    def view_moved(self) -> None:
        """The map scrolled or zoomed: the bar follows its template."""
        if self.active is not None and self.bar.isVisible():
            self.bar.dock_to(self._on_screen())

    def _update(self, **fields: Any) -> None:
        if self.active is None:
            return
        new = AreaTemplate.model_validate({**self.active.model_dump(), **fields})
        self.session.update_area(new)
        self._activate(new)

    def set_method(self, method: AreaMethod | None) -> None:
        self._update(method=method)

    def _ask_area(self, template_id: str, apply: Callable[[dict[str, Any]], Any]) -> Any:
        outcome, self.area_values[template_id] = ask_area(
            self.view, self.session.system, apply, self.area_values.get(template_id))
        return outcome

    def apply_active(self) -> None:
        """The dialog applies the template itself, so a refusal is said beside its field
        and the GM corrects it there; what the dialog gives back is the outcome."""
        if self.active is None:
            return
        tid = self.active.id
        try:
            outcome = self.ask_area(tid, lambda values: self.session.apply_area(tid, **values))
            if outcome is not None:
                self.last_outcome = outcome
        except (EngineError, ValueError) as err:  # a refusal no dialog took
            self.last_error = refusal(err)
            self.view.setToolTip(self.last_error)
            tell(self.view, self.last_error)

    # -- presets (the template bar's menu) -------------------------------------------------
    def use_preset(self, preset: Any) -> None:
        """Reshape the template in hand as the preset says, where it stands; the save and
        damage it carries become its apply dialog's starting values."""
        try:
            self._update(**area_presets.shape_fields(preset))
        except (EngineError, ValueError) as err:
            self.tell(refusal(err))
            return
        values = area_presets.dialog_values(preset)
        if values is not None and self.active is not None:
            self.area_values[self.active.id] = values

    def save_preset(self) -> None:
        if self.active is None:
            return
        a = self.active
        name = self.ask_preset_name(f"{t(a.shape.value.capitalize())} {measure(a.size_m)} m")
        if not name or not name.strip():
            return
        preset = area_presets.from_template(name[:80], a, self.area_values.get(a.id))
        area_presets.add(self.session.system.id, preset)
        self.tell(t("Preset saved: {name}").replace("{name}", preset.name))

    def remove_preset(self, name: str) -> None:
        area_presets.remove(self.session.system.id, name)
        self.tell(t("Preset removed: {name}").replace("{name}", name))

    def tell(self, text: str) -> None:
        self.last_error = text
        tell(self.view, text)

    def remove_active(self) -> None:
        if self.active is not None:
            self.session.remove_area(self.active.id)
            self._activate(None)

    def on_change(self, change: Any) -> None:
        kind = getattr(change, "kind", "")
        if kind not in ("templates", "tokens", "walls", "all", "options"):
            return
        if self.active is None:
            if kind != "tokens":  # a token moved changes no template's squares
                self.placed.refresh(self.session, None)
            return
        current = {tp.id: tp for tp in self.session.encounter.templates}
        self._activate(current.get(self.active.id))  # gone after an undo: hide it

    def retranslate(self) -> None:
        self.bar.retranslate()

    # -- keyboard ------------------------------------------------------------------------
    def key(self, event: QKeyEvent) -> bool:
        key, mods = event.key(), event.modifiers()
        if key == Qt.Key.Key_T and mods == Qt.KeyboardModifier.NoModifier:
            self._cycle_shape()
            return True
        if key == Qt.Key.Key_G and mods == Qt.KeyboardModifier.NoModifier and self.armed is None:
            return self._cycle_in_play()
        if key == Qt.Key.Key_Escape and (self.armed or self.active or self._tool):
            self._tool = None
            self.pending = None
            group = getattr(self.view, "template_actions", None)
            if group is not None and group.checkedAction() is not None:
                group.checkedAction().setChecked(False)
            self.arm(None)
            self._activate(None)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.armed is not None and self.active is None:
                self.place_template(self._keyboard_template(self.armed))
                return True
            if self.active is not None:
                self.apply_active()
                return True
        if self.active is None:
            return False
        t = self.active
        if key in MOVES and t.origin is not None and not mods & Qt.KeyboardModifier.ControlModifier:
            dx, dy = MOVES[Qt.Key(key)]
            self._update(origin=(t.origin[0] + dx, t.origin[1] + dy))
            return True
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal) and not mods & Qt.KeyboardModifier.ControlModifier:
            self._update(size_m=t.size_m + SQUARE_M)
            return True
        if key == Qt.Key.Key_Minus and not mods & Qt.KeyboardModifier.ControlModifier:
            self._update(size_m=max(SQUARE_M, t.size_m - SQUARE_M))
            return True
        if key == Qt.Key.Key_R:
            step = -15.0 if mods & Qt.KeyboardModifier.ShiftModifier else 15.0
            self._update(direction_deg=(t.direction_deg + step) % 360)
            return True
        if key == Qt.Key.Key_M:
            i = METHOD_CYCLE.index(t.method)
            self._update(method=METHOD_CYCLE[(i + 1) % len(METHOD_CYCLE)])
            return True
        if key == Qt.Key.Key_F and _flips(t):
            self._update(flip=not t.flip)
            return True
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_active()
            return True
        return False

    def _cycle_shape(self) -> None:
        """T arms the next shape (cone → sphere → … → none): keyboard access to the tools."""
        group = getattr(self.view, "template_actions", None)
        if group is None:
            return
        acts = group.actions()
        current = group.checkedAction()
        if current is None:
            acts[0].setChecked(True)
        elif current is acts[-1]:
            current.setChecked(False)
        else:
            acts[acts.index(current) + 1].setChecked(True)

    def _cycle_in_play(self) -> bool:
        """G takes up the templates in play in turn (the click's keyboard twin), and shows the
        one taken up."""
        templates = self.session.encounter.templates
        if not templates:
            return False
        ids = [t.id for t in templates]
        at = ids.index(self.active.id) + 1 if self.active is not None and (
            self.active.id in ids) else 0
        self._activate(templates[at % len(ids)])
        self.view.ensureVisible(self.overlay.template_box(), 40, 40)
        return True

    def _keyboard_template(self, shape: AreaShape) -> AreaTemplate:
        """Enter with a shape armed: a template at the selection (emanation) or view centre."""
        sel = self.view.selected_token_ids()
        tid = self.new_template_id()
        if shape is AreaShape.EMANATION and sel:
            return AreaTemplate(id=tid, shape=shape, token=sel[0], size_m=3.0)
        c = self.view.visible_grid_rect().center()
        return AreaTemplate(id=tid, shape=shape, origin=(float(round(c.x())), float(round(c.y()))),
                            size_m=4.5)


def _flips(t: AreaTemplate) -> bool:
    """Whether `flip` changes the template, so `F` takes the other side as `--flip` does: a
    line along a grid line takes the other row, a cube grows to the left instead of the right,
    and a cone anchored on a creature starts at the other intersection of a tie."""
    return t.shape in (AreaShape.LINE, AreaShape.CUBE) or (
        t.shape is AreaShape.CONE and t.token is not None)


def ask_preset_name(parent: Any, suggested: str) -> str | None:
    from PySide6.QtWidgets import QInputDialog

    name, ok = QInputDialog.getText(parent, t("Save this template as a preset…"),
                                    t("Preset name"), text=suggested)
    return name if ok else None
