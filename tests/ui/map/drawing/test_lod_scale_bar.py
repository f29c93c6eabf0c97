"""The scale bar is drawn by every repaint that reaches its corner, and only by those: a
small update elsewhere (a token moved, an overlay redrawn) skips its ~30 µs."""

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QTransform

import battlemap.ui.map.view as view_module

from ..conftest import make_encounter, make_session


def test_scale_bar_is_drawn_only_where_a_repaint_reaches_it(map_view, monkeypatch):
    view = map_view(make_session(make_encounter(cols=30, rows=20)))
    calls: list[int] = []
    real = view_module.draw_scale_bar
    monkeypatch.setattr(view_module, "draw_scale_bar",
                        lambda p, zoom, h: (calls.append(h), real(p, zoom, h)))
    port = view.viewport()
    h = port.height()
    port.grab()  # paints the whole viewport
    assert len(calls) == 1
    port.grab(QRect(400, 200, 40, 40))
    assert len(calls) == 1  # the middle of the map: not the bar's corner
    port.grab(QRect(30, h - 20, 10, 10))
    assert len(calls) == 2  # on the bar
    # Zoomed in, the bar (1.5 m = one square) is 8 × 64 px long: its corner grows with it.
    view.setTransform(QTransform.fromScale(8, 8))
    calls.clear()
    img = port.grab(QRect(500, h - 20, 10, 10)).toImage()
    assert len(calls) == 1
    assert QColor(img.pixel(5, 2)).lightness() < 60  # the bar's dark line, 18 px up
