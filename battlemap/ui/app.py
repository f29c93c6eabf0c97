"""The QApplication: one per process, high-DPI friendly, themed, named for QSettings."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from battlemap._tricks import start_gc
from battlemap._tricks.pyside_hook import quicken_pyside_import_hook

quicken_pyside_import_hook()  # before the imports below: they are the first it checks
start_gc.relax()  # until the map's first frame (map_host.create_map_view settles it)

from battlemap.ui import i18n  # noqa: E402
from battlemap.ui.theme import apply_theme  # noqa: E402

ORG = "battlemap"
APP = "battlemap"


def ensure_display() -> None:
    """Headless machines (CI, `battlemap render`) draw offscreen instead of failing."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def get_app(argv: list[str] | None = None) -> QApplication:
    """The process's QApplication, created and set up on first call."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    ensure_display()
    # Fractional scale factors (125 %, 150 %) stay fractional rather than rounded: crisp text.
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QCoreApplication.setOrganizationName(ORG)
    QCoreApplication.setApplicationName(APP)
    app = QApplication(argv if argv is not None else [sys.argv[0]])
    app.setWindowIcon(app_icon())  # every window's, the players' included
    QGuiApplication.setDesktopFileName("battlemap")  # Wayland matches the .desktop file by it
    settings = QSettings()
    apply_theme(app, str(settings.value("theme", "system")))
    lang = settings.value("language")  # the GM's choice in View > Language, else the system's
    i18n.set_language(str(lang) if lang in i18n.LANGUAGES else system_language())
    return app


def app_icon() -> QIcon:
    """The application icon, every size packaging/make-icons renders (the desktop picks)."""
    from battlemap import assets

    icon = QIcon()
    for size in assets.ICON_SIZES:
        icon.addFile(str(assets.icon_file(size)), QSize(size, size))
    return icon


def system_language() -> str:
    """French when the system's first interface language is French, else English. Qt asks
    the platform (Windows and macOS set no LANG; on Linux it reads LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG)."""
    wanted = QLocale.system().uiLanguages()
    first = wanted[0] if wanted else QLocale.system().name()
    return "fr" if first.lower().startswith("fr") else "en"
