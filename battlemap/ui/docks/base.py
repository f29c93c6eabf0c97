"""What every dock shares: the session it shows, refreshing on the engine's changes, texts
that follow the language, and engine refusals shown as one sentence instead of a crash."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget

from battlemap.ui.texts import Texts


class Dock(QDockWidget):
    # Change kinds this dock redraws on ("all" always counts).
    kinds: tuple[str, ...] = ()

    def __init__(self, window: Any, title_key: str, name: str) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName(name)
        self.texts = Texts()
        self.texts.bind(self, title_key, "setWindowTitle")
        self.session: Any = None
        self._unsubscribe: Callable[[], None] | None = None
        self.message = QLabel()
        self.message.setObjectName("dock_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828;")
        self.message.hide()

    def set_session(self, session: Any) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.session = session
        self._unsubscribe = session.subscribe(self._on_change)
        self.refresh()

    def _on_change(self, change: Any) -> None:
        if change.kind == "all" or change.kind in self.kinds:
            self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError

    def retranslate(self) -> None:
        self.texts.retranslate()
        self.refresh()

    def run(self, command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call an engine command; a refusal (EngineError, ValueError) shows its sentence."""
        from battlemap.engine.errors import EngineError

        try:
            result = command(*args, **kwargs)
        except (EngineError, ValueError) as err:
            self.message.setText(str(err))
            self.message.show()
            return None
        self.message.hide()
        return result

    def set_body(self, widget: QWidget) -> None:
        widget.setObjectName(self.objectName() + "_body")
        self.setWidget(widget)
        self.setAllowedAreas(Qt.DockWidgetArea.AllDockWidgetAreas)
