"""Help ▸ About names the version, the licence, each system's rule text (display name and
seed file) and where the log, the settings, the autosaves and the GM's bestiary are."""

from __future__ import annotations

from typing import Any

import battlemap
from battlemap import logs
from battlemap.engine.files.autosave import autosave_dir
from battlemap.engine.files.bestiary import library_folder
from battlemap.rules.core.system import SHIPPED, get_system


def test_about_names_what_runs_and_where_it_keeps_things(window: Any, qtbot: Any) -> None:
    window.actions_by_name["about"].trigger()
    box = window.about_box
    qtbot.waitUntil(box.isVisible)
    assert not box.isModal()
    text = box.text()
    assert f"battlemap {battlemap.__version__}" in text and "MIT" in text
    for system_id in SHIPPED:
        system = get_system(system_id)
        assert f"{system.name} ({system_id}): {system.seed}".replace("&", "&amp;") in text
    for folder in (logs.log_file(), autosave_dir(), library_folder()):
        assert str(folder) in text
    from PySide6.QtCore import QSettings

    assert QSettings().fileName() in text
    box.close()


def test_the_help_menu_holds_about(window: Any) -> None:
    titles = [m.title() for m in window.menuBar().findChildren(type(window.recent_menu))]
    assert "&Help" in titles
