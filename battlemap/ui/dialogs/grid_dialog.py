"""Asking for the grid's size in squares (shown with its size in metres)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QSpinBox, QWidget

from battlemap.model import SQUARE_M
from battlemap.ui.dialogs._buttons import ok_cancel
from battlemap.ui.i18n import tr, trf


class GridDialog(QDialog):
    def __init__(self, cols: int, rows: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Grid size"))
        form = QFormLayout(self)
        self.cols, self.rows = QSpinBox(), QSpinBox()
        for spin, value in ((self.cols, cols), (self.rows, rows)):
            spin.setRange(1, 1000)
            spin.setValue(value)
            spin.valueChanged.connect(self._update)
        self.metres = QLabel()
        form.addRow(tr("Columns"), self.cols)
        form.addRow(tr("Rows"), self.rows)
        form.addRow("", self.metres)
        form.addRow(ok_cancel(self))
        self._update()

    def _update(self) -> None:
        self.metres.setText(trf("{w:g} m × {h:g} m", w=self.cols.value() * SQUARE_M,
                                h=self.rows.value() * SQUARE_M))

    def grid_size(self) -> tuple[int, int]:
        return self.cols.value(), self.rows.value()
