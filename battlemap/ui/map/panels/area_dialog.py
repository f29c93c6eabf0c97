"""Apply an area: save ability, DC, damage dice, half on success, optional physical dice.
OK applies it through the callback it is given (`session.apply_area`); what is wrong is said
beside its field, in the interface's language, and the dialog stays open with what was typed.
The values typed last for a template come back the next time it is applied."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.engine.errors import EngineError
from battlemap.rules.core.notation import NotationError, check_notation
from battlemap.text import Message
from battlemap.ui.i18n import language, refusal, say
from battlemap.ui.i18n.map_words import t

# The fields an error is said beside (the rest goes under the form).
FIELDS = ("save", "damage", "forced", "other")
ERROR_ROOM_PX = 480


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
                 table_saves: frozenset[str] = frozenset(),
                 apply: Callable[[dict[str, Any]], Any] | None = None,
                 remembered: dict[str, Any] | None = None) -> None:
        """`saves`: the system's saves, id → its French name (`RuleSystem.save_kinds`);
        `damage_kinds` its damage types, the same way (`RuleSystem.damage_kinds`);
        `table_saves` the saves rolled against each creature's own number (PMT, 2bis
        categories: `table_saves()`), for which the DC box is off. `apply` makes the
        effect with the values (its result is `outcome`); `remembered` the fields as
        `state()` gave them when the dialog last closed."""
        super().__init__(parent)
        self.setObjectName("areaDialog")
        self.setWindowTitle(t("Apply template"))
        self.setMinimumWidth(ERROR_ROOM_PX)  # room for a sentence beside a field
        self.apply = apply
        self.outcome: Any = None
        form = QFormLayout(self)
        self.ability = QComboBox()
        self.ability.setEditable(True)
        # No save is an empty line (a typed "dex" is "dex", not "—dex"), said by its hint.
        self.ability.addItem("", None)
        edit = self.ability.lineEdit()
        if edit is not None:
            edit.setPlaceholderText(t("none"))
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
        self.errors = {field: QLabel() for field in FIELDS}
        for field, label in self.errors.items():
            label.setObjectName(f"areaError_{field}")
            label.setWordWrap(True)
            label.setStyleSheet("color: #c62828;")
            label.hide()
        form.addRow(t("Save ability"), _beside(self.ability, self.errors["save"]))
        form.addRow(t("DC"), self.dc)
        form.addRow(t("Damage dice"), _beside(self.damage, self.errors["damage"]))
        form.addRow(t("Damage type"), self.kind)
        form.addRow(t("Half damage on a success"), self.half)
        form.addRow(t("Physical dice (e.g. 17, 6)"), _beside(self.forced, self.errors["forced"]))
        form.addRow(self.errors["other"])
        if remembered:
            self.restore(remembered)
        self._dc_applies()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def state(self) -> dict[str, Any]:
        """The fields as typed, to fill the dialog again (`remembered`), with the save and
        the damage type also by their ids (a preset keeps those: the names are a
        language's)."""
        return {"ability": self.ability.currentText(), "save_id": self._save(),
                "dc": self.dc.value(), "damage": self.damage.text(),
                "kind": self.kind.currentText(), "kind_id": self.damage_kind(),
                "half": self.half.isChecked(), "forced": self.forced.text()}

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the fields from a `state()`, or from a preset's values (ids, no names)."""
        _pick(self.ability, state.get("save_id"), str(state.get("ability") or ""))
        if state.get("dc") is not None:
            self.dc.setValue(int(state["dc"]))
        self.damage.setText(str(state.get("damage") or ""))
        _pick(self.kind, state.get("kind_id"), str(state.get("kind") or ""))
        self.half.setChecked(bool(state.get("half", True)))
        self.forced.setText(str(state.get("forced") or ""))

    def say_error(self, field: str, text: str) -> None:
        label = self.errors[field]
        label.setText(text)
        label.setVisible(bool(text))
        self.adjustSize()  # the sentence's lines, shown whole

    def try_accept(self) -> None:
        """OK: the values checked, then applied; a problem is said beside its field and
        the dialog stays open with what was typed."""
        for field in FIELDS:
            self.say_error(field, "")
        try:
            values = self.values()
        except ValueError:
            self.say_error("forced", t("Physical dice are whole numbers, e.g. 17, 6"))
            return
        if values["damage"]:
            try:
                check_notation(values["damage"])
            except NotationError as err:
                self.say_error("damage", say(err.args[0]))
                return
        if self.apply is not None:
            try:
                self.outcome = self.apply(values)
            except (EngineError, ValueError) as err:
                self.say_error(_field_of(err), refusal(err))
                return
        self.accept()

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
        """The save picked, or typed in; None for none."""
        i = self.ability.currentIndex()
        text = self.ability.currentText().strip()
        if i >= 0 and self.ability.itemText(i).strip() == text and self.ability.itemData(i):
            return str(self.ability.itemData(i))
        return text or None

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


def _pick(box: QComboBox, data: Any, text: str) -> None:
    """Choose the entry whose id is `data`, else the one that reads `text`, else type the
    text (or the id) in."""
    i = box.findData(data) if data else -1
    if i < 0:
        i = box.findText(text)
    if i >= 0:
        box.setCurrentIndex(i)
    else:
        box.setEditText(text or str(data or ""))


def _beside(field: QWidget, error: QLabel) -> QWidget:
    """A field with the sentence that says what is wrong with it, just under it."""
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    row = QHBoxLayout()
    row.addWidget(field, 1)
    lay.addLayout(row)
    lay.addWidget(error)
    return box


def _field_of(err: Exception) -> str:
    """Which field an engine's or rules' refusal is about: the damage dice, the save, the
    physical dice, or none of them."""
    said = getattr(err, "reason", None) or (err.args[0] if err.args else None)
    key = said.key if isinstance(said, Message) else ""
    if key.startswith(("error.dice", "notation.")):
        return "damage"
    if key == "save.unknown":
        return "save"
    if key.startswith("dice.forced"):
        return "forced"
    return "other"


def ask_area(parent: QWidget | None, system: Any, apply: Callable[[dict[str, Any]], Any],
             remembered: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """The outcome of `apply` on the values the GM confirmed (None: cancelled), and the
    fields as the dialog closed, to fill it again next time."""
    dlg = AreaDialog(system.save_kinds(), parent, system.damage_kinds(), system.table_saves(),
                     apply=apply, remembered=remembered)
    accepted = dlg.exec() == QDialog.DialogCode.Accepted
    state = dlg.state()
    dlg.deleteLater()
    return (dlg.outcome if accepted else None), state
