"""What every dock shares: the session it shows, refreshing on the engine's changes, texts
that follow the language, and engine refusals shown as one sentence instead of a crash.

A dock is a frame first (title, place, size) and gets its body later (`build`): the window
places the frames before its first frame and fills them right after it, so the map shows
sooner and the layout does not move. Anything that needs the body earlier builds it then."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget

from battlemap.ui.i18n import refusal
from battlemap.ui.i18n.texts import Texts


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
        self.built = False
        self._body: QWidget | None = None

    # -- the body, built late ------------------------------------------------------------
    def build(self) -> None:
        """Make the body's widgets (subclasses); the frame exists already."""
        raise NotImplementedError

    def ensure_built(self) -> None:
        if self.built:
            return
        self.built = True
        # The refusal line, part of the body (a style sheet is slow to set up: not before
        # the first frame).
        self.message = QLabel()
        self.message.setObjectName("dock_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828;")
        self.message.hide()
        self.build()
        if self.session is not None:
            self.refresh()
        if self._body is not None:
            # Placed once it shows the session: a body measured with its hidden parts still
            # showing would widen the dock (and shrink the map) for good.
            self.setWidget(self._body)

    if not TYPE_CHECKING:  # mypy keeps checking the body's attribute names

        def __getattr__(self, name: str) -> Any:
            # Python calls this only for an attribute not found: a body widget asked for
            # before the body exists (a test, a signal before the first frame). Build it, then
            # look again; private and dunder names never build (Qt and copy probe those).
            if name.startswith("_") or self.__dict__.get("built", True):
                raise AttributeError(name)
            self.ensure_built()
            return getattr(self, name)

    # -- the session ---------------------------------------------------------------------
    def set_session(self, session: Any) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.session = session
        self._unsubscribe = session.subscribe(self._on_changes, whole=True)
        if self.built:  # else the build shows it
            self.refresh()

    def _on_changes(self, changes: list[Any]) -> None:
        """Once per command, whatever it changed: one refresh."""
        if self.built and any(c.kind == "all" or c.kind in self.kinds for c in changes):
            self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError

    def retranslate(self) -> None:
        self.texts.retranslate()
        if self.built:
            self.refresh()

    def run(self, command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call an engine command; a refusal (EngineError, ValueError) shows its sentence."""
        from battlemap.engine.errors import EngineError

        try:
            result = command(*args, **kwargs)
        except (EngineError, ValueError) as err:
            self.message.setText(refusal(err))
            self.message.show()
            return None
        self.message.hide()
        return result

    def set_body(self, widget: QWidget) -> None:
        """The body's root widget (from `build`); placed in the dock after the first refresh."""
        widget.setObjectName(self.objectName() + "_body")
        self._body = widget
        self.setAllowedAreas(Qt.DockWidgetArea.AllDockWidgetAreas)
