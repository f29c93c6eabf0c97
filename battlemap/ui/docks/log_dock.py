"""The event log: every ruling with its dice and modifiers (expand an entry to see them),
filtered by token and kind, copied to the clipboard, exported as Markdown or JSON."""

from __future__ import annotations

import operator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QGuiApplication

from battlemap.ui import i18n
from battlemap.ui.docks.base import Dock
from battlemap.ui.i18n import tr

if TYPE_CHECKING:  # annotations only: the classes are made when the body is built
    from PySide6.QtWidgets import QComboBox

# Entry kinds the engine writes, with an English label for tr().
KIND_LABELS = {
    "move": "Movement", "attack": "Attack", "opportunity_attack": "Opportunity attack",
    "save": "Saving throw", "damage": "Damage", "heal": "Healing", "condition": "Condition",
    "area": "Area effect", "initiative": "Initiative", "turn": "Turn", "round": "Round",
    "turn_event": "Turn event", "manoeuvre": "Manoeuvre", "spend": "Action spent",
    "override": "GM override", "edit": "Edit", "note": "Note",
    "provoked": "Opportunity attacks provoked",
}


class LogDock(Dock):
    kinds = ("log", "tokens")

    def __init__(self, window: Any) -> None:
        super().__init__(window, "Event log", "log_dock")
        self._filled: dict[str, list[tuple[str | None, str]]] = {}  # filter → its choices
        self._shown: list[Any] = []  # the entries in the tree, in order (`_fill_tree`)
        self._shown_lang = ""
        self._round_px = 0  # the widest round number shown, in pixels

    def build(self) -> None:
        from PySide6.QtWidgets import (
            QComboBox,
            QHBoxLayout,
            QPushButton,
            QTreeWidget,
            QVBoxLayout,
            QWidget,
        )

        body = QWidget()
        lay = QVBoxLayout(body)
        # Filters on the left, copy/export on the right: one row, so the entries get the room.
        bar = QHBoxLayout()
        self.token_filter = QComboBox()
        self.token_filter.setObjectName("log_token_filter")
        self.kind_filter = QComboBox()
        self.kind_filter.setObjectName("log_kind_filter")
        for box in (self.token_filter, self.kind_filter):
            box.currentIndexChanged.connect(self._fill_tree)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            bar.addWidget(box)
        bar.addStretch(1)
        for key, slot in (("Copy", self.copy), ("Export Markdown…", self.export_markdown),
                          ("Export JSON…", self.export_json)):
            b = QPushButton()
            self.texts.bind(b, key)
            b.clicked.connect(lambda _c=False, s=slot: s())
            bar.addWidget(b)
        lay.addLayout(bar)
        self.tree = QTreeWidget()
        self.tree.setObjectName("log_tree")
        self.tree.setColumnCount(2)
        # One line per row: Qt then places rows without measuring each (an evening's log).
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        self.texts.bind_call(lambda _t: self.tree.setHeaderLabels([tr("Round"), tr("Entry")]),
                             "Entry")
        lay.addWidget(self.tree, 1)
        lay.addWidget(self.message)
        self.set_body(body)

    # -- filling -------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.session is None:
            return
        self._refill_combo(self.token_filter, tr("All tokens"),
                           [(t.id, t.name) for t in self.session.encounter.tokens])
        kinds = sorted({e.kind for e in self.session.log.entries})
        self._refill_combo(self.kind_filter, tr("All kinds"),
                           [(k, tr(KIND_LABELS.get(k, k))) for k in kinds])
        self._fill_tree()

    def _refill_combo(self, box: QComboBox, all_text: str, items: list[tuple[str, str]]) -> None:
        choices = [(None, all_text), *items]
        if self._filled.get(box.objectName()) == choices:
            return  # the same choices (most commands): 300 tokens re-added cost ~3 ms
        self._filled[box.objectName()] = choices
        keep = box.currentData()
        box.blockSignals(True)
        box.clear()
        box.addItem(all_text, None)
        for data, text in items:
            box.addItem(text, data)
        index = box.findData(keep) if keep is not None else 0
        box.setCurrentIndex(max(0, index))
        box.blockSignals(False)

    def filtered(self) -> list[Any]:
        return list(self.session.log.filter(token=self.token_filter.currentData(),
                                            kind=self.kind_filter.currentData()))

    def _fill_tree(self) -> None:
        """The filtered entries in the tree. A command adds entries at the end and its undo
        takes them away: only those rows change, so a long evening's log is not built again
        at every command, and the rows the GM opened stay open."""
        lang = i18n.language()
        entries = self.filtered()
        shown, n = self._shown, len(self._shown)
        same = lang == self._shown_lang and all(map(operator.is_, shown, entries))
        if same and len(entries) >= n:
            self._add_rows(entries[n:], lang)
        elif same:  # fewer: the last rows went (an undo)
            for _ in range(n - len(entries)):
                self.tree.takeTopLevelItem(self.tree.topLevelItemCount() - 1)
        else:
            self.tree.clear()
            self._add_rows(entries, lang)
        self._shown, self._shown_lang = entries, lang
        # The round column is fitted to its widest text, again only when a new one is wider.
        metrics = self.tree.fontMetrics()
        widest = max((metrics.horizontalAdvance(str(e.round or "—"))
                      for e in (entries[n:] if same else entries)), default=0)
        if not same or widest > self._round_px:
            self.tree.resizeColumnToContents(0)
            self._round_px = widest
        if len(entries) > n or not same:
            self.tree.scrollToBottom()  # the newest entry (the rows open above it included)

    def _add_rows(self, entries: list[Any], lang: str) -> None:
        from PySide6.QtWidgets import QTreeWidgetItem

        for entry in entries:
            lines = self.session.log.render(entry, lang).splitlines()
            top = QTreeWidgetItem([str(entry.round or "—"), lines[0] if lines else ""])
            top.setData(0, 256, entry.id)  # Qt.UserRole
            top.setToolTip(1, tr(KIND_LABELS.get(entry.kind, entry.kind)))
            for line in lines[1:]:
                top.addChild(QTreeWidgetItem(["", line.strip()]))
            self.tree.addTopLevelItem(top)

    # -- output --------------------------------------------------------------------------
    def selected_text(self) -> str:
        """The selected entries (or all shown ones) with their dice and modifiers."""
        ids = {it.data(0, 256) for it in self.tree.selectedItems() if it.parent() is None}
        entries = [e for e in self.filtered() if not ids or e.id in ids]
        return "\n".join(self.session.log.render(e, i18n.language()) for e in entries)

    def copy(self) -> str:
        text = self.selected_text()
        QGuiApplication.clipboard().setText(text)
        return text

    def export_markdown(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, tr("Export Markdown…"), "",
                                              "Markdown (*.md)")
        if not path:
            return False
        text = self.session.log.to_markdown(i18n.language(), self.filtered())
        return self._write(Path(path), text)

    def export_json(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, tr("Export JSON…"), "", "JSON (*.json)")
        if not path:
            return False
        return self._write(Path(path), self.session.log.to_json())

    def _write(self, path: Path, text: str) -> bool:
        """Atomically, so a full disk leaves the previous export whole; a failure is said."""
        from battlemap.io.encounter_file import atomic_write_text

        try:
            atomic_write_text(path, text)
        except OSError as err:
            from battlemap.ui.dialogs import prompts

            prompts.show_save_error(self, i18n.trf("{name}: {problem}.", name=path.name,
                                                   problem=err.strerror or err))
            return False
        return True
