"""The QApplication as `battlemap` makes it: the icon on every window, and the language from
the GM's choice, else from the system (QLocale: Windows and macOS set no LANG)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from battlemap import assets
from battlemap.ui.app import app_icon

PROBE = """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from battlemap.ui import i18n
from battlemap.ui.app import get_app
get_app()
print(sorted(s.width() for s in QApplication.windowIcon().availableSizes()))
print(i18n.language())
if len(sys.argv) > 1:  # the GM picks a language (View > Language saves it so)
    QSettings().setValue("language", sys.argv[1])
"""


def _run(tmp_path: Path, lang_env: str, *argv: str) -> list[str]:
    env = {**os.environ, "LANG": lang_env, "LC_ALL": "", "LANGUAGE": "",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], env=env, capture_output=True,
                         text=True, timeout=60, check=True)
    return out.stdout.split("\n")


def test_the_icon_has_every_size() -> None:
    assert sorted(s.width() for s in app_icon().availableSizes()) == list(assets.ICON_SIZES)


@pytest.mark.parametrize(("lang_env", "lang"), [("fr_FR.UTF-8", "fr"), ("en_GB.UTF-8", "en"),
                                                ("C.UTF-8", "en")])
def test_the_system_language_without_a_choice(tmp_path: Path, lang_env: str, lang: str) -> None:
    icon_sizes, chosen, _ = _run(tmp_path, lang_env)
    assert icon_sizes == str(list(assets.ICON_SIZES))
    assert chosen == lang


def test_the_gms_choice_wins_over_the_system(tmp_path: Path) -> None:
    # A first start in a French system saves "en"; the next start reads it back.
    _run(tmp_path, "fr_FR.UTF-8", "en")
    assert _run(tmp_path, "fr_FR.UTF-8")[1] == "en"
