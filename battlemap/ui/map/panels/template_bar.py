"""A small bar docked to the active template: method switch, presets, Apply, Remove. It sits
just under the template on screen (above it when there is no room below), follows it when
the map scrolls or zooms, and never leaves the viewport. The same actions have keys (M,
Enter, Delete) for a keyboard-only path. The presets menu offers the system's area effects
(or says why its text has none) and the GM's own, saved from the template in hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
)

from battlemap.model import AreaMethod
from battlemap.ui.i18n import measure, say
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.panels import area_presets

METHOD_LABELS = {None: "System default", AreaMethod.DND35: "3.5 (1-2-1-2)",
                 AreaMethod.HALF: "≥ 50 %", AreaMethod.TOUCH: "Touched", AreaMethod.CENTER: "Centre"}


class TemplateBar(QFrame):
    def __init__(self, controller: Any, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("templateBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.controller = controller
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 3, 6, 3)
        self.label = QLabel(t("Method"))
        self.method = QComboBox()
        self.method.setObjectName("templateMethod")
        for method, text in METHOD_LABELS.items():
            self.method.addItem(t(text), method.value if method else "")
        self.presets = QToolButton()
        self.presets.setObjectName("templatePresets")
        self.presets.setText(t("Presets"))
        self.presets.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.preset_menu = QMenu(self.presets)
        self.preset_menu.setObjectName("templatePresetMenu")
        self.preset_menu.setToolTipsVisible(True)
        self.preset_menu.aboutToShow.connect(self.fill_presets)
        self.presets.setMenu(self.preset_menu)
        self.apply = QPushButton(t("Apply"))
        self.apply.setObjectName("templateApply")
        self.remove = QPushButton(t("Remove template"))
        self.remove.setObjectName("templateRemove")
        for w in (self.label, self.method, self.presets, self.apply, self.remove):
            row.addWidget(w)
        self.method.activated.connect(self._method_chosen)
        self.apply.clicked.connect(controller.apply_active)
        self.remove.clicked.connect(controller.remove_active)
        self.hide()

    def show_for(self, method: AreaMethod | None, anchor: QRect) -> None:
        """Show the bar for a template whose on-screen box (viewport pixels) is `anchor`."""
        self.method.setCurrentIndex(max(0, self.method.findData(method.value if method else "")))
        self.adjustSize()
        self.dock_to(anchor)
        self.show()
        self.raise_()

    def dock_to(self, anchor: QRect) -> None:
        room = self.parentWidget().rect() if self.parentWidget() else QRect()
        self.move(*bar_position(QRectF(anchor), self.width(), self.height(), QRectF(room),
                                self.controller.token_boxes()))

    def fill_presets(self) -> None:
        """The menu as it stands now: the system's presets, the GM's, save and remove."""
        menu = self.preset_menu
        menu.clear()
        ctl = self.controller
        system = ctl.session.system
        menu.addSection(t("From the rules"))
        for preset in system.area_presets:
            act = menu.addAction(say(preset.name))
            act.setToolTip(preset_summary(preset))
            act.triggered.connect(lambda _c=False, p=preset: ctl.use_preset(p))
        if not system.area_presets and system.presets_missing is not None:
            why = say(system.presets_missing)
            act = menu.addAction(t("None in the rules' text (why?)"))
            act.setObjectName("presetNone")
            act.setToolTip(why)
            act.triggered.connect(lambda _c=False, w=why: ctl.tell(w))
        menu.addSection(t("My presets"))
        mine = area_presets.load(system.id)
        for preset in mine:
            act = menu.addAction(preset.name)
            act.setToolTip(preset_summary(preset))
            act.triggered.connect(lambda _c=False, p=preset: ctl.use_preset(p))
        if not mine:
            menu.addAction(t("None yet")).setEnabled(False)
        menu.addSeparator()
        save = menu.addAction(t("Save this template as a preset…"))
        save.setObjectName("presetSave")
        save.triggered.connect(lambda _c=False: ctl.save_preset())
        drop = menu.addMenu(t("Remove a preset"))
        drop.setEnabled(bool(mine))
        for preset in mine:
            drop.addAction(preset.name).triggered.connect(
                lambda _c=False, n=preset.name: ctl.remove_preset(n))

    def _method_chosen(self, index: int) -> None:
        value = self.method.itemData(index)
        self.controller.set_method(AreaMethod(value) if value else None)

    def retranslate(self) -> None:
        self.label.setText(t("Method"))
        self.presets.setText(t("Presets"))
        self.apply.setText(t("Apply"))
        self.remove.setText(t("Remove template"))
        for i, text in enumerate(METHOD_LABELS.values()):
            self.method.setItemText(i, t(text))
        self.adjustSize()


def preset_summary(preset: object) -> str:
    """One line for a preset's tooltip: shape and size, and what the rules give with it."""
    shape = str(getattr(preset, "shape", ""))
    parts = [f"{t(shape.capitalize())} {measure(getattr(preset, 'size_m', 0.0))} m"]
    for label, field in (("Save ability", "save"), ("DC", "dc"), ("Damage dice", "damage")):
        value = getattr(preset, field, None)
        if value is not None:
            parts.append(f"{t(label)} {value}")
    source = getattr(preset, "source", None)
    if source:
        parts.append(say(source))
    return " · ".join(parts)


GAP = 8  # pixels between the template and the bar


def bar_position(anchor: QRectF, w: float, h: float, room: QRectF,
                 avoid: Sequence[QRectF] = ()) -> tuple[int, int]:
    """Top-left of a w×h bar beside `anchor`: centred under it, else above it, else to its
    right or left; always kept inside `room` (a template bigger than the view gets the bar
    at the bottom edge). It keeps off the `avoid` boxes (the tokens on screen, with their
    names: it hid the creatures under the template it was about to hit): under or above, it
    may slide sideways past a token while still facing its template; when every place
    covers one, the place covering the fewest wins."""
    cx, cy = anchor.center().x() - w / 2, anchor.center().y() - h / 2

    def inside(x: float, y: float) -> bool:
        return room.top() <= y and y + h <= room.bottom() and room.left() <= x \
            and x + w <= room.right()

    def clamp(x: float, y: float) -> tuple[int, int]:
        x = max(room.left(), min(x, room.right() - w))
        y = max(room.top(), min(y, room.bottom() - h))
        return (round(x), round(y))

    # Under or above may slide sideways to stay on screen (or off a token) while it still
    # faces the template; beside must fit as it is.
    slides = sorted({b.right() + GAP for b in avoid} | {b.left() - GAP - w for b in avoid},
                    key=lambda x: abs(x - cx))
    places: list[tuple[int, int]] = []
    for y in (anchor.bottom() + GAP, anchor.top() - GAP - h):
        if room.top() <= y and y + h <= room.bottom():
            places += [p for p in (clamp(x, y) for x in [cx, *slides])
                       if p[0] < anchor.right() and p[0] + w > anchor.left()]
    places += [clamp(x, y) for x, y in ((anchor.right() + GAP, cy), (anchor.left() - GAP - w, cy))
               if inside(x, y)]
    if not places:
        return clamp(cx, anchor.bottom() + GAP)

    def covered(p: tuple[int, int]) -> int:
        return sum(QRectF(p[0], p[1], w, h).intersects(box) for box in avoid)

    return min(places, key=covered)  # the first of the least covering, in order
