"""Help ▸ About: what is running and where it keeps things — the version, the licence, the
rule texts each system serves (its name and seed file), and the folders of the log, the
settings, the autosaves and the GM's bestiary, so a GM can find them or send them with a bug
report."""

from __future__ import annotations

import html
import platform
from typing import Any

from PySide6.QtCore import QSettings, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from battlemap.ui.i18n import labelled, tr


def about_lines() -> list[str]:
    """The About box's lines, in the interface's language (plain text)."""
    from battlemap import __version__, logs
    from battlemap.engine.files.autosave import autosave_dir
    from battlemap.engine.files.bestiary import library_folder
    from battlemap.rules.core.system import get_system, system_ids

    lines = [f"battlemap {__version__} — Python {platform.python_version()}, Qt {qVersion()}",
             labelled(tr("Licence"), "MIT"), tr("Rule systems:")]
    for system_id in system_ids():
        system = get_system(system_id)
        lines.append(f"  {system.name} ({system.id}): {system.seed}")
    lines += [labelled(tr("Log"), str(logs.log_file())),
              labelled(tr("Settings"), QSettings().fileName()),
              labelled(tr("Autosaves"), str(autosave_dir())),
              labelled(tr("Your bestiary"), str(library_folder()))]
    return lines


def show_about(parent: QWidget | None) -> Any:
    """The About box, not modal (the map stays usable behind it); returned for the tests."""
    box = QMessageBox(QMessageBox.Icon.Information, tr("About battlemap"), "",
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("about_box")
    box.setModal(False)
    box.setText("<br>".join(html.escape(line).replace("  ", "&nbsp;&nbsp;")
                            for line in about_lines()))
    box.show()
    return box
