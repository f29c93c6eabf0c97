"""Apply an area: save ability, DC, damage dice, half on success, optional physical dice.
Returns the keyword arguments of `session.apply_area`."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from battlemap.ui.i18n import language
from battlemap.ui.map.strings import t


def parse_dice(text: str) -> list[int]:
    """'17, 6 3' → [17, 6, 3]; raises ValueError on anything else."""
    parts = text.replace(",", " ").split()
    return [int(x) for x in parts]


class AreaDialog(QDialog):
    def __init__(self, saves: dict[str, str], parent: QWidget | None = None) -> None:
        """`saves`: the system's saves, id → its French name (`RuleSystem.save_kinds`)."""
        super().__init__(parent)
        self.setObjectName("areaDialog")
        self.setWindowTitle(t("Apply template"))
        form = QFormLayout(self)
        self.ability = QComboBox()
        self.ability.setEditable(True)
        self.ability.addItem("—", None)
        for save_id, name_fr in saves.items():
            self.ability.addItem(name_fr if language() == "fr" else save_id, save_id)
        self.dc = QSpinBox()
        self.dc.setRange(0, 60)
        self.dc.setValue(15)
        self.damage = QLineEdit()
        self.damage.setPlaceholderText("8d6")
        self.kind = QLineEdit()
        self.half = QCheckBox()
        self.half.setChecked(True)
        self.forced = QLineEdit()
        self.forced.setPlaceholderText("—")
        form.addRow(t("Save ability"), self.ability)
        form.addRow(t("DC"), self.dc)
        form.addRow(t("Damage dice"), self.damage)
        form.addRow(t("Damage type"), self.kind)
        form.addRow(t("Half damage on a success"), self.half)
        form.addRow(t("Physical dice (e.g. 17, 6)"), self.forced)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        ability = self.ability.currentData() or (self.ability.currentText().strip() or None)
        if ability == "—":
            ability = None
        return {
            "save_ability": ability,
            "dc": self.dc.value() if ability else None,
            "damage": self.damage.text().strip() or None,
            "damage_kind": self.kind.text().strip(),
            "half_on_success": self.half.isChecked(),
            "forced": tuple(parse_dice(self.forced.text())),
        }


def ask_area(parent: QWidget | None, saves: dict[str, str]) -> dict[str, Any] | None:
    dlg = AreaDialog(saves, parent)
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return dlg.values()
