"""The lights on the GM's map (drawing/items/lights_layer.py): a soft disc in the light's
colour, shown from the start in the GM's window and hidden by the View menu's « Lights »."""

from typing import Any

from PySide6.QtCore import QPointF

from battlemap.model import Light
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session


def _colour(view: Any, x: float, y: float) -> Any:
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return view.viewport().grab().toImage().pixelColor(at.x(), at.y())


def test_the_gm_sees_each_light_as_a_disc_of_its_colour_and_can_hide_them(map_view: Any) -> None:
    enc = make_encounter(cols=12, rows=8)
    enc.lights.append(Light(position=(6, 4), range=3, color="ffff0000"))  # red
    view = map_view(make_session(enc))
    paper = _colour(view, 6.25, 4.25)
    act = next(a for a in view.actions() if a.objectName() == "map.overlay.lights")
    assert act.isChecked()
    lit = _colour(view, 6.25, 4.25)
    assert lit.red() > lit.green() and lit != paper
    assert _colour(view, 10.5, 0.5) == _colour(view, 10.5, 7.5)  # beyond its range: paper
    act.setChecked(False)
    assert _colour(view, 6.25, 4.25) == paper
