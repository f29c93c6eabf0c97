"""The drag ruling stays readable (issue 6 defects): the path line does not cross the dragged
token's initials, and opportunity-attack labels hide no token, no name label and no other
label, even with two enemies beside the path."""

from PySide6.QtGui import QColor

from battlemap.ui.map.drawing.overlays.label_layout import place_label
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session, send_mouse, vp_point

GOBLIN = {"max_hp": 7, "ac": 15, "weapons": [{"name": "Scimitar", "damage": "1d6"}]}
HERO = {"max_hp": 30, "ac": 16, "weapons": [{"name": "Longsword", "damage": "1d8"}]}


def crowded():
    # dnd2024 (RULES.md §2): leaving a foe's reach provokes; two foes, two OAs.
    return make_session(make_encounter(tokens=[
        dict(id="hero", name="Aldric", side="party", col=4, row=3, stats=HERO),
        dict(id="chief", name="Goblin Chief", side="foe", col=5, row=3, stats=GOBLIN),
        dict(id="archer", name="Goblin Archer", side="foe", col=4, row=2, stats=GOBLIN),
    ]))


def test_place_label_skips_taken_spots():
    from PySide6.QtCore import QRectF

    square = QRectF(64, 64, 64, 64)
    above = place_label(square, 100, 18, [])
    assert above.bottom() < square.top()
    below = place_label(square, 100, 18, [above])
    assert below.top() > square.bottom()


def test_oa_labels_hide_no_token_no_name_and_no_other_label(map_view):
    s = crowded()
    view = map_view(s)
    view.centerOn(4 * PX, 3 * PX)
    move = view.controllers["move"]
    send_mouse(view, "press", 4.5, 3.5)
    send_mouse(view, "move", 3.5, 4.5)
    send_mouse(view, "move", 2.5, 5.5)
    assert len(move.drawing.oas) == 2
    view.grab()  # one paint of the overlay, which places the labels
    overlay = move.overlay
    labels = [rect for text, rect in overlay.placed if "⚔" in text]
    assert len(labels) == 2
    others = [rect for _, rect in overlay.placed]
    tokens = view.map_scene.tokens.values()
    for rect in labels:
        for tok in tokens:
            assert not rect.intersects(tok.name_rect(view.zoom())), tok.token_id
            assert not rect.intersects(tok.mapRectToScene(tok.footprint())), tok.token_id
        assert sum(rect.intersects(o) for o in others) == 1  # only itself


def test_path_line_leaves_the_dragged_tokens_initials_alone(map_view):
    s = crowded()
    view = map_view(s)
    view.centerOn(4 * PX, 3 * PX)
    centre = vp_point(view, 4.5, 3.5)
    before = view.grab().toImage()
    send_mouse(view, "press", 4.5, 3.5)
    send_mouse(view, "move", 3.5, 3.5)
    send_mouse(view, "move", 2.5, 3.5)
    after = view.grab().toImage()
    # A band across the disc centre, left of it (where the path runs): unchanged pixels.
    for dx in range(-12, 1):
        x, y = centre.x() + dx, centre.y()
        assert QColor(after.pixel(x, y)) == QColor(before.pixel(x, y)), dx
