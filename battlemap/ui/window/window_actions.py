"""The main window's own actions (files, editing, view), declared once in a table so menus,
toolbar and retranslation all read the same list (qutebrowser-style registry)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from battlemap.ui.i18n.texts import Texts


@dataclass(frozen=True)
class ActionSpec:
    name: str  # attribute-like id: "save", "undo"…
    text: str  # English key for tr()
    shortcut: QKeySequence.StandardKey | str | None = None
    checkable: bool = False


SPECS = [
    ActionSpec("new", "New encounter…", QKeySequence.StandardKey.New),
    ActionSpec("open", "Open…", QKeySequence.StandardKey.Open),
    ActionSpec("save", "Save", QKeySequence.StandardKey.Save),
    ActionSpec("save_as", "Save As…", QKeySequence.StandardKey.SaveAs),
    ActionSpec("export_png", "Export map as PNG…", "Ctrl+E"),
    ActionSpec("quit", "Quit", QKeySequence.StandardKey.Quit),
    ActionSpec("undo", "Undo", QKeySequence.StandardKey.Undo),
    ActionSpec("redo", "Redo", QKeySequence.StandardKey.Redo),
    ActionSpec("add_token", "Add token…", "Ctrl+T"),
    ActionSpec("duplicate_token", "Duplicate token", "Ctrl+D"),
    ActionSpec("remove_token", "Remove token"),
    ActionSpec("save_statblock", "Save token as stat block…"),
    ActionSpec("import_bestiary", "Import stat blocks…"),
    ActionSpec("export_bestiary", "Export stat blocks…"),
    ActionSpec("draw_wall", "Draw walls", "W", checkable=True),
    ActionSpec("draw_door", "Draw doors", checkable=True),
    ActionSpec("draw_window", "Draw windows", checkable=True),
    ActionSpec("paint_terrain", "Paint difficult terrain", checkable=True),
    ActionSpec("toggle_doors", "Open or close doors", checkable=True),
    ActionSpec("grid_size", "Grid size…"),
    ActionSpec("player_window", "Player window", "F11", checkable=True),
    ActionSpec("push_view", "Show players this spot", "Ctrl+L"),
    ActionSpec("players_ruler", "Ruler on the players' window", checkable=True),
    ActionSpec("reset_explored", "Reset explored fog"),
    ActionSpec("lang_fr", "Français", checkable=True),
    ActionSpec("lang_en", "English", checkable=True),
    ActionSpec("theme_system", "System theme", checkable=True),
    ActionSpec("theme_light", "Light theme", checkable=True),
    ActionSpec("theme_dark", "Dark theme", checkable=True),
    ActionSpec("about", "About battlemap…"),
]

EDIT_TOOLS = ("draw_wall", "draw_door", "draw_window", "paint_terrain", "toggle_doors")


def build_actions(parent: QWidget, texts: Texts,
                  handlers: dict[str, Callable[..., object]]) -> dict[str, QAction]:
    """One QAction per spec, its text bound for retranslation, wired to handlers[name]."""
    actions: dict[str, QAction] = {}
    for spec in SPECS:
        act = QAction(parent)
        act.setObjectName(spec.name)
        texts.bind(act, spec.text)
        if isinstance(spec.shortcut, QKeySequence.StandardKey):
            act.setShortcuts(spec.shortcut)
        elif spec.shortcut:
            act.setShortcut(QKeySequence(spec.shortcut))
        act.setCheckable(spec.checkable)
        handler = handlers.get(spec.name)
        if handler is not None:
            if spec.checkable:
                act.toggled.connect(handler)
            else:
                act.triggered.connect(lambda _checked=False, h=handler: h())
        actions[spec.name] = act
    return actions
