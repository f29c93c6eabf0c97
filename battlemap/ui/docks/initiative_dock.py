"""The initiative tracker: acting order (the engine's, per system), the current turn
highlighted, next turn/round, drag to reorder, the creatures waiting to act (the system's
delay or hold, each with "Act now"), what the acting creature has left this turn, and
condition durations ticking down. A new turn selects its creature on the map, which scrolls
to it when it is off screen."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from battlemap.ui.docks.base import Dock
from battlemap.ui.i18n import measure, say, tr, trf
from battlemap.ui.i18n.condition_words import condition_label
from battlemap.ui.map.drawing.items.wait_marks import WAITING_MARK

SLOT_LABELS = {
    "standard": "standard action", "move": "move action", "full_round": "full-round action",
    "five_foot_step": "5-foot step", "swift": "swift action", "action": "action",
    "bonus": "bonus action", "bonus_action": "bonus action", "reaction": "reaction",
    "combat": "combat action", "attack": "attack", "free": "free action",
}
CURRENT = QColor(255, 193, 7, 110)
# The button that takes the acting creature out of the order, in the system's own word.
WAIT_BUTTON = {"delay": "Delay", "hold": "Hold action", "": "Delay"}


class InitiativeDock(Dock):
    kinds = ("turn", "tokens", "log")

    def __init__(self, window: Any) -> None:
        super().__init__(window, "Initiative", "initiative_dock")
        # What the list shows, so a new turn relights two rows instead of rebuilding 300.
        self._rows: list[tuple[str, str]] | None = None  # (token id, text) per row
        self._lit: str | None = None  # the row lit as the current turn

    def build(self) -> None:
        from PySide6.QtWidgets import (
            QAbstractItemView,
            QCheckBox,
            QComboBox,
            QDoubleSpinBox,
            QHBoxLayout,
            QLabel,
            QListWidget,
            QPushButton,
            QStackedWidget,
            QVBoxLayout,
            QWidget,
        )

        body = QWidget()
        lay = QVBoxLayout(body)
        self.round_label = QLabel()
        self.round_label.setObjectName("round_label")
        lay.addWidget(self.round_label)
        self.order = QListWidget()
        self.order.setObjectName("initiative_order")
        self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        # Rows of one height: relighting the turn (a bold font) does not lay out 300 rows again.
        self.order.setUniformItemSizes(True)
        # A long row (a name and its conditions) ends in "…" within the dock, whole in its
        # tooltip, rather than behind a sideways scroll bar.
        self.order.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.order.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.order.model().rowsMoved.connect(self._rows_moved)
        self.order.itemClicked.connect(
            lambda it: self.window_.select_token(it.data(Qt.ItemDataRole.UserRole)))
        # Before combat the order is empty: a hint and the button that starts it, rather
        # than a tall blank list.
        self.empty = QWidget()
        self.empty.setObjectName("initiative_empty")
        empty_lay = QVBoxLayout(self.empty)
        empty_lay.addStretch(1)
        self.empty_hint = QLabel()
        self.empty_hint.setObjectName("initiative_empty_hint")
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_hint.setWordWrap(True)
        self.texts.bind(self.empty_hint, "Roll initiative to start combat")
        self.empty_roll = QPushButton()
        self.empty_roll.setObjectName("initiative_empty_roll")
        self.texts.bind(self.empty_roll, "Roll initiative")
        self.empty_roll.clicked.connect(lambda _c=False: self.roll())
        empty_lay.addWidget(self.empty_hint)
        empty_lay.addWidget(self.empty_roll, 0, Qt.AlignmentFlag.AlignHCenter)
        empty_lay.addStretch(2)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.empty)
        self.pages.addWidget(self.order)
        lay.addWidget(self.pages, 1)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, key, slot in (("roll", "Roll initiative", self.roll),
                                ("next", "Next turn", self.next_turn),
                                ("delay", "", self.delay)):
            b = QPushButton()
            b.setObjectName(f"initiative_{name}")
            if key:  # the wait button says the system's word (refresh)
                self.texts.bind(b, key)
            b.clicked.connect(lambda _c=False, s=slot: s())
            row.addWidget(b)
            self.buttons[name] = b
        lay.addLayout(row)
        # Out of the order, waiting to act (the 3.5 delay, the 2bis hold): each row marked,
        # and the button that puts the chosen one back before the creature acting now.
        self.waiting_box = QWidget()
        self.waiting_box.setObjectName("initiative_waiting_box")
        wait_lay = QVBoxLayout(self.waiting_box)
        wait_lay.setContentsMargins(0, 0, 0, 0)
        self.waiting_label = QLabel()
        self.texts.bind(self.waiting_label, "Waiting to act")
        self.waiting = QListWidget()
        self.waiting.setObjectName("initiative_waiting")
        self.waiting.setUniformItemSizes(True)
        self.waiting.setMaximumHeight(90)
        self.act_now_button = QPushButton()
        self.act_now_button.setObjectName("initiative_act_now")
        self.texts.bind(self.act_now_button, "Act now")
        self.act_now_button.clicked.connect(lambda _c=False: self.act_now())
        self.waiting.itemDoubleClicked.connect(lambda it: self.act_now(
            it.data(Qt.ItemDataRole.UserRole)))
        wait_lay.addWidget(self.waiting_label)
        wait_lay.addWidget(self.waiting)
        wait_lay.addWidget(self.act_now_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.waiting_box.hide()
        lay.addWidget(self.waiting_box)
        score_row = QHBoxLayout()
        self.score = QDoubleSpinBox()
        self.score.setRange(-100, 100)
        self.score.setDecimals(0)
        set_score = QPushButton()
        self.texts.bind(set_score, "Set initiative")
        set_score.clicked.connect(self.set_score)
        score_row.addWidget(self.score)
        score_row.addWidget(set_score)
        lay.addLayout(score_row)
        self.budget_label = QLabel()
        self.budget_label.setObjectName("budget_label")
        self.budget_label.setWordWrap(True)
        lay.addWidget(self.budget_label)
        # What the acting creature can spend: only meaningful in combat, hidden outside it.
        self.spend_row = QWidget()
        self.spend_row.setObjectName("spend_row")
        # The slot ("action de combat", "pas de placement (5')") on a line of its own: beside
        # the buttons, in the dock's 310 px, it read "action de c".
        spend_col = QVBoxLayout(self.spend_row)
        spend_col.setContentsMargins(0, 0, 0, 0)
        spend_row = QHBoxLayout()
        self.slot_box = QComboBox()
        spend = QPushButton()
        self.texts.bind(spend, "Spend")
        spend.clicked.connect(self.spend)
        self.override = QCheckBox()
        self.texts.bind(self.override, "GM override")
        spend_col.addWidget(self.slot_box)
        spend_row.addWidget(spend)
        spend_row.addWidget(self.override)
        spend_row.addStretch(1)
        spend_col.addLayout(spend_row)
        lay.addWidget(self.spend_row)
        lay.addWidget(self.message)
        self.set_body(body)

    # -- display -------------------------------------------------------------------------
    def refresh(self) -> None:
        from PySide6.QtGui import QBrush, QFont
        from PySide6.QtWidgets import QListWidgetItem

        s = self.session
        if s is None:
            return
        current = s.current_token_id
        by_id = {t.id: t for t in s.encounter.tokens}
        rows = [(tid, self._row_text(by_id[tid])) for tid in s.order if tid in by_id]
        if rows != self._rows:  # else only the turn moved on: the same rows, relit below
            self.order.blockSignals(True)
            self.order.clear()
            for tid, text in rows:
                item = QListWidgetItem(text)
                item.setToolTip(text)
                item.setData(Qt.ItemDataRole.UserRole, tid)
                self.order.addItem(item)
            self.order.blockSignals(False)
            self._rows = rows
            self._lit = None
        if current != self._lit:  # one row lit: the one whose turn it is
            for k, (tid, _) in enumerate(rows):
                if tid in (current, self._lit):
                    item = self.order.item(k)
                    font = QFont()
                    font.setBold(tid == current)
                    item.setFont(font)
                    item.setBackground(QBrush(CURRENT) if tid == current else QBrush())
            self._lit = current
        self.pages.setCurrentWidget(self.order if self.order.count() else self.empty)
        # Out of combat the empty page already says what to do.
        self.round_label.setVisible(bool(s.round) or self.order.count() > 0)
        if s.round:
            name = by_id[current].name if current in by_id else "—"
            self.round_label.setText(tr("Round {n} — {name} acts").format(n=s.round, name=name))
        else:
            self.round_label.setText(tr("Not in combat: roll initiative to start."))
        self.buttons["next"].setEnabled(bool(s.round))
        rule = s.system.waiting
        wait = self.buttons["delay"]
        wait.setText(tr(WAIT_BUTTON.get(rule.kind, "Delay")))
        wait.setEnabled(bool(s.round) and rule.missing is None)
        wait.setToolTip(say(rule.missing) if rule.missing is not None else
                        tr("Leave the order and act later in the round ({source})").format(
                            source=say(rule.source)))
        self._show_waiting(by_id)
        self._show_budget(current)

    def _show_waiting(self, by_id: dict[str, Any]) -> None:
        from PySide6.QtWidgets import QListWidgetItem

        ids = [t for t in self.session.turn_view().waiting_ids() if t in by_id]
        shown = [self.waiting.item(i).data(Qt.ItemDataRole.UserRole)
                 for i in range(self.waiting.count())]
        texts = [f"{WAITING_MARK}  {self._row_text(by_id[t])}" for t in ids]
        if shown != ids or [self.waiting.item(i).text()
                            for i in range(self.waiting.count())] != texts:
            self.waiting.clear()
            for tid, text in zip(ids, texts, strict=True):
                item = QListWidgetItem(text)
                item.setToolTip(text)
                item.setData(Qt.ItemDataRole.UserRole, tid)
                self.waiting.addItem(item)
            if ids:
                self.waiting.setCurrentRow(0)
        self.waiting_box.setVisible(bool(ids))

    def _row_text(self, tok: Any) -> str:
        score = "—" if tok.initiative is None else measure(tok.initiative)
        system = self.session.system
        conds = ", ".join(condition_label(system, c.name) if c.rounds_left is None
                          else tr("{name} ({n} rd)").format(
                              name=condition_label(system, c.name), n=c.rounds_left)
                          for c in tok.conditions)
        return f"{score}   {tok.name}" + (f"   [{conds}]" if conds else "")

    def _show_budget(self, current: str | None) -> None:
        # Widgets are touched only where the budget shown changes: a combo refilled or a row
        # shown again re-lays the dock out, and Qt then repaints the whole window around it
        # (~4 ms a turn).
        self.spend_row.setVisible(current is not None)
        self.budget_label.setVisible(current is not None)
        if current is None:
            self.budget_label.setText("")
            self._fill_slots([])
            return
        budget = self.session.budget(current)
        parts = [f"{tr(SLOT_LABELS.get(k, k))} ×{n}" for k, n in budget.slots.items()]
        parts.append(trf("movement {m:g} m", m=budget.movement_m))
        text = tr("Left this turn: ") + ", ".join(parts)
        if self.budget_label.text() != text:
            self.budget_label.setText(text)
        self._fill_slots([(tr(SLOT_LABELS.get(k, k)), k) for k in budget.slots])

    def _fill_slots(self, items: list[tuple[str, str]]) -> None:
        box = self.slot_box
        if [(box.itemText(i), box.itemData(i)) for i in range(box.count())] == items:
            return
        box.clear()
        for label, key in items:
            box.addItem(label, key)

    # -- commands (all through the engine) ------------------------------------------------
    def roll(self) -> None:
        self.run(self.session.roll_initiative)
        self.follow_turn()

    def next_turn(self) -> None:
        self.run(self.session.next_turn)
        self.follow_turn()

    def delay(self) -> None:
        if self.session.current_token_id:
            self.run(self.session.delay, self.session.current_token_id)
            self.follow_turn()

    def act_now(self, token_id: str | None = None) -> None:
        """The chosen waiting creature (or the one waiting) acts before the current one."""
        if token_id is None:
            item = self.waiting.currentItem() or self.waiting.item(0)
            token_id = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if token_id:
            self.run(self.session.act_now, token_id)
            self.follow_turn()

    def follow_turn(self) -> None:
        """The creature whose turn it is, selected: the docks show it, and the map ringing it
        scrolls to it when it is off screen."""
        cur = self.session.current_token_id
        if cur:
            self.window_.select_token(cur)

    def set_score(self) -> None:
        tid = self.window_.selected_token
        if tid:
            self.run(self.session.set_initiative, tid, float(self.score.value()))

    def spend(self) -> None:
        cur, slot = self.session.current_token_id, self.slot_box.currentData()
        if cur and slot:
            self.run(self.session.spend, cur, slot, gm_override=self.override.isChecked())

    def _rows_moved(self, _parent: Any, start: int, _end: int, _dest: Any, row: int) -> None:
        index = row - 1 if row > start else row
        tid = self.session.order[start]
        self._rows = None  # the widget moved the row itself: rebuild from the engine's order
        self.run(self.session.move_in_order, tid, index)
        self.refresh()
