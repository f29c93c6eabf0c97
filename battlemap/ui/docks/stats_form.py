"""An editor for any system's stats model, built from its pydantic fields: numbers, text,
yes/no and choices get their own editor; nested models (abilities) are flattened one level;
lists (weapons, proficiencies) are edited as compact JSON. Validation is the model's own."""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Literal

from pydantic import BaseModel, ValidationError
from PySide6.QtWidgets import QWidget

from battlemap.engine.option_words import field_label
from battlemap.ui.i18n import language, number_text, parse_number, tr, trf, validation_message


class OptionalStr:
    """Editor kind of a `str | None` field: a text box, empty for None."""


class OptionalFloat:
    """Editor kind of a `float | None` field (a weapon's reach, a speed override): a text box
    with the number written the interface's way, empty for None (the system's default)."""


def _base_type(annotation: Any) -> Any:
    """Strip Optional/Annotated so `int | None` edits like an int."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _base_type(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return _base_type(args[0])
    return annotation


class StatsForm(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QFormLayout, QLabel

        super().__init__(parent)
        self.layout_ = QFormLayout(self)
        self.editors: dict[str, tuple[Any, QWidget]] = {}  # dotted name → (type, editor)
        self.labels: list[tuple[QLabel, str]] = []
        self.model: type[BaseModel] | None = None

    def set_model(self, model: type[BaseModel], values: BaseModel) -> None:
        specs = self._specs(model, values, "")
        layout = [(dotted, kind) for dotted, kind, _, _ in specs]
        if model is self.model and layout == self._layout():
            # The same fields (another token of the system): new values in the same editors.
            # Rebuilding two dozen editors, laid out and painted again, cost ~15 ms a click.
            for dotted, kind, value, _ in specs:
                self._fill(kind, self.editors[dotted][1], value)
            return
        while self.layout_.rowCount():
            self.layout_.removeRow(0)
        self.editors.clear()
        self.labels.clear()
        self.model = model
        for dotted, kind, value, description in specs:
            self._add_row(dotted, kind, value, description)

    def _layout(self) -> list[tuple[str, Any]]:
        return [(dotted, kind) for dotted, (kind, _) in self.editors.items()]

    def _specs(self, model: type[BaseModel], values: BaseModel,
               prefix: str) -> list[tuple[str, Any, Any, str | None]]:
        """(dotted name, editor kind, value, description) per field, nested models
        flattened one level."""
        out: list[tuple[str, Any, Any, str | None]] = []
        for name, info in model.model_fields.items():
            kind = _base_type(info.annotation)
            value = getattr(values, name)
            if isinstance(kind, type) and issubclass(kind, BaseModel) and value is not None:
                out += self._specs(kind, value, f"{prefix}{name}.")
                continue
            if kind is float and _allows_none(info.annotation):
                kind = OptionalFloat  # an empty box means None ("the system's default")
            elif kind is int and _allows_none(info.annotation):
                kind = Any
            elif kind is str and _allows_none(info.annotation):
                kind = OptionalStr  # empty: None (AD&D's attack rate "" was refused)
            out.append((f"{prefix}{name}", kind, value, info.description))
        return out

    def _add_row(self, dotted: str, kind: Any, value: Any, description: str | None) -> None:
        from PySide6.QtWidgets import QLabel

        editor = self._editor(kind)
        self._fill(kind, editor, value)
        editor.setObjectName(f"stat_{dotted}")
        if description:
            editor.setToolTip(description)
        label = QLabel(" · ".join(tr(field_label(p)) for p in dotted.split(".")))
        self.labels.append((label, dotted))
        self.layout_.addRow(label, editor)
        self.editors[dotted] = (kind, editor)

    @staticmethod
    def _editor(kind: Any) -> QWidget:
        from PySide6.QtWidgets import (
            QCheckBox,
            QComboBox,
            QLineEdit,
            QSpinBox,
        )

        if kind is bool:
            return QCheckBox()
        if kind is int:
            spin = QSpinBox()
            spin.setRange(-100_000, 100_000)
            return spin
        if kind is float:
            from battlemap.ui.docks.number_box import (
                NumberBox,  # a widget class: built with the dock
            )

            dspin = NumberBox(places=2)  # « 7 », « 1,5 »: not the OS locale's "7.0"
            dspin.setRange(-100_000, 100_000)
            return dspin
        if typing.get_origin(kind) is Literal:
            combo = QComboBox()
            for choice in typing.get_args(kind):
                combo.addItem(tr(str(choice)), choice)  # the words; the value stays the id
            return combo
        return QLineEdit()

    @staticmethod
    def _fill(kind: Any, editor: Any, value: Any) -> None:
        """Show `value` in an editor made by `_editor(kind)`."""
        from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox

        if isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(value or 0))
        elif isinstance(editor, QDoubleSpinBox):
            editor.setValue(float(value or 0))
        elif isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif kind in (str, OptionalStr):
            editor.setText("" if value is None else str(value))
        elif kind is OptionalFloat:
            editor.setText("" if value is None else number_text(value))
        else:
            editor.setText("" if value is None else json.dumps(_plain(value), ensure_ascii=False))

    def retranslate(self) -> None:
        for label, dotted in self.labels:
            parts = dotted.split(".")
            label.setText(" · ".join(tr(field_label(p)) for p in parts))
        # The numbers too: « 1,5 » becomes "1.5".
        for kind, editor in self.editors.values():
            if hasattr(editor, "relabel"):  # a NumberBox
                editor.relabel()
            elif kind is OptionalFloat:
                number = parse_number(editor.text())  # type: ignore[attr-defined]
                if number is not None:
                    editor.setText(number_text(number))  # type: ignore[attr-defined]

    # -- reading back --------------------------------------------------------------------
    def raw_values(self) -> dict[str, Any]:
        """The edited values as a nested dict; a JSON field that does not parse raises
        ValueError with the field named."""
        out: dict[str, Any] = {}
        for dotted, (kind, editor) in self.editors.items():
            value = self._read(kind, editor, dotted)
            node = out
            *parents, leaf = dotted.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[leaf] = value
        return out

    @staticmethod
    def _read(kind: Any, editor: Any, dotted: str) -> Any:
        from PySide6.QtWidgets import (
            QCheckBox,
            QComboBox,
            QDoubleSpinBox,
            QSpinBox,
        )

        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QSpinBox | QDoubleSpinBox):
            return editor.value()
        if isinstance(editor, QComboBox):
            return editor.currentData()
        text = editor.text()
        if kind is str:
            return text
        if not text.strip():
            return None
        if kind is OptionalStr:
            return text
        if kind is OptionalFloat:
            number = parse_number(text)
            if number is None:
                raise ValueError(trf("{field}: not a number.", field=_where(dotted.split("."))))
            return number
        try:
            return json.loads(text)
        except ValueError:
            raise ValueError(trf("{field}: not valid JSON.",
                                 field=_where(dotted.split(".")))) from None

    def validated(self) -> BaseModel:
        """The model built from the editors; ValueError with one sentence otherwise."""
        assert self.model is not None
        try:
            return self.model.model_validate(self.raw_values())
        except ValidationError as err:
            first = err.errors()[0]
            where = _where(first.get("loc", ()))
            if language() != "fr":
                raise ValueError(f"{where}: {first.get('msg')}.") from None
            raise ValueError(f"{where} : {validation_message(first)}.") from None


def _where(loc: Any) -> str:
    """The field an error is about: its dotted id in English ("weapons.0.damage"), as its
    labels say it in French ("Armes · 1 · Dégâts", entries counted from 1)."""
    if language() != "fr":
        return ".".join(str(p) for p in loc)
    return " · ".join(str(p + 1) if isinstance(p, int) else tr(field_label(str(p)))
                      for p in loc)


def _allows_none(annotation: Any) -> bool:
    if typing.get_origin(annotation) is typing.Annotated:
        return _allows_none(typing.get_args(annotation)[0])
    return type(None) in typing.get_args(annotation)


def _plain(value: Any) -> Any:
    """JSON-ready, whole floats as whole numbers: a weapon's range reads 9, not 9.0."""
    if isinstance(value, BaseModel):
        return _plain(value.model_dump(mode="json"))
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
