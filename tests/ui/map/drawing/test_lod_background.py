"""Level of detail: zoomed far out, tokens are painted into the view's cached background
(background_tokens). What the GM sees must not change: each token keeps its colour, a
selected or moved token still shows at once, overlays under the tokens do not cover them,
and names come back as soon as they are readable again."""

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsItem

from battlemap.ui.map.drawing.items.background_tokens import FAR_ZOOM
from battlemap.ui.map.drawing.items.token_item import screen_scale
from battlemap.ui.map.drawing.items.token_look import SIDE_COLOURS
from battlemap.ui.map.drawing.overlays.squares_overlay import SquaresOverlay
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session, vp_point

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
PARTY, FOE = SIDE_COLOURS["party"], SIDE_COLOURS["foe"]


def big_session():
    """A 60×40 map: fitted into 800×600 it is about 0.19 screen pixel per scene pixel."""
    tokens = [dict(id=f"f{i}", name=f"Foe {i}", side="foe", col=3 + 4 * i, row=5)
              for i in range(12)]
    tokens += [dict(id="hero", name="Aldric Stone", side="party", col=20, row=20),
               dict(id="ogre", name="Ogre", side="foe", size="large", col=30, row=20)]
    return make_session(make_encounter(cols=60, rows=40, tokens=tokens))


def frame(view) -> QImage:
    QApplication.processEvents()  # pending scene updates (lifts) reach the view first
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def colour_at(img: QImage, view, x: float, y: float) -> QColor:
    p = vp_point(view, x, y)
    return QColor(img.pixel(p.x(), p.y()))


def far_view(map_view):
    view = map_view(big_session())
    view.fit()
    frame(view)
    assert screen_scale(view.transform()) < FAR_ZOOM
    return view


def test_far_zoom_paints_tokens_in_the_background_with_their_colours(map_view):
    view = far_view(map_view)
    tokens = view.map_scene.tokens
    assert view.map_scene.background_tokens.active
    assert all(item.in_background and item.flags() & NO_CONTENTS for item in tokens.values())
    img = frame(view)
    # The disc's centre is the side colour exactly, for every token; between them, paper.
    for i in range(12):
        assert colour_at(img, view, 3.5 + 4 * i, 5.5) == FOE
    assert colour_at(img, view, 20.5, 20.5) == PARTY
    assert colour_at(img, view, 30.3, 21) == FOE  # large: left of its initials (readable)
    paper = colour_at(img, view, 5.5, 10.5)
    assert paper.lightness() > 200 and paper != FOE


def test_background_picture_matches_the_items_picture(map_view):
    view = far_view(map_view)
    bg = frame(view)
    view.map_scene.background_tokens.set_active(False)
    view.map_scene.background_tokens.follow = lambda zoom: None  # keep the items painting
    items = frame(view)
    assert not any(i.flags() & NO_CONTENTS for i in view.map_scene.tokens.values())
    # Same discs, rims and HP bars: at most antialiasing shades differ, by a few levels
    # (3 measured: the background is painted at the items' own sub-pixel offsets).
    worst = 0
    for token in view.session.encounter.tokens:
        side = token.size.squares
        for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
            for fy in (0.2, 0.5, 0.8, 0.95):
                a = colour_at(bg, view, token.col + fx * side, token.row + fy * side)
                b = colour_at(items, view, token.col + fx * side, token.row + fy * side)
                worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()),
                            abs(a.blue() - b.blue()))
    assert worst <= 8


def test_names_come_back_as_soon_as_they_are_readable(map_view):
    view = far_view(map_view)
    hero = view.map_scene.tokens["hero"]
    assert hero.name_rect(screen_scale(view.transform())).isEmpty()
    view.setTransform(QTransform.fromScale(FAR_ZOOM, FAR_ZOOM))
    view.center_on(20.5, 21)
    img = frame(view)
    assert not view.map_scene.background_tokens.active
    assert not hero.flags() & NO_CONTENTS
    pill = view.mapFromScene(hero.name_rect(FAR_ZOOM)).boundingRect()
    assert pill.width() > 10
    inside = [QColor(img.pixel(x, y)).lightness() for x in range(pill.left() + 2, pill.right() - 1)
              for y in range(pill.top() + 1, pill.bottom())]
    # The label's dark pill, white letters on it, is drawn again: no paper shows through
    # (paper's lightness is above 220).
    assert max(inside) < 200 and sum(inside) / len(inside) < 140


def test_a_moved_token_leaves_the_background_and_shows_at_its_new_place(map_view):
    view = far_view(map_view)
    s = view.session
    s.update_token("hero", col=40, row=30)
    img = frame(view)
    assert not view.map_scene.tokens["hero"].in_background
    assert view.map_scene.tokens["f0"].in_background  # the others stay where they were
    assert colour_at(img, view, 40.5, 30.5) == PARTY
    assert colour_at(img, view, 20.5, 20.5) != PARTY  # the old picture is gone


