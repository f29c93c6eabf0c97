"""Encounter options: the rule system, the map-wide choices (diagonals, area method,
flanking, opportunity attacks; "system default" leaves them to the system) and every option
of the system's own options model with its one-line description and seed section."""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Literal

from battlemap.engine.option_words import MAP_OPTIONS
from battlemap.ui.docks.base import Dock
from battlemap.ui.docks.stats_form import _base_type, field_label
from battlemap.ui.i18n import tr

if TYPE_CHECKING:  # annotations only: the classes are made when the body is built
    from PySide6.QtWidgets import QWidget

class OptionsDock(Dock):
    kinds = ("options",)

    def __init__(self, window: Any) -> None:
        super().__init__(window, "Encounter options", "options_dock")

    def build(self) -> None:
        from PySide6.QtWidgets import (
            QFormLayout,
            QGroupBox,
            QLabel,
            QScrollArea,
            QVBoxLayout,
            QWidget,
        )

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        self.inner = QWidget()
        scroll.setWidget(self.inner)
        self.lay = QVBoxLayout(self.inner)
        self.system_label = QLabel()
        self.system_label.setObjectName("options_system")
        self.system_label.setWordWrap(True)
        self.lay.addWidget(self.system_label)
        self.map_box = QGroupBox()
        self.texts.bind(self.map_box, "Map", "setTitle")
        self.map_form = QFormLayout(self.map_box)
        self.lay.addWidget(self.map_box)
        self.rules_box = QGroupBox()
        self.texts.bind(self.rules_box, "Rules of the system", "setTitle")
        self.rules_form = QFormLayout(self.rules_box)
        self.lay.addWidget(self.rules_box)
        self.lay.addWidget(self.message)
        self.lay.addStretch(1)
        self.editors: dict[str, QWidget] = {}
        self.setWidget(scroll)
        self.setObjectName("options_dock")

    def refresh(self) -> None:
        from PySide6.QtWidgets import (
            QComboBox,
            QLabel,
            QVBoxLayout,
            QWidget,
        )

        s = self.session
        if s is None:
            return
        system = s.system
        self.system_label.setText(tr("System: {name} (seed {seed})").format(
            name=system.name, seed=system.seed))
        self.editors.clear()
        for form in (self.map_form, self.rules_form):
            while form.rowCount():
                form.removeRow(0)
        opts = s.encounter.options
        for field, (label, choices) in MAP_OPTIONS.items():
            box = QComboBox()
            box.setObjectName(f"option_{field}")
            box.addItem(tr("system default"), None)
            for value, text in choices:
                box.addItem(tr(text), value)
            box.setCurrentIndex(max(0, box.findData(getattr(opts, field))))
            box.activated.connect(lambda _i, f=field, b=box: self._set_map(f, b.currentData()))
            self.map_form.addRow(tr(label), box)
            self.editors[field] = box
        values = s.options
        for name, info in system.options_model.model_fields.items():
            editor = self._rule_editor(name, _base_type(info.annotation), getattr(values, name))
            if editor is None:
                continue
            editor.setObjectName(f"rule_{name}")
            cell = QWidget()
            cl = QVBoxLayout(cell)
            cl.setContentsMargins(0, 0, 0, 6)
            cl.addWidget(editor)
            if info.description:
                desc = QLabel(tr(info.description))
                desc.setObjectName(f"rule_{name}_description")
                desc.setWordWrap(True)
                desc.setStyleSheet("color: palette(placeholder-text);")
                cl.addWidget(desc)
            self.rules_form.addRow(tr(field_label(name)), cell)
            self.editors[name] = editor

    def _rule_editor(self, name: str, kind: Any, value: Any) -> QWidget | None:
        from PySide6.QtWidgets import (
            QCheckBox,
            QComboBox,
            QSpinBox,
        )

        if kind is bool:
            check = QCheckBox()
            check.setChecked(bool(value))
            check.clicked.connect(lambda on, n=name: self._set_rule(n, on))
            return check
        if typing.get_origin(kind) is Literal:
            box = QComboBox()
            for choice in typing.get_args(kind):
                box.addItem(tr(str(choice)), choice)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.activated.connect(lambda _i, n=name, b=box: self._set_rule(n, b.currentData()))
            return box
        if kind is int:
            spin = QSpinBox()
            spin.setRange(-1000, 1000)
            spin.setValue(int(value))
            spin.editingFinished.connect(lambda n=name, w=spin: self._set_rule(n, w.value()))
            return spin
        if kind is float:
            from battlemap.ui.docks.number_box import (
                NumberBox,  # a widget class: built with the dock
            )

            dspin = NumberBox(places=2)  # « 1,5 » in French whatever the OS locale
            dspin.setRange(-1000, 1000)
            dspin.setValue(float(value))
            dspin.editingFinished.connect(lambda n=name, w=dspin: self._set_rule(n, w.value()))
            return dspin
        return None  # lists and nested choices: edited in the file, shown nowhere yet

    def _set_map(self, field: str, value: Any) -> None:
        self.run(self.session.set_options, **{field: value})
        self.refresh()

    def _set_rule(self, name: str, value: Any) -> None:
        self.run(self.session.set_options, rules={name: value})
        self.refresh()
