"""The template bar is docked to its template (issue 6 defect: it used to float over the map's
top-left corner): under it, above it when there is no room, inside the viewport, following
the template when the map scrolls or zooms."""

from PySide6.QtCore import QRectF

from battlemap.ui.map.panels.template_bar import GAP, bar_position
from tests.ui.map.gestures.test_map_templates import action, arena

from ..conftest import send_mouse


def test_bar_goes_under_the_anchor_then_flips_above_and_stays_inside():
    room = QRectF(0, 0, 800, 600)
    assert bar_position(QRectF(300, 100, 200, 100), 120, 30, room) == (340, 200 + GAP)
    # No room below: above the template.
    assert bar_position(QRectF(300, 500, 200, 90), 120, 30, room) == (340, 500 - GAP - 30)
    # A template at the left edge: the bar slides right to stay on screen.
    assert bar_position(QRectF(-50, 100, 60, 60), 120, 30, room) == (0, 160 + GAP)
    # As tall as the view: beside it, on the right, vertically centred.
    assert bar_position(QRectF(100, -10, 300, 620), 120, 30, room) == (400 + GAP, 285)


def _placed_sphere(view):
    action(view, "map.template.sphere").trigger()
    send_mouse(view, "press", 6.0, 4.0)
    send_mouse(view, "release", 7.5, 4.0)
    return view.controllers["template"]


def _touches(bar, box):
    g = bar.geometry()
    below = abs(g.top() - (box.bottom() + GAP)) <= 2
    above = abs(g.bottom() + 1 - (box.top() - GAP)) <= 2
    right = abs(g.left() - (box.right() + GAP)) <= 2
    centred = abs(g.center().x() - box.center().x()) <= 2
    return ((below or above) and centred) or right


def test_bar_is_docked_to_the_placed_template(map_view):
    view = map_view(arena())
    ctl = _placed_sphere(view)
    assert ctl.bar.isVisible()
    box = ctl._on_screen()
    assert _touches(ctl.bar, box)
    assert ctl.bar.geometry().top() > 60  # not at the map's top-left corner any more
    assert view.viewport().rect().contains(ctl.bar.geometry())


def test_bar_follows_its_template_on_zoom_and_scroll(map_view):
    view = map_view(arena())
    ctl = _placed_sphere(view)
    before = ctl.bar.pos()
    view.zoom_out()
    assert ctl.bar.pos() != before
    assert _touches(ctl.bar, ctl._on_screen())
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    assert _touches(ctl.bar, ctl._on_screen())


def test_bar_keeps_off_the_tokens_on_screen():
    # A creature right under the template: the bar goes above it instead of hiding it
    # (walkthrough: the sphere's bar covered « Voyou à la batte » and the goblins' names).
    room = QRectF(0, 0, 800, 600)
    anchor = QRectF(300, 100, 200, 100)
    under = QRectF(360, 205, 60, 60)
    # It slides under the template past the creature, still facing its template…
    assert bar_position(anchor, 120, 30, room, [under]) == (420 + GAP, 200 + GAP)
    # …or, with no room to slide, goes above.
    wide = QRectF(200, 205, 400, 60)
    assert bar_position(anchor, 120, 30, room, [wide]) == (340, 100 - GAP - 30)
    # Nowhere free: the first place that fits, as before.
    everywhere = QRectF(0, 0, 800, 600)
    assert bar_position(anchor, 120, 30, room, [everywhere]) == (340, 200 + GAP)


def test_the_placed_templates_bar_covers_no_token(map_view):
    from tests.ui.map.gestures.test_map_templates import GOBLIN

    from ..conftest import make_encounter, make_session

    view = map_view(make_session(make_encounter(cols=14, rows=10, tokens=[
        dict(id="gob", name="Goblin", side="foe", col=6, row=4, hp=7, stats=GOBLIN),
        dict(id="guard", name="Guard", side="foe", col=6, row=6, stats=GOBLIN),
    ])))
    ctl = _placed_sphere(view)
    bar = QRectF(ctl.bar.geometry())
    assert ctl.token_boxes() and not any(bar.intersects(box) for box in ctl.token_boxes())
    assert _touches(ctl.bar, ctl._on_screen())