def test_item_moves_and_selection_show_at_far_zoom(map_view):
    view = far_view(map_view)
    item = view.map_scene.tokens["f3"]
    item.setPos(QPointF(50 * PX, 35 * PX))
    img = frame(view)
    assert colour_at(img, view, 50.5, 35.5) == FOE
    assert colour_at(img, view, 15.5, 5.5) != FOE
    view.select_token("f5")
    img = frame(view)
    assert not view.map_scene.tokens["f5"].in_background
    # The dashed yellow frame of the selection, on the footprint's edge.
    edge = [colour_at(img, view, 23 + k / 10, 5.05) for k in range(10)]
    assert any(c.red() > 200 and c.green() > 150 and c.blue() < 120 for c in edge)


def test_a_refresh_that_changes_nothing_keeps_tokens_in_the_background(map_view):
    view = far_view(map_view)
    view.map_scene.refresh_tokens(None)
    assert all(i.in_background for i in view.map_scene.tokens.values())
    view.session.update_token("f1", hp=1)
    assert not view.map_scene.tokens["f1"].in_background
    assert sum(not i.in_background for i in view.map_scene.tokens.values()) == 1


def test_removed_token_disappears_from_the_background(map_view):
    view = far_view(map_view)
    view.session.remove_token("f2")
    img = frame(view)
    assert "f2" not in view.map_scene.tokens
    assert colour_at(img, view, 11.5, 5.5) != FOE


def test_an_overlay_under_the_tokens_does_not_cover_them(map_view):
    view = far_view(map_view)
    under = SquaresOverlay(QColor(20, 200, 20, 200), None, z=3)
    view.map_scene.addItem(under)
    under.set_squares({(c, r) for c in range(0, 10) for r in range(3, 8)})
    img = frame(view)
    tokens = view.map_scene.tokens
    assert not tokens["f0"].in_background and not tokens["f1"].in_background
    assert tokens["f5"].in_background  # out of the overlay's reach
    assert colour_at(img, view, 3.5, 5.5) == FOE  # drawn above the green, untinted
    green = colour_at(img, view, 1.5, 4.5)
    assert green.green() > 150 and green.red() < 100


def test_zooming_back_in_gives_every_token_its_item(map_view):
    view = far_view(map_view)
    view.setTransform(QTransform.fromScale(1.0, 1.0))
    frame(view)
    assert not view.map_scene.background_tokens.active
    assert not any(i.in_background or i.flags() & NO_CONTENTS
                   for i in view.map_scene.tokens.values())


def test_screen_scale_is_the_smaller_axis():
    # A squashed label is as unreadable as a small one.
    assert screen_scale(QTransform.fromScale(0.3, 0.17)) == 0.17
    assert screen_scale(QTransform.fromScale(-0.5, 0.6)) == 0.5


def test_a_new_far_zoom_puts_lifted_tokens_back_in_the_background(map_view):
    view = far_view(map_view)
    view.session.update_token("hero", col=40, row=30)
    frame(view)
    assert not view.map_scene.tokens["hero"].in_background
    view.zoom_by(0.9)
    img = frame(view)
    assert all(i.in_background for i in view.map_scene.tokens.values())
    assert colour_at(img, view, 40.5, 30.5) == PARTY


def test_an_export_while_zoomed_far_out_still_shows_every_token(map_view):
    view = far_view(map_view)
    img = view.render_to_image(1220, 820)  # 20 px per square, plus a margin
    assert view.map_scene.background_tokens.active
    source = view.map_scene.grid_rect().adjusted(-PX / 2, -PX / 2, PX / 2, PX / 2)
    zoom = min(1220 / source.width(), 820 / source.height())

    def at(x: float, y: float) -> QColor:
        return QColor(img.pixel(round((x * PX - source.left()) * zoom),
                                round((y * PX - source.top()) * zoom + (820 - source.height() * zoom) / 2)))

    # Names and initials are readable at this size: sampled above the initials.
    assert at(20.5, 20.22) == PARTY
    assert all(at(3.5 + 4 * i, 5.22) == FOE for i in range(12))


def test_unselecting_a_token_drawn_in_the_background_removes_its_frame(map_view):
    view = far_view(map_view)

    def frame_shown(img: QImage) -> bool:
        edge = [colour_at(img, view, 23 + k / 10, 5.05) for k in range(10)]
        return any(c.red() > 200 and c.green() > 150 and c.blue() < 120 for c in edge)

    overlays = view.controllers["overlays"]
    overlays.set_enabled("threat_selected", False)  # no zone under it: it may stay below
    overlays.set_enabled("reach", False)
    view.select_token("f5")
    view.zoom_by(0.9)  # a new zoom: the selected token goes back into the background
    img = frame(view)
    assert view.map_scene.tokens["f5"].in_background and frame_shown(img)
    view.map_scene.clearSelection()  # Qt unselects on its own (no Python setSelected)
    img = frame(view)
    assert not view.map_scene.tokens["f5"].in_background
    assert not frame_shown(img)
