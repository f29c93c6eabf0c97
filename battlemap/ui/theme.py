"""Light and dark themes through Qt's colour scheme, with a palette fallback.

Qt ≥ 6.8 lets the application ask for a colour scheme; platforms that ignore the request
(offscreen, some X11 desktops) get an explicit Fusion palette so both themes look the same
everywhere."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("system", "light", "dark")

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#2f3136",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#35373c",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#4a7fd1",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#35373c",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#8a8d93",
    QPalette.ColorRole.Link: "#7fb0ff",
}
_LIGHT = {
    QPalette.ColorRole.Window: "#efefef",
    QPalette.ColorRole.WindowText: "#1a1a1a",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f5f5f5",
    QPalette.ColorRole.Text: "#1a1a1a",
    QPalette.ColorRole.Button: "#e4e4e4",
    QPalette.ColorRole.ButtonText: "#1a1a1a",
    QPalette.ColorRole.Highlight: "#2f6fd0",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#ffffdc",
    QPalette.ColorRole.ToolTipText: "#1a1a1a",
    QPalette.ColorRole.PlaceholderText: "#808080",
    QPalette.ColorRole.Link: "#2060c0",
}


def _palette(colours: dict[QPalette.ColorRole, str]) -> QPalette:
    pal = QPalette()
    for role, hex_colour in colours.items():
        pal.setColor(role, QColor(hex_colour))
    disabled = QColor(colours[QPalette.ColorRole.PlaceholderText])
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText,
                 QPalette.ColorRole.WindowText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return pal


def apply_theme(app: QApplication, theme: str) -> str:
    """Apply "system", "light" or "dark"; return the scheme actually shown ("light"/"dark")."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme '{theme}' (known: {', '.join(THEMES)})")
    app.setStyle("Fusion")
    hints = QGuiApplication.styleHints()
    wanted = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark,
              "system": Qt.ColorScheme.Unknown}[theme]
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(wanted)
    shown = theme
    if theme == "system":
        shown = "dark" if hints.colorScheme() == Qt.ColorScheme.Dark else "light"
    app.setPalette(_palette(_DARK if shown == "dark" else _LIGHT))
    return shown


def is_dark(app: QApplication) -> bool:
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128
