"""The token inspector: the selected token's stats in its system's model (editable,
validated), its picture, HP with damage/heal, conditions with durations, weapons, and AC in
the system's form. Every change is one engine command, so one undo step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battlemap.engine.log_text import state_word
from battlemap.ui import i18n
from battlemap.ui.docks.base import Dock
from battlemap.ui.i18n import labelled, refusal, term, tr, trf
from battlemap.ui.i18n.condition_words import condition_label

if TYPE_CHECKING:  # annotations only: the classes are made when the body is built
    from PySide6.QtWidgets import QGroupBox, QHBoxLayout


class InspectorDock(Dock):
    kinds = ("tokens", "turn", "options")

    def __init__(self, window: Any) -> None:
        super().__init__(window, "Token", "inspector_dock")
        self.token_id: str | None = None
        window.tokenSelected.connect(self.show_token)

    def build(self) -> None:
        from PySide6.QtWidgets import (
            QCheckBox,
            QGroupBox,
            QHBoxLayout,
            QLabel,
            QLineEdit,
            QListWidget,
            QPushButton,
            QScrollArea,
            QVBoxLayout,
            QWidget,
        )

        from battlemap.ui.dialogs.art_picker import ArtPicker
        from battlemap.ui.docks.stats_form import StatsForm

        body = QWidget()
        lay = QVBoxLayout(body)
        self.empty = QLabel()
        self.texts.bind(self.empty, "Select a token on the map or in the initiative list.")
        self.empty.setWordWrap(True)
        lay.addWidget(self.empty)
        self.panel = QWidget()
        lay.addWidget(self.panel, 1)
        p = QVBoxLayout(self.panel)
        p.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("inspector_name")
        self.name_edit.editingFinished.connect(self._rename)
        self.hidden = QCheckBox()
        self.hidden.setObjectName("inspector_hidden")
        self.texts.bind(self.hidden, "Hidden from players")
        self.hidden.clicked.connect(self._set_hidden)
        self.art = ArtPicker(lambda: getattr(self.session, "path", None))
        self.art.picked.connect(self._set_art)
        head.addWidget(self.name_edit, 1)
        head.addWidget(self.hidden)
        head.addWidget(self.art)
        p.addLayout(head)
        p.addWidget(self.art.problem)
        self.summary = QLabel()
        self.summary.setObjectName("inspector_summary")
        self.summary.setWordWrap(True)
        p.addWidget(self.summary)
        p.addLayout(self._hp_row())
        p.addWidget(self._conditions_box())
        self.weapons_box = QGroupBox()
        self.texts.bind(self.weapons_box, "Weapons", "setTitle")
        self.weapons = QListWidget()
        self.weapons.setObjectName("inspector_weapons")
        self.weapons.setMaximumHeight(80)
        QVBoxLayout(self.weapons_box).addWidget(self.weapons)
        p.addWidget(self.weapons_box)
        stats_box = QGroupBox()
        self.texts.bind(stats_box, "Statistics", "setTitle")
        sl = QVBoxLayout(stats_box)
        self.form = StatsForm()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        sl.addWidget(scroll, 1)
        apply = QPushButton()
        apply.setObjectName("inspector_apply_stats")
        self.texts.bind(apply, "Apply statistics")
        apply.clicked.connect(self.apply_stats)
        sl.addWidget(apply)
        keep = QPushButton()  # the token as one of the GM's own stat blocks, for Add token
        keep.setObjectName("inspector_save_statblock")
        self.texts.bind(keep, "Save as stat block…")
        keep.clicked.connect(lambda _c=False: self.window_.bestiary.save_token())
        sl.addWidget(keep)
        p.addWidget(stats_box, 1)
        lay.addWidget(self.message)
        self.set_body(body)

    def _hp_row(self) -> QHBoxLayout:
        from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSpinBox

        row = QHBoxLayout()
        self.amount = QSpinBox()
        self.amount.setObjectName("inspector_amount")
        self.amount.setRange(1, 10_000)
        row.addWidget(self.amount)
        for key, slot in (("Damage", self.damage), ("Heal", self.heal)):
            b = QPushButton()
            b.setObjectName(f"inspector_{key.lower()}")
            self.texts.bind(b, key)
            b.clicked.connect(lambda _c=False, s=slot: s())
            row.addWidget(b)
        return row

    def _conditions_box(self) -> QGroupBox:
        from PySide6.QtWidgets import (
            QComboBox,
            QGroupBox,
            QHBoxLayout,
            QListWidget,
            QPushButton,
            QSpinBox,
            QVBoxLayout,
        )

        box = QGroupBox()
        self.texts.bind(box, "Conditions", "setTitle")
        lay = QVBoxLayout(box)
        self.conditions = QListWidget()
        self.conditions.setObjectName("inspector_conditions")
        self.conditions.setMaximumHeight(80)
        lay.addWidget(self.conditions)
        row = QHBoxLayout()
        self.condition_choice = QComboBox()
        self.condition_choice.setObjectName("inspector_condition_choice")
        self.rounds = QSpinBox()
        self.rounds.setRange(0, 1000)
        # A GM who leaves 0 has not said how long it lasts: that is the seed's case for a
        # default duration (001 "ETATS": "lorsque la règle … ne l'indique pas"), so 0 means
        # the system's default, rolled and logged; a condition without one (and every
        # condition of a system without defaults) lasts until removed.
        self.texts.bind(self.rounds, "default", "setSpecialValueText")
        self.texts.bind(self.rounds, "rounds (0 = the rule's default duration, or until "
                        "removed if it has none)", "setToolTip")
        add, remove = QPushButton(), QPushButton()
        add.setObjectName("inspector_add_condition")
        remove.setObjectName("inspector_remove_condition")
        self.texts.bind(add, "Add")
        self.texts.bind(remove, "Remove")
        add.clicked.connect(self.add_condition)
        remove.clicked.connect(self.remove_condition)
        # The condition's name has a row of its own: beside the buttons, in a narrow dock,
        # "Action réservée" or "En cours de stabilisation" were cut to a few letters.
        lay.addWidget(self.condition_choice)
        for w in (self.rounds, add, remove):
            row.addWidget(w)
        lay.addLayout(row)
        return box

    # -- display -------------------------------------------------------------------------
    def show_token(self, token_id: str) -> None:
        self.token_id = token_id or None
        if self.built:  # else the build shows it
            self.refresh()

    def refresh(self) -> None:
        s = self.session
        ids = {t.id for t in s.encounter.tokens} if s is not None else set()
        if self.token_id not in ids:
            self.token_id = None
        self.empty.setVisible(self.token_id is None)
        self.panel.setVisible(self.token_id is not None)
        if self.token_id is None:
            return
        tok = s.token(self.token_id)
        stats = s.stats(self.token_id)
        self.name_edit.setText(tok.name)
        self.hidden.setChecked(tok.hidden)
        self.summary.setText(self._summary(tok, stats))
        self._show_art(tok)
        self._fill_conditions(tok)
        self.weapons.clear()
        for w in getattr(stats, "weapons", []) or []:
            self.weapons.addItem(self._weapon_text(w))
        self.form.set_model(s.system.stats_model, stats)

    def _show_art(self, tok: Any) -> None:
        """The picture and its fit, and why it is not shown when it cannot be (the map draws
        the plain disc then)."""
        from battlemap.io.picture_check import art_problem

        self.art.show_art(tok.art, tok.art_fit)
        problem = art_problem(tok, self.session.path, decode=False)
        self.art.problem.setVisible(problem is not None)
        self.art.problem.setText("" if problem is None else i18n.say(problem))

    def _summary(self, tok: Any, stats: Any) -> str:
        """HP and state, AC, and the speed the rules move the token by (its stats' speed,
        which the drag measures against; not the file's token-level `speed_m`)."""
        s = self.session
        system = s.encounter.system
        fighter = s.combatant(tok.id)
        hp = f"{term('hit_points', system)} {fighter.hp if fighter.hp is not None else '—'}"
        hp += f" / {getattr(stats, 'max_hp', '—')}"
        if tok.temp_hp:
            hp += f" (+{tok.temp_hp} {tr('temporary')})"
        state = s.system.hp_state(fighter)
        state_text = term("bloodied", system) if state == "bloodied" else i18n.say(
            state_word(state))
        return f"{hp} — {state_text}<br>{self._ac_text(stats)}<br>" + trf(
            "Speed {m:g} m, size {size}", m=s.speed_m(tok.id), size=tr(tok.size.value))

    def _ac_text(self, stats: Any) -> str:
        """AC as the system shows it (004: ascending, or descending with THAC0): the system
        formats it, the UI never converts."""
        system = self.session.system
        if hasattr(system, "ac_display"):
            return i18n.say(system.ac_display(stats, self.session.options))
        return f"{term('armour_class', system.id)} {getattr(stats, 'ac', '—')}"

    def _weapon_text(self, w: Any) -> str:
        parts = [labelled(w.name, f"{w.damage} {tr(getattr(w, 'damage_type', ''))}".rstrip()),
                 tr(getattr(w, "kind", "melee"))]
        if getattr(w, "reach_m", None):
            parts.append(trf("reach {m:g} m", m=w.reach_m))
        if getattr(w, "range_m", None):
            parts.append(trf("range {m:g} m", m=w.range_m))
        return ", ".join(parts)

    def _fill_conditions(self, tok: Any) -> None:
        system = self.session.system
        known = system.conditions()

        def label(name: str) -> str:
            return condition_label(system, name)

        self.conditions.clear()
        for c in tok.conditions:
            text = label(c.name) if c.rounds_left is None else tr("{name} ({n} rd)").format(
                name=label(c.name), n=c.rounds_left)
            self.conditions.addItem(text)
            self.conditions.item(self.conditions.count() - 1).setData(256, c.name)
        keep = self.condition_choice.currentData()
        self.condition_choice.clear()
        for name in sorted(known, key=label):
            self.condition_choice.addItem(label(name), name)
        self.condition_choice.setCurrentIndex(max(0, self.condition_choice.findData(keep)))

    # -- commands ------------------------------------------------------------------------
    def _rename(self) -> None:
        name = self.name_edit.text().strip()
        if self.token_id and name and name != self.session.token(self.token_id).name:
            self.run(self.session.update_token, self.token_id, name=name)

    def _set_hidden(self, on: bool) -> None:
        if self.token_id:
            self.run(self.session.update_token, self.token_id, hidden=on)

    def _set_art(self, path: str, fit: str) -> None:
        if not self.token_id:
            return
        tok = self.session.token(self.token_id)
        if (path or None, fit) != (tok.art, tok.art_fit):
            self.run(self.session.set_token_art, self.token_id, path or None,
                     fit if path else None)

    def damage(self) -> None:
        if self.token_id:
            self.run(self.session.damage, self.token_id, self.amount.value())

    def heal(self) -> None:
        if self.token_id:
            self.run(self.session.heal, self.token_id, self.amount.value())

    def add_condition(self) -> None:
        name = self.condition_choice.currentData()
        if self.token_id and name:
            self.run(self.session.add_condition, self.token_id, name, self.rounds.value() or None)

    def remove_condition(self) -> None:
        item = self.conditions.currentItem()
        if self.token_id and item is not None:
            self.run(self.session.remove_condition, self.token_id, item.data(256))

    def apply_stats(self) -> None:
        if not self.token_id:
            return
        try:
            stats = self.form.validated()
        except ValueError as err:
            self.message.setText(refusal(err))
            self.message.show()
            return
        self.run(self.session.update_token, self.token_id,
                 stats=stats.model_dump(mode="json", exclude_defaults=True))

    def retranslate(self) -> None:
        super().retranslate()
        if self.built:  # else the build writes the texts in the new language
            self.form.retranslate()
            self.art.retranslate()
