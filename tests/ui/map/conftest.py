"""Map widget fixtures: small encounters built in code, a real engine session, a MapView."""

from collections.abc import Callable
from typing import Any

import pytest

from battlemap.model import Encounter, Grid, Token, Wall


def make_encounter(system: str = "dnd2024", cols: int = 12, rows: int = 8,
                   tokens: list[dict[str, Any]] | None = None,
                   walls: list[dict[str, Any]] | None = None, **extra: Any) -> Encounter:
    return Encounter(
        system=system,  # type: ignore[arg-type]
        grid=Grid(cols=cols, rows=rows),
        tokens=[Token(**t) for t in (tokens or [])],
        walls=[Wall(**w) for w in (walls or [])],
        **extra,
    )


def make_session(enc: Encounter, seed: int = 1) -> Any:
    from battlemap.engine import Session

    return Session(enc, seed=seed)


@pytest.fixture
def session_of() -> Callable[..., Any]:
    return lambda enc, seed=1: make_session(enc, seed)


@pytest.fixture
def map_view(qtbot: Any) -> Callable[..., Any]:
    """Build a shown MapView of the session, 800x600, zoom 1 at the top-left corner."""
    from battlemap.ui.map import MapView

    made: list[Any] = []

    def build(session: Any, role: str = "gm", **kw: Any) -> Any:
        view = MapView(session, role=role, **kw)
        qtbot.addWidget(view)
        view.resize(800, 600)
        view.show()
        qtbot.waitExposed(view)
        view.centerOn(400 - 3, 300 - 3)
        made.append(view)
        return view

    yield build
    for v in made:
        v.shutdown()


def vp_point(view: Any, x: float, y: float) -> Any:
    """Viewport pixel of a point given in grid units."""
    from PySide6.QtCore import QPointF

    from battlemap.ui.map.units import PX

    return view.mapFromScene(QPointF(x * PX, y * PX))


def send_mouse(view: Any, kind: str, x: float, y: float, buttons: Any = None,
               modifiers: Any = None) -> None:
    """A real QMouseEvent delivered to the viewport (press / move / release)."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    pos = QPointF(vp_point(view, x, y))
    glob = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    types = {"press": QEvent.Type.MouseButtonPress, "move": QEvent.Type.MouseMove,
             "release": QEvent.Type.MouseButtonRelease}
    left = Qt.MouseButton.LeftButton
    button = Qt.MouseButton.NoButton if kind == "move" else left
    held = buttons if buttons is not None else (
        Qt.MouseButton.NoButton if kind == "release" else left)
    ev = QMouseEvent(types[kind], pos, glob, button, held,
                     modifiers or Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def drag(view: Any, points: list[tuple[float, float]], modifiers: Any = None) -> None:
    """Press at the first point, move through the others, release at the last."""
    send_mouse(view, "press", *points[0], modifiers=modifiers)
    for x, y in points[1:]:
        send_mouse(view, "move", x, y, modifiers=modifiers)
    send_mouse(view, "release", *points[-1], modifiers=modifiers)
