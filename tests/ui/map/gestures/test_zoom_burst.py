"""Zoom bursts (issue 9): while the wheel turns, the map shows its last picture scaled and
draws nothing again; once the wheel stops, or at a click, it draws the scene at the new zoom,
exactly as a view zoomed there directly."""

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsView

from battlemap.ui.map.drawing.items.token_item import TokenItem
from battlemap.ui.map.gestures.zoom_burst import SETTLE_MS
from battlemap.ui.map.scene import OUTSIDE
from battlemap.ui.map.view import ZOOM_STEP

from ..conftest import make_encounter, make_session, send_mouse

TOKENS = [{"id": f"t{k}", "name": f"Goule {k}", "side": "foe", "col": 2 + 3 * k, "row": 4}
          for k in range(6)]


def _view(map_view: Any) -> Any:
    view = map_view(make_session(make_encounter(cols=24, rows=16, tokens=TOKENS)))
    # Zoom about the view's centre: offscreen there is no cursor to zoom under.
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
    view.centerOn(12 * 64, 8 * 64)
    _frame(view)
    return view


def _frame(view: Any) -> QImage:
    QApplication.processEvents()
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def _wheel(view: Any, notches: float) -> None:
    at = QPointF(400, 300)
    QApplication.sendEvent(view.viewport(), QWheelEvent(
        at, view.viewport().mapToGlobal(at), QPoint(0, 0), QPoint(0, round(120 * notches)),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False))


@pytest.fixture
def token_paints(monkeypatch: Any) -> list[str]:
    calls: list[str] = []
    real = TokenItem.paint

    def counting(self: TokenItem, *args: Any) -> None:
        calls.append(self.token_id)
        real(self, *args)

    monkeypatch.setattr(TokenItem, "paint", counting)
    return calls


def test_a_burst_of_notches_draws_no_token_again_until_the_wheel_stops(
        map_view: Any, qtbot: Any, token_paints: list[str]) -> None:
    view = _view(map_view)
    zoom = view.zoom()
    token_paints.clear()
    for _ in range(3):
        _wheel(view, -1)
        _frame(view)
    assert view.burst.active and token_paints == []
    assert view.zoom() == pytest.approx(zoom * ZOOM_STEP ** -3)
    qtbot.waitUntil(lambda: not view.burst.active, timeout=SETTLE_MS * 10)
    _frame(view)
    assert len(set(token_paints)) == len(TOKENS)  # each drawn again once, at the new scale


def test_the_picture_shown_during_a_burst_is_the_last_one_scaled(map_view: Any) -> None:
    view = _view(map_view)
    before = _frame(view)
    # Sampled in the disc above the initials (white text would blend in when scaled).
    centres = [view.mapFromScene(QPointF((t["col"] + 0.5) * 64, (t["row"] + 0.22) * 64))
               for t in TOKENS]
    _wheel(view, -2)  # two notches out, about the view's centre
    during = _frame(view)
    w, h = before.width(), before.height()
    scale = ZOOM_STEP ** -2
    for c in centres:  # each token's disc, moved toward the centre by the zoom
        disc = QColor(before.pixel(c))
        x, y = w / 2 + (c.x() - w / 2) * scale, h / 2 + (c.y() - h / 2) * scale
        shown = QColor(during.pixel(round(x), round(y)))
        assert disc.red() > disc.green() + 60  # a foe's red, not the paper
        assert max(abs(shown.red() - disc.red()), abs(shown.green() - disc.green()),
                   abs(shown.blue() - disc.blue())) <= 12
    # Beyond the old picture: the colour outside the map until the burst ends.
    assert QColor(during.pixel(3, 3)) == OUTSIDE


def test_the_settled_picture_is_the_view_drawn_at_that_zoom(map_view: Any, qtbot: Any) -> None:
    view = _view(map_view)
    _wheel(view, -1)
    _wheel(view, 1)
    _wheel(view, 1)
    qtbot.waitUntil(lambda: not view.burst.active, timeout=SETTLE_MS * 10)
    settled = _frame(view)
    direct = _view(map_view)
    direct.zoom_by(ZOOM_STEP)  # programmatic: no burst
    assert not direct.burst.active
    assert settled == _frame(direct)


def test_a_click_during_a_burst_shows_the_real_map_at_once(map_view: Any) -> None:
    view = _view(map_view)
    _wheel(view, 1)
    assert view.burst.active
    send_mouse(view, "press", 12, 8)
    assert not view.burst.active
    send_mouse(view, "release", 12, 8)


def test_no_burst_while_a_button_is_held(map_view: Any, monkeypatch: Any) -> None:
    # A drag's previews stay live: the wheel zooms as before (Qt reports a held button).
    monkeypatch.setattr("battlemap.ui.map.gestures.zoom_burst.QGuiApplication.mouseButtons",
                        lambda: Qt.MouseButton.LeftButton)
    view = _view(map_view)
    zoom = view.zoom()
    _wheel(view, 1)
    assert not view.burst.active and view.zoom() == pytest.approx(zoom * ZOOM_STEP)


def test_widgets_docked_on_the_map_stay_out_of_the_scaled_picture(map_view: Any) -> None:
    # A template's bar sits on the viewport and follows the zoom by itself: a copy of it in
    # the picture would show twice, one of them scaled.
    from PySide6.QtWidgets import QLabel

    view = _view(map_view)
    docked = QLabel(view.viewport())
    docked.setGeometry(0, 0, 60, 60)
    docked.setStyleSheet("background-color: #00ff00;")
    docked.show()
    assert QColor(_frame(view).pixel(20, 20)) == QColor(0, 255, 0)  # on screen
    _wheel(view, 1)
    picture = view.burst._shot[0].toImage()
    assert QColor(picture.pixel(20, 20)) != QColor(0, 255, 0)
