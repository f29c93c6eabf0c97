"""A small bar docked to the active template: method switch, Apply, Remove. It sits just
under the template on screen (above it when there is no room below), follows it when the map
scrolls or zooms, and never leaves the viewport. The same actions have keys (M, Enter,
Delete) for a keyboard-only path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from battlemap.model import AreaMethod
from battlemap.ui.i18n.map_words import t

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
        self.apply = QPushButton(t("Apply"))
        self.apply.setObjectName("templateApply")
        self.remove = QPushButton(t("Remove template"))
        self.remove.setObjectName("templateRemove")
        for w in (self.label, self.method, self.apply, self.remove):
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

    def _method_chosen(self, index: int) -> None:
        value = self.method.itemData(index)
        self.controller.set_method(AreaMethod(value) if value else None)

    def retranslate(self) -> None:
        self.label.setText(t("Method"))
        self.apply.setText(t("Apply"))
        self.remove.setText(t("Remove template"))
        for i, text in enumerate(METHOD_LABELS.values()):
            self.method.setItemText(i, t(text))
        self.adjustSize()


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
