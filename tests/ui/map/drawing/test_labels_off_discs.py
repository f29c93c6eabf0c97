"""Path, cover and flanking labels keep off the token discs: on a crowded fight (the Brèche
demo's thugs pressed together, a token right above each label's usual spot) no label's
rectangle meets a token's disc."""

from pathlib import Path

from PySide6.QtCore import QRectF, Qt

from battlemap.io import load_encounter
from battlemap.ui.map.drawing.items.token_item import TokenItem

from ..conftest import make_session, send_mouse

DEMO = Path(__file__).resolve().parents[4] / "assets" / "demo" / "breche35-entrepot-pigalle.json"


def crowded():
    """Mara and Karim on either side of the thug in the blouson (flanked), Lou right above
    him, Yanis right above the thug with the bat."""
    s = make_session(load_encounter(DEMO))
    for tid, col, row in (("mara", 8, 8), ("karim", 10, 8), ("lou", 9, 7),
                          ("voyou-2", 12, 8), ("yanis", 12, 7)):
        s.update_token(tid, col=col, row=row)
    return s


def discs(view) -> list[QRectF]:
    return [i.disc_rect() for i in view.map_scene.items() if isinstance(i, TokenItem)]


def clashes(view, rects) -> list[tuple[QRectF, QRectF]]:
    return [(r, d) for r in rects for d in discs(view) if r.intersects(d)]


def test_the_flanking_label_goes_beside_the_foe_not_on_the_token_above(map_view):
    view = map_view(crowded())
    view.select_token("mara")
    flank = view.controllers["overlays"].flank
    assert flank.labels, "Mara and Karim flank the thug"
    assert not clashes(view, flank.label_rects)


def test_the_cover_label_of_a_target_keeps_off_the_token_above_it(map_view, qtbot):
    view = map_view(crowded())
    view.select_token("karim")
    qtbot.keyClick(view, Qt.Key.Key_A)
    send_mouse(view, "move", 12.5, 8.5)  # hovering the thug with the bat
    cover = view.controllers["attack"].cover
    assert cover.labels
    assert not clashes(view, cover.label_rects)


def test_the_drag_cost_and_cover_badges_keep_off_the_discs(map_view, qtbot):
    view = map_view(crowded())
    move = view.controllers["move"]
    send_mouse(view, "press", 8.5, 8.5)
    send_mouse(view, "move", 8.5, 7.5)
    send_mouse(view, "move", 8.5, 6.5)  # Lou stands right under the square: the cost's spot
    # The badges come with the mouse event that moved the ghost.
    placed = [rect for _, rect in move.overlay.placed]
    assert placed
    badges = [item.rect for items in move.cover.overlay._items.values() for item in items]
    assert badges
    assert not clashes(view, placed + badges)
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # called off: the thugs would strike
    send_mouse(view, "release", 8.5, 6.5)
