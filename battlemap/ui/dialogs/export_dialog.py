"""Export PNG: the picture's size in pixels and whose view it shows — the GM's (hidden tokens
as ghosts, no selection) or the players' (what their window shows, with or without fog)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from battlemap.ui.dialogs._buttons import ok_cancel
from battlemap.ui.i18n import tr
from battlemap.ui.player.player_window import FOG_KEY

SIDE_MIN, SIDE_MAX = 16, 16384  # pixels per side, as `battlemap render --size`
VIEWS = (("gm", "GM's view"), ("players", "Players' view"))
LAST_VIEW_KEY = "export/view"  # the last choice, offered first next time


@dataclass(frozen=True)
class ExportChoice:
    width: int
    height: int
    players: bool
    fog: bool


class ExportDialog(QDialog):
    def __init__(self, size: tuple[int, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export_dialog")
        self.setWindowTitle(tr("Export map as PNG"))
        form = QFormLayout(self)
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for name, spin, value in (("export_width", self.width_box, size[0]),
                                  ("export_height", self.height_box, size[1])):
            spin.setObjectName(name)
            spin.setRange(SIDE_MIN, SIDE_MAX)
            spin.setValue(max(SIDE_MIN, min(SIDE_MAX, value)))
            spin.setSuffix(" px")
        self.view_box = QComboBox()
        self.view_box.setObjectName("export_view")
        for key, label in VIEWS:
            self.view_box.addItem(tr(label), key)
        last = self.view_box.findData(QSettings().value(LAST_VIEW_KEY, "gm"))
        self.view_box.setCurrentIndex(max(0, last))
        self.fog = QCheckBox(tr("Fog of war"))
        self.fog.setObjectName("export_fog")
        self.fog.setChecked(QSettings().value(FOG_KEY, True, type=bool))
        self.view_box.currentIndexChanged.connect(self._view_changed)
        form.addRow(tr("Width"), self.width_box)
        form.addRow(tr("Height"), self.height_box)
        form.addRow(tr("View"), self.view_box)
        form.addRow("", self.fog)
        form.addRow(ok_cancel(self))
        self._view_changed()

    def _view_changed(self) -> None:
        self.fog.setEnabled(self.players)  # the GM's map has no fog

    @property
    def players(self) -> bool:
        return bool(self.view_box.currentData() == "players")

    def choice(self) -> ExportChoice:
        QSettings().setValue(LAST_VIEW_KEY, self.view_box.currentData())
        return ExportChoice(self.width_box.value(), self.height_box.value(), self.players,
                            self.players and self.fog.isChecked())


def ask_export(size: tuple[int, int], parent: QWidget | None = None) -> ExportChoice | None:
    """The GM's choice, or None when the dialog is cancelled."""
    dialog = ExportDialog(size, parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
