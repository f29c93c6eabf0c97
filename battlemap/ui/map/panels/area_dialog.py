"""Apply an area: save ability, DC, damage dice, half on success, optional physical dice.
Returns the keyword arguments of `session.apply_area`."""

from __future__ import annotations

import unicodedata
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
from battlemap.ui.i18n.map_words import t


def parse_dice(text: str) -> list[int]:
    """'17, 6 3' → [17, 6, 3]; raises ValueError on anything else."""
    parts = text.replace(",", " ").split()
    return [int(x) for x in parts]


def _folded(word: str) -> str:
    """'Électricité ' → 'electricite': typed names match whatever their case and accents."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def damage_kind_of(text: str, kinds: dict[str, str]) -> str:
    """The damage type the engine reads for what the GM typed: a system type by its id or
    its French name ("feu" → "fire", "Électricité" → "electricity"), each part of a
    3.5-style "feu+magic" mapped alone; anything else kept as typed."""
    by_word: dict[str, str] = {}
    for kind_id, name_fr in kinds.items():
        by_word.setdefault(_folded(kind_id), kind_id)
        by_word.setdefault(_folded(name_fr), kind_id)
    parts = [p.strip() for p in text.split("+")]
    return "+".join(by_word.get(_folded(p), p) for p in parts if p)


class AreaDialog(QDialog):
    def __init__(self, saves: dict[str, str], parent: QWidget | None = None,
                 damage_kinds: dict[str, str] | None = None,
                 table_saves: frozenset[str] = frozenset()) -> None:
        """`saves`: the system's saves, id → its French name (`RuleSystem.save_kinds`);
        `damage_kinds` its damage types, the same way (`RuleSystem.damage_kinds`);
        `table_saves` the saves rolled against each creature's own number (PMT, 2bis
        categories: `table_saves()`), for which the DC box is off."""
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
        self.table_saves = table_saves
        self.ability.currentIndexChanged.connect(self._dc_applies)
        self.ability.editTextChanged.connect(self._dc_applies)
        self.damage = QLineEdit()
        self.damage.setPlaceholderText("8d6")
        # The system's damage types by their names in the interface's language, stored by
        # id; a French name typed in is read as its type, any other word kept as typed.
        self.damage_kinds = dict(damage_kinds or {})
        self.kind = QComboBox()
        self.kind.setObjectName("areaDamageKind")
        self.kind.setEditable(True)
        self.kind.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.kind.addItem("", "")
        fr = language() == "fr"
        for kind_id, name_fr in sorted(self.damage_kinds.items(),
                                       key=lambda kv: _folded(kv[1] if fr else kv[0])):
            self.kind.addItem(name_fr if fr else kind_id, kind_id)
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
        self._dc_applies()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        ability = self._save()
        return {
            "save_ability": ability,
            "dc": self.dc.value() if self.dc.isEnabled() else None,
            "damage": self.damage.text().strip() or None,
            "damage_kind": self.damage_kind(),
            "half_on_success": self.half.isChecked(),
            "forced": tuple(parse_dice(self.forced.text())),
        }


    def _save(self) -> str | None:
        """The save picked, or typed in; None for "—"."""
        ability = self.ability.currentData() or (self.ability.currentText().strip() or None)
        return None if ability == "—" else ability

    def _dc_applies(self) -> None:
        """No save, or a save on the creature's own table: the DC box is off, and says why."""
        save = self._save()
        own = save in self.table_saves
        self.dc.setEnabled(bool(save) and not own)
        self.dc.setSpecialValueText(t("each creature's own number") if own else "")
        if own:
            self.dc.setValue(self.dc.minimum())

    def damage_kind(self) -> str:
        """The damage type's id (a listed one, or a French name typed in), else the text."""
        text = self.kind.currentText().strip()
        i = self.kind.currentIndex()
        if i >= 0 and self.kind.itemText(i) == self.kind.currentText():
            return str(self.kind.itemData(i) or "")
        return damage_kind_of(text, self.damage_kinds)


def ask_area(parent: QWidget | None, system: Any) -> dict[str, Any] | None:
    dlg = AreaDialog(system.save_kinds(), parent, system.damage_kinds(), system.table_saves())
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    return dlg.values()
