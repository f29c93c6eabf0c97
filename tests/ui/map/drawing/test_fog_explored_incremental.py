"""The explored squares' coverage grows in place (drawing/fog.py `_refill_explored`): a move
that explores new squares fills again only the pixels they reach, and the result is the very
pixels a fill of every explored square gives, at any zoom and scroll. Checked against that
full fill directly, and through the players' view against a view opened afresh."""

import random
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QTransform

from battlemap.ui.map.drawing import fog
from battlemap.ui.map.drawing.fog import _filled, _refill_explored, explored_path

from ..conftest import make_encounter, make_session

# (zoom, device x and y shift, device width and height): whole and fractional zooms, shifts
# of whole and of fractions of pixels, a device showing part of the map only.
DEVICES = [(1.0, 0.0, 0.0, 640, 480), (0.37, -12.25, 3.5, 500, 400),
           (1.3, -700.4, -255.8, 800, 600), (0.123, 5.0, 7.0, 200, 160),
           (2.0, -1500.0, -900.0, 300, 200)]


@pytest.mark.parametrize("zoom, dx, dy, w, h", DEVICES)
@pytest.mark.parametrize("seed", range(4))
def test_growing_the_coverage_gives_the_pixels_of_a_full_fill(
        qapp: Any, zoom: float, dx: float, dy: float, w: int, h: int, seed: int) -> None:
    rng = random.Random(seed)
    to_device = QTransform(zoom, 0, 0, zoom, dx, dy)
    size = QSize(w, h)
    # A room explored first, then squares added by three looks: one next to it, one in a
    # far corner (another tile), one scattered over the whole map.
    first = [(c, r) for c in range(2, 9) for r in range(3, 7)]
    looks = [[(c, r) for c in range(9, 12) for r in range(2, 8)],
             [(c, r) for c in range(60, 64) for r in range(50, 53)],
             sorted({(rng.randrange(80), rng.randrange(60)) for _ in range(200)})]
    squares = list(first)
    mask = _filled(explored_path(squares), size, to_device)
    for look in looks:
        added = [sq for sq in look if sq not in set(squares)]
        squares = [*squares, *added]
        _refill_explored(mask, squares, added, to_device)
        full = _filled(explored_path(squares), size, to_device)
        assert np.array_equal(mask, full)
    assert 0 < int((mask > 0).sum()) < mask.size  # the device shows explored and not


def corridor() -> Any:
    """A corridor of rooms on 40×10, each 8 squares wide behind a wall with a doorway: the
    hero walks east and sees a new room at a time."""
    walls = []
    for x in range(8, 40, 8):
        walls.append(dict(points=[(x, 0), (x, 4)]))
        walls.append(dict(points=[(x, 6), (x, 10)]))
    enc = make_encounter(cols=40, rows=10, walls=walls,
                         tokens=[dict(id="hero", name="Hero", side="party", col=2, row=5)])
    return make_session(enc)


def placed(map_view: Any, s: Any) -> Any:
    """A players' view with fog at a fractional zoom, scrolled to a fractional spot."""
    view = map_view(s, role="player")
    view.setTransform(QTransform.fromScale(0.43, 0.43))
    view.centerOn(777.3, 301.7)
    view.set_fog(True)
    view.viewport().grab()
    return view


def test_a_walk_that_explores_paints_what_a_fresh_window_paints(
        map_view: Any, monkeypatch: Any) -> None:
    refills: list[int] = []

    def counted(mask: Any, squares: Any, added: Any, to_device: Any) -> None:
        refills.append(len(added))
        _refill_explored(mask, squares, added, to_device)

    monkeypatch.setattr(fog, "_refill_explored", counted)
    s = corridor()
    view = placed(map_view, s)
    for col in (6, 10, 14, 18, 22, 26, 30):
        before = len(s.encounter.explored)
        s.move("hero", [(col, 5)], gm_override=True)
        picture = view.viewport().grab().toImage()
        assert len(s.encounter.explored) > before  # this step explores new squares
        fresh = placed(map_view, s)
        assert fresh.transform() == view.transform()
        assert fresh.mapFromScene(0, 0) == view.mapFromScene(0, 0)
        assert fresh.viewport().grab().toImage() == picture
        fresh.shutdown()  # it follows no later move: the refills counted are the first view's
    assert len(refills) == 7 and all(n > 0 for n in refills)  # grown, never filled again whole
