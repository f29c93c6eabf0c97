"""Esc or the right button during a drag calls it off: the token stays on its square, no undo
step, no log entry, and the path drawn for the drag goes away."""

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from ..conftest import make_encounter, make_session, send_mouse, vp_point

HERO = {"max_hp": 30, "ac": 16, "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def right_press(view, x, y):
    """A real right-button press while the left one is held."""
    pos = QPointF(vp_point(view, x, y))
    glob = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    ev = QMouseEvent(QEvent.Type.MouseButtonPress, pos, glob, Qt.MouseButton.RightButton,
                     Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


@pytest.mark.parametrize("how", ["esc", "right"])
def test_esc_or_right_click_during_a_drag_puts_the_token_back(map_view, qtbot, how):
    enc = make_encounter(tokens=[dict(id="hero", name="Aldric", side="party", col=2, row=2,
                                      stats=HERO)])
    s = make_session(enc)
    view = map_view(s)
    move = view.controllers["move"]
    log_before = len(s.log.entries)
    send_mouse(view, "press", 2.5, 2.5)
    send_mouse(view, "move", 3.5, 2.5)
    send_mouse(view, "move", 4.5, 2.5)
    assert move.drawing is not None and move.drawing.squares == [(3, 2), (4, 2)]
    if how == "esc":
        qtbot.keyClick(view, Qt.Key.Key_Escape)
    else:
        right_press(view, 4.5, 2.5)
    assert move.drawing is None  # the path is gone at once, not at the release
    assert not move.overlay.marks
    send_mouse(view, "move", 5.5, 2.5)  # the pointer moving on draws no new path
    assert move.drawing is None
    send_mouse(view, "release", 5.5, 2.5)
    hero = s.encounter.token("hero")
    assert (hero.col, hero.row) == (2, 2)
    assert not s.can_undo
    assert len(s.log.entries) == log_before
    assert move.drawing is None
