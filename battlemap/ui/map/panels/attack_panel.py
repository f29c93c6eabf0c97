"""The attack panel: the situation and every modifier with its source, from
`session.preview_attack`, before rolling. The GM may switch a modifier off or add one, make the
per-attack choices the system offers (`session.attack_choices`), declare a manoeuvre, roll,
or type the faces of physical dice; the result comes from `session.attack` (or
`session.manoeuvre`, which asks the GM for the defender's choice when the system gives one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.engine.decision import Decision
from battlemap.engine.errors import EngineError
from battlemap.engine.log_text import word
from battlemap.engine.words import said
from battlemap.rules.core.dice import ForcedDieError
from battlemap.rules.core.gm_edits import gm_modifier
from battlemap.rules.core.modifiers import Modifier
from battlemap.ui.i18n import labelled, refusal, say
from battlemap.ui.i18n.map_words import t
from battlemap.ui.map.panels.area_dialog import parse_dice
from battlemap.ui.map.panels.attack_text import (
    dropped_why,
    manoeuvre_text,
    modifier_type,
    outcome_text,
    provokes_text,
    situation_lines,
)
from battlemap.ui.map.panels.defender_choice import ask_defender
from battlemap.ui.map.panels.oa_dialog import ask_oa

SOURCE_COLUMN_PX = 120  # the source column before it stretches over the room left


class AttackPanel(QDialog):
    def __init__(self, session: Any, attacker: str, target: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attackPanel")
        self.session, self.attacker, self.target = session, attacker, target
        self.extra: list[Modifier] = []
        self.disabled: set[str] = set()
        self.preview: Any = None
        self.outcome: Any = None
        # While a roll is under way the map changes under the panel (the target falls
        # prone): the table keeps what the roll counted, not a new preview of the result.
        self._rolling = False
        self._shown: Any = None  # what the table lists (`_table_source`)
        names = {tk.id: tk.name for tk in session.encounter.tokens}
        self.names = names
        lay = QVBoxLayout(self)
        self.weapon = QComboBox()
        self.weapon.setObjectName("attackWeapon")
        for w in getattr(session.stats(attacker), "weapons", []) or []:
            self.weapon.addItem(w.name, w.name)
        # Open on a weapon that can reach (a bow when the sword cannot); none: say why.
        reaching, self.reach_why = session.reaching_weapon(attacker, target)
        if reaching is not None:
            self.weapon.setCurrentIndex(max(0, self.weapon.findData(reaching)))
        row = QHBoxLayout()
        self.weapon_label = QLabel()
        row.addWidget(self.weapon_label)
        row.addWidget(self.weapon, 1)
        lay.addLayout(row)
        # The system's per-attack choices, rebuilt when the weapon changes (key → widget).
        self.choices: dict[str, QComboBox | QCheckBox] = {}
        self._choice_words: list[tuple[Any, QLabel | QCheckBox]] = []  # (choice, its label)
        self.choice_row = QHBoxLayout()
        lay.addLayout(self.choice_row)
        self.manoeuvre = QComboBox()
        self.manoeuvre.setObjectName("attackManoeuvre")
        self.manoeuvre.addItem("", None)
        for name in session.system.manoeuvres():
            self.manoeuvre.addItem("", name)
        self.manoeuvre.currentIndexChanged.connect(self._manoeuvre_changed)
        row = QHBoxLayout()
        self.manoeuvre_label = QLabel()
        row.addWidget(self.manoeuvre_label)
        row.addWidget(self.manoeuvre, 1)
        lay.addLayout(row)
        self.situation = QLabel()
        self.situation.setObjectName("attackSituation")
        self.situation.setWordWrap(True)
        self.situation_title = QLabel()
        lay.addWidget(self.situation_title)
        lay.addWidget(self.situation)
        # Who would make an opportunity attack if this attack were made (engine/provoke.py):
        # the GM sees it before rolling, and is asked on Roll as on a drop.
        self.provokes = QLabel()
        self.provokes.setObjectName("attackProvokes")
        self.provokes.setWordWrap(True)
        lay.addWidget(self.provokes)
        self.ask_oa: Callable[[list[Any], dict[str, str]], dict[str, str] | None] = (
            lambda provokes, names: ask_oa(self, provokes, names))
        self.modifiers_title = QLabel()
        lay.addWidget(self.modifiers_title)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("attackModifiers")
        # "Applies to": the attack roll, the target's AC (or THAC0…), a check…: the table
        # mixes the attacker's bonuses with the parts of the number it must reach.
        self.table.horizontalHeader().setStretchLastSection(True)
        # "Applies to" is shown before the long source, which comes last (logical columns
        # stay: 3 the source, 4 what it applies to).
        self.table.horizontalHeader().moveSection(4, 3)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)  # one line per modifier; the full source is the tooltip
        self.table.itemChanged.connect(self._toggled)
        lay.addWidget(self.table, 1)
        # The GM's situational modifiers in one click, where the system has them (its
        # properties): advantage or disadvantage, the ±N of circumstances.
        system = session.system
        self.edge: str | None = None
        self.gm_row = QHBoxLayout()
        self.gm_label = QLabel()
        self.gm_row.addWidget(self.gm_label)
        self.edge_buttons: dict[str, QPushButton] = {}
        if system.gm_advantage_source:
            for which in ("advantage", "disadvantage"):
                button = QPushButton()
                button.setObjectName(f"attack_{which}")
                button.setCheckable(True)
                button.setToolTip(say(system.gm_advantage_source))
                button.toggled.connect(lambda on, w=which: self._edge(w, on))
                self.edge_buttons[which] = button
                self.gm_row.addWidget(button)
        self.circumstance_buttons: list[QPushButton] = []
        if system.gm_circumstance:
            for sign in (1, -1):
                button = QPushButton(f"{sign * system.gm_circumstance:+d}")
                button.setObjectName("attackCircumstance" + ("Plus" if sign > 0 else "Minus"))
                button.setToolTip(say(system.gm_circumstance_source))
                button.clicked.connect(lambda _=False, n=sign: self._circumstance(n))
                self.circumstance_buttons.append(button)
                self.gm_row.addWidget(button)
        self.gm_row.addStretch(1)
        lay.addLayout(self.gm_row)
        add = QHBoxLayout()
        self.add_name = QLineEdit()
        self.add_value = QSpinBox()
        self.add_value.setRange(-50, 50)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self._add)
        for w in (self.add_name, self.add_value, self.add_button):
            add.addWidget(w)
        lay.addLayout(add)
        roll = QHBoxLayout()
        self.dice = QLineEdit()
        self.dice.setObjectName("attackDice")
        self.roll_button = QPushButton()
        self.roll_button.setObjectName("attackRoll")
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self.roll)
        roll.addWidget(self.dice, 1)
        roll.addWidget(self.roll_button)
        lay.addLayout(roll)
        self.result_label = QLabel()
        self.result_label.setObjectName("attackResult")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.result_label)
        # What the result label says, rebuilt in the language of the moment (None: nothing).
        self._result: Callable[[], str] | None = None
        self.resize(640, 560)
        self._set_words()
        self._weapon_changed()
        self.weapon.currentIndexChanged.connect(self._weapon_changed)

    def _set_words(self) -> None:
        """The panel's own words, in the current language."""
        self.setWindowTitle(
            labelled(t('Attack'), f"{self.names[self.attacker]} → {self.names[self.target]}"))
        self.weapon_label.setText(t("Weapon"))
        self.manoeuvre_label.setText(t("Manoeuvre"))
        system = self.session.system
        for i in range(self.manoeuvre.count()):
            name = self.manoeuvre.itemData(i)
            self.manoeuvre.setItemText(
                i, t("none") if name is None else say(system.manoeuvre_label(name)))
        self.situation_title.setText(f"<b>{t('Situation')}</b>")
        self.modifiers_title.setText(f"<b>{t('Modifiers')}</b>")
        self.table.setHorizontalHeaderLabels([t("Name"), t("Value"), t("Type"), t("Source"),
                                              t("Applies to")])
        self.add_name.setPlaceholderText(t("Name"))
        self.gm_label.setText(t("GM"))
        for which, button in self.edge_buttons.items():
            button.setText(t(which.capitalize()))
        for button in self.circumstance_buttons:
            button.setText(f"{t('Circumstances')} {button.text().split()[-1]}")
        self.add_button.setText(t("Add modifier"))
        self.dice.setPlaceholderText(t("Physical dice (e.g. 17, 6)"))
        self.roll_button.setText(t("Roll"))

    def retranslate(self) -> None:
        """The language changed while the panel is open: every word follows, in place; the
        GM's edits (modifiers switched off or added, choices, manoeuvre, typed dice) and a
        result already rolled stay."""
        self._set_words()
        for choice, label in self._choice_words:
            label.setText(say(choice.label))
        for w in self.choices.values():
            if isinstance(w, QComboBox) and w.count():
                w.setItemText(0, t("none"))
        if self._result is not None:
            self.result_label.setText(self._result())
        self.refresh()

    def _say(self, result: Callable[[], str]) -> None:
        self._result = result
        self.result_label.setText(result())

    def weapon_name(self) -> str | None:
        return self.weapon.currentData() if self.weapon.count() else None

    def _weapon_changed(self) -> None:
        """The choices depend on the weapon in hand (which off-hand weapons go with it)."""
        while self.choice_row.count():
            item = self.choice_row.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.choices.clear()
        self._choice_words.clear()
        for c in self.session.attack_choices(self.attacker, self.target, self.weapon_name()):
            widget: QComboBox | QCheckBox
            if c.kind == "weapon":
                widget = QComboBox()
                widget.addItem(t("none"), None)
                for value in c.values:
                    widget.addItem(value, value)
                widget.currentIndexChanged.connect(self.refresh)
                label: QLabel | QCheckBox = QLabel(say(c.label))
                self.choice_row.addWidget(label)
            else:
                widget = label = QCheckBox(say(c.label))
                widget.toggled.connect(self.refresh)
            self._choice_words.append((c, label))
            widget.setObjectName(f"attackChoice_{c.key}")
            widget.setToolTip(say(c.source))
            self.choice_row.addWidget(widget, 1)
            self.choices[c.key] = widget
        self._manoeuvre_changed()

    def _manoeuvre_changed(self) -> None:
        # A manoeuvre is one blow declared as such: the per-attack choices don't apply to it,
        # nor the GM's advantage (an attack roll's).
        for w in [*self.choices.values(), *self.edge_buttons.values()]:
            w.setEnabled(self.manoeuvre.currentData() is None)
        self.refresh()

    def options(self) -> dict[str, Any]:
        """The choices the GM made, in the words `session.attack` checks."""
        out: dict[str, Any] = {}
        if self.manoeuvre.currentData() is not None:
            return out
        for key, w in self.choices.items():
            if isinstance(w, QCheckBox):
                if w.isChecked():
                    out[key] = True
            elif w.currentData() is not None:
                out[key] = w.currentData()
        return out

    def gm_edits(self) -> dict[str, Any]:
        """The modifiers the GM added or switched off: the same for an attack and for a
        manoeuvre (the rules put them on the manoeuvre's rolls, core/gm_edits.py)."""
        return {"extra": tuple(self.extra), "disabled": tuple(sorted(self.disabled))}

    def _table_source(self) -> Any:
        """What the table lists: the attack's modifiers, or the declared manoeuvre's (rolled
        with scratch dice: `session.preview_manoeuvre`), so what the GM unticks is what the
        manoeuvre's rolls carry."""
        manoeuvre = self.manoeuvre.currentData()
        if manoeuvre is None:
            return self.preview
        try:
            return self.session.preview_manoeuvre(manoeuvre, self.attacker, self.target,
                                                  weapon=self.weapon_name(), **self.gm_edits())
        except (EngineError, ValueError, KeyError):  # options only the roll can give
            return self.preview

    def refresh(self) -> None:
        """The situation and the table from a new preview; once rolled, the same rows again
        (in the language of the moment): what the roll counted, not the map it left."""
        if self._rolling:
            return
        if self.outcome is None or self.preview is None:
            self.preview = self.session.preview_attack(
                self.attacker, self.target, weapon=self.weapon_name(), options=self.options(),
                advantage=self.edge, **self.gm_edits())
            self._shown = self._table_source()
        system = self.session.encounter.system
        lines = situation_lines(self.preview, system)
        if self.reach_why and not self.preview.situation.in_reach:
            lines.append(say(self.reach_why))
        self.situation.setText("\n".join(lines))
        self.table.blockSignals(True)
        shown = self._shown
        rows = [(m, True) for m in shown.modifiers]
        rows += [(m, False) for m in shown.dropped]
        self.table.setRowCount(len(rows))
        for i, (m, on) in enumerate(rows):
            name = QTableWidgetItem(say(m.name))
            name.setData(Qt.ItemDataRole.UserRole, m.name)
            why = dropped_why(m) if not on else ""
            if on or m.name in self.disabled:  # the GM's to switch: a box
                name.setFlags(name.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                name.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            else:  # a rule cancels it: struck, marked, and why comes first in its row
                name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
                font = name.font()
                font.setStrikeOut(True)
                name.setFont(font)
                name.setText(f"{say(m.name)} ({say(word('cancelled'))})")
                name.setToolTip(why)
            src = QTableWidgetItem(f"{why} — {say(m.source)}" if why else say(m.source))
            src.setToolTip(src.text())
            self.table.setItem(i, 0, name)
            self.table.setItem(i, 1, QTableWidgetItem(f"{m.value:+d}"))
            self.table.setItem(i, 2, QTableWidgetItem(
                modifier_type(m.type, self.session.encounter.system)))
            self.table.setItem(i, 3, src)
            self.table.setItem(i, 4, QTableWidgetItem(say(word(m.applies_to))))
        self.table.resizeColumnsToContents()
        # The source is long (« Brèche (D&D 3.5) — Classe d'armure — perd son bonus… »):
        # capped, so the table needs no scrolling; the whole source is the cell's tooltip.
        source = self.table.horizontalHeader()
        source.resizeSection(3, min(source.sectionSize(3), SOURCE_COLUMN_PX))
        self.table.resizeRowsToContents()
        self.table.blockSignals(False)
        self.roll_button.setEnabled(self.preview.legal and self.outcome is None)
        self.roll_button.setToolTip(say(self.preview.reason))
        provs = self.session.action_provocations(
            self.attacker, self.manoeuvre.currentData() or "attack", self.weapon_name(),
            self.preview.kind)
        self.provokes.setText(provokes_text(provs, self.names))
        self.provokes.setVisible(bool(provs))

    def _toggled(self, item: QTableWidgetItem) -> None:
        if item.column() != 0:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        if item.checkState() == Qt.CheckState.Checked:
            self.disabled.discard(name)
        else:
            self.disabled.add(name)
        self.refresh()

    def _add(self) -> None:
        name = self.add_name.text().strip()
        if not name or not self.add_value.value():
            return
        self.extra.append(gm_modifier(self.add_value.value(), name))
        self.add_name.clear()
        self.add_value.setValue(0)
        self.refresh()

    def _edge(self, which: str, on: bool) -> None:
        """Advantage or disadvantage from the GM: one of the two, or neither."""
        if on:
            for other, button in self.edge_buttons.items():
                if other != which and button.isChecked():
                    button.blockSignals(True)
                    button.setChecked(False)
                    button.blockSignals(False)
        self.edge = which if on else (None if self.edge == which else self.edge)
        self.refresh()

    def _circumstance(self, sign: int) -> None:
        """The system's circumstance bonus (3.5 ±2) in one click, the GM its source."""
        name = say(said("gm.favourable" if sign > 0 else "gm.unfavourable"))
        self.extra.append(gm_modifier(sign * self.session.system.gm_circumstance, name))
        self.refresh()

    def roll(self) -> None:
        try:
            forced = tuple(parse_dice(self.dice.text()))
        except ValueError:
            self._say(lambda: t("Physical dice (e.g. 17, 6)"))
            return
        manoeuvre = self.manoeuvre.currentData()
        ask: dict[str, Any] = {"oa": "ask"}
        if manoeuvre is not None:
            ask["defender_choice"] = "ask"
        self._rolling = True
        try:
            while True:  # asked the opportunity attacks, the defender, then done
                if manoeuvre is not None:
                    answer = self.session.manoeuvre(
                        manoeuvre, self.attacker, self.target, forced=forced,
                        weapon=self.weapon_name(), **ask, **self.gm_edits())
                else:
                    answer = self.session.attack(
                        self.attacker, self.target, weapon=self.weapon_name(), forced=forced,
                        options=self.options(), advantage=self.edge, **ask,
                        **self.gm_edits())
                if not isinstance(answer, Decision):
                    self.outcome = answer
                    break
                ask["decision"] = answer
                if answer.asks == "defender":
                    picked = ask_defender(self, answer.result, self.names[self.target], say(
                        self.session.system.manoeuvre_label(answer.result.name)))
                    if picked is None:  # cancelled: the whole manoeuvre does not happen
                        self._say(lambda: refusal(EngineError(said("error.no_choice"))))
                        return
                    ask["defender_choice"] = picked
                    continue
                choices = self.ask_oa(list(answer.provokes), self.names)
                if choices is None:  # cancelled: nothing rolled, the panel stays open
                    self.outcome = None
                    return
                ask.update(oa="resolve", oa_choices=choices)
        except (EngineError, ForcedDieError) as err:  # typed faces that don't fit: say so
            failure = err  # `err` is unbound after the except clause
            self._say(lambda: refusal(failure))
            return
        finally:
            self._rolling = False
        outcome = self.outcome
        self._say(lambda: outcome_text(outcome, self.names) if manoeuvre is None
                  else manoeuvre_text(outcome, self.names[self.target], self.session.system))
        self.roll_button.setEnabled(False)  # one roll per panel: open again for another
