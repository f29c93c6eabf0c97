"""Switching language changes every visible string: walk every widget, menu and action of the
main window (and the player window) in English, switch to French, walk again."""

from typing import Any

from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QMenu,
    QTreeWidget,
    QWidget,
)

from battlemap.ui import i18n


def place(w: QWidget, root: QWidget) -> str:
    """A key that stays the same when a dock rebuilds its widgets: the chain of parents,
    each named by objectName or by class and rank among its siblings."""
    parts: list[str] = []
    node: Any = w
    while node is not None and node is not root:
        parent = node.parent()
        rank = 0
        if parent is not None:
            alike = [c for c in parent.children() if type(c) is type(node)]
            rank = alike.index(node)
        parts.append(node.objectName() or f"{type(node).__name__}[{rank}]")
        node = parent
    return "/".join(reversed(parts))


def visible_texts(root: QWidget) -> dict[str, str]:
    """Every text a user can read, keyed by where it is shown."""
    out: dict[str, str] = {}
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if not w.isVisibleTo(root) and w is not root:
            continue
        where = place(w, root)
        if w.objectName().endswith("_description"):
            continue  # the rule system's own one-line explanation: data, in its seed's words
        if isinstance(w, QLabel | QAbstractButton):
            out[where] = w.text()
        elif isinstance(w, QGroupBox):
            out[where] = w.title()
        elif isinstance(w, QDockWidget):
            out[where] = w.windowTitle()
        elif isinstance(w, QComboBox):
            for j in range(w.count()):
                out[f"{where}[{j}]"] = w.itemText(j)
        elif isinstance(w, QTreeWidget):
            header = w.headerItem()
            for j in range(header.columnCount()):
                out[f"{where}.header{j}"] = header.text(j)
    menus = [m for m in root.findChildren(QMenu)]
    for k, m in enumerate(menus):
        out[f"menu{k}"] = m.title()
        for j, a in enumerate(m.actions()):
            if not a.isSeparator():
                out[f"menu{k}.{j}"] = a.text()
    for j, a in enumerate(getattr(root, "actions_by_name", {}).values()):
        out[f"action{j}"] = a.text()
    out["title"] = root.windowTitle()
    return out


def is_data(text: str, session: Any) -> bool:
    """Numbers, token names, file paths: the same in both languages by nature."""
    stripped = text.replace("&", "").strip()
    names = {t.name for t in session.encounter.tokens} | {session.system.name}
    return (not stripped or any(ch.isdigit() for ch in stripped) or stripped in names
            or stripped.startswith("/") or stripped.isupper())


def check_switch(root: QWidget, switch: Any, session: Any) -> None:
    def walk() -> dict[str, str]:
        QApplication.processEvents()  # rebuilt rows are shown by a queued call
        return visible_texts(root)

    i18n.set_language("en")
    english = walk()
    switch("fr")
    french = walk()
    same = {k: v for k, v in english.items() if french.get(k) == v and not is_data(v, session)}
    # A text may stay the same only if the French dictionary says it is the same word.
    undeclared = {k: v for k, v in same.items() if i18n.french().get(v.replace("&", "")) != v
                  and i18n.french().get(v) != v}
    assert undeclared == {}
    switch("en")
    assert walk() == english


def test_every_visible_string_of_the_main_window_changes(window: Any) -> None:
    window.select_token("ghoul")
    window.session.roll_initiative(forced=[10, 11, 12, 13])
    window.docks["options"].raise_()
    check_switch(window, window.set_language, window.session)


def test_the_inspector_follows_the_language(window: Any) -> None:
    window.docks["inspector"].raise_()
    window.select_token("ghoul")
    check_switch(window.docks["inspector"], window.set_language, window.session)


def test_the_player_window_follows_the_language(window: Any) -> None:
    window.show_player_window(True)
    player = window.player
    try:
        check_switch(player, window.set_language, window.session)
    finally:
        player.close()


def test_the_view_menu_switches_language_back_and_forth(window: Any) -> None:
    # Walkthrough: View ▸ English, then View ▸ Français left the window in English: the
    # start-up choice was checked with signals blocked, so the exclusive group never knew
    # it; English checked both, and Français was then toggled off instead of on.
    acts = window.actions_by_name  # the window opened in English
    for lang in ("fr", "en", "fr", "en"):
        acts[f"lang_{lang}"].trigger()
        assert i18n.language() == lang
        assert [acts[n].isChecked() for n in ("lang_fr", "lang_en")] == [lang == "fr", lang == "en"]
    assert acts["undo"].text() == "Undo"
    for theme in ("dark", "system"):
        acts[f"theme_{theme}"].trigger()
        assert [n for n in ("theme_system", "theme_light", "theme_dark")
                if acts[n].isChecked()] == [f"theme_{theme}"]


def test_qt_standard_buttons_follow_the_language(window: Any) -> None:
    # Walkthrough: in French the area, opportunity-attack and add-token dialogs offered
    # "Cancel" (Qt's own word): Qt's French translation is now installed with ours.
    from PySide6.QtWidgets import QDialogButtonBox

    from battlemap.ui.map.panels.area_dialog import AreaDialog

    window.actions_by_name["lang_fr"].trigger()
    dlg = AreaDialog({}, window)
    box = dlg.findChild(QDialogButtonBox)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Annuler"
    window.actions_by_name["lang_en"].trigger()
    QApplication.processEvents()  # Qt posts the language change to its widgets
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"
    dlg.deleteLater()
