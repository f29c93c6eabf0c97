"""The players' fog as painted (per-view masks, their maximum, the wall margin as a dilation):
the pixels at the square centres are fogged exactly where no party token's view reaches, the
wall bounding a view stays drawn, a token in the fog stays hidden, and the views are read
into paths and masks once each."""

from typing import Any

import numpy as np
import pytest
import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from battlemap.geometry.vision.visible import seen_regions, visible_region
from battlemap.ui.map.drawing.fog import FOG, WALL_MARGIN, grow, view_path
from battlemap.ui.map.drawing.overlays.area_overlay import shape_path
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session


def rooms() -> Any:
    """Three rooms and a corridor on 12×8: a party of three in two of them, a slanted wall,
    a pillar, a window, a foe behind a wall, a hidden foe in the fog."""
    enc = make_encounter(cols=12, rows=8, tokens=[
        dict(id="hero", name="Hero", side="party", col=1, row=1),
        dict(id="ally", name="Ally", side="party", col=2, row=5),
        dict(id="scout", name="Scout", side="party", col=8, row=6),
        dict(id="lurker", name="Lurker", side="foe", col=9, row=1),
        dict(id="ghost", name="Ghost", side="foe", col=10, row=0, hidden=True),
    ], walls=[
        dict(points=[(6, 0), (6, 4)]),
        dict(points=[(6, 4), (6, 5)], kind="window"),
        dict(points=[(6, 5), (6, 8)]),
        dict(points=[(0, 4), (3, 4)]),
        dict(points=[(7, 5), (12, 3.5)]),
        dict(points=[(3, 6), (4, 6), (4, 7), (3, 7), (3, 6)]),
    ])
    return make_session(enc)


def pixel(view: Any, x: float, y: float) -> QColor:
    """The colour the players' view shows at a point in grid units (grabbed from the screen)."""
    image = view.viewport().grab().toImage()
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return image.pixelColor(at.x(), at.y())


def fog_view(map_view: Any, s: Any) -> Any:
    view = map_view(s, role="player")
    view.set_fog(True)
    view.viewport().grab()  # painted once
    return view


def test_the_fog_covers_exactly_the_squares_no_view_reaches(map_view: Any) -> None:
    s = rooms()
    view = fog_view(map_view, s)
    from battlemap.ui.map.drawing.fog import viewpoints

    union = shapely.union_all(seen_regions(s.geo, viewpoints(s)))
    image = view.viewport().grab().toImage()
    seen = fogged = 0
    for col in range(12):
        for row in range(8):
            centre = shapely.Point(col + 0.5, row + 0.5)
            if shapely.distance(centre, union.boundary) < 0.15:
                continue  # on the edge of a view: antialiasing and the margin decide
            at = view.mapFromScene(QPointF((col + 0.5) * PX, (row + 0.5) * PX))
            colour = image.pixelColor(at.x(), at.y())
            if shapely.contains(union, centre):
                assert colour != FOG, (col, row)
                seen += 1
            else:
                assert colour == FOG, (col, row)
                fogged += 1
    assert seen > 20 and fogged > 10  # both kinds are sampled


def test_two_views_overlapping_are_not_cancelled(map_view: Any) -> None:
    # The hero and the ally both see the corridor's end: the union keeps it clear.
    s = rooms()
    view = fog_view(map_view, s)
    assert pixel(view, 5.5, 4.5) != FOG
    s.update_token("ally", col=1, row=6)  # back behind the room's wall (y = 4)
    assert pixel(view, 1.5, 6.5) != FOG  # its own square
    assert pixel(view, 1.5, 2.5) != FOG  # the hero's room, seen by the hero


def test_the_margin_keeps_the_bounding_wall_drawn(map_view: Any) -> None:
    s = rooms()
    view = fog_view(map_view, s)
    # The wall at x = 6 bounds the hero's room: its pen (drawn across x = 6) shows beyond
    # the line by the margin, the floor past the margin does not.
    just_beyond = 6 + WALL_MARGIN * 0.6
    assert pixel(view, just_beyond, 2.5) != FOG
    assert pixel(view, 6 + 4 * WALL_MARGIN, 2.5) == FOG
    assert view.fog.fogged(QPointF((6 + 4 * WALL_MARGIN) * PX, 2.5 * PX))
    assert not view.fog.fogged(QPointF(just_beyond * PX, 2.5 * PX))


def test_a_token_in_the_fog_stays_hidden(map_view: Any) -> None:
    s = rooms()
    view = fog_view(map_view, s)
    assert "ghost" not in view.map_scene.tokens  # hidden: never on the players' map
    assert pixel(view, 10.5, 0.5) == FOG
    s.update_token("ghost", hidden=False)  # shown by the GM, but behind the wall: its name
    assert "ghost" not in view.map_scene.tokens  # plate would stick out of the fog
    assert pixel(view, 10.5, 0.5) == FOG
    assert pixel(view, 9.5, 1.5) == FOG  # the lurker too
    s.update_token("hero", col=7, row=1)  # walks round the wall: both in sight
    assert pixel(view, 9.5, 1.5) != FOG and pixel(view, 10.5, 0.5) != FOG
    assert {"ghost", "lurker"} <= set(view.map_scene.tokens)


def test_a_move_fills_only_the_moved_view_again(map_view: Any) -> None:
    s = rooms()
    view = fog_view(map_view, s)
    fog = view.fog
    before = {id(v): m for v, _, m in fog._masks.values()}
    assert len(before) == 3
    s.update_token("hero", col=2, row=1)
    view.viewport().grab()  # painted before the fog's timer: never stale
    assert fog.computations == 2
    after = {id(v): m for v, _, m in fog._masks.values()}
    kept = [m for k, m in after.items() if k in before]
    assert len(after) == 3 and len(kept) == 2  # the ally's and the scout's masks are reused
    assert all(any(m is b for b in before.values()) for m in kept)


def test_no_party_token_in_view_fogs_the_whole_grid(map_view: Any) -> None:
    s = rooms()
    view = fog_view(map_view, s)
    for t in ("hero", "ally", "scout"):
        s.update_token(t, hidden=True)
    assert all(pixel(view, x, y) == FOG for x, y in ((1.5, 1.5), (8.5, 6.5), (11.5, 7.5)))


def test_view_path_is_the_rings_point_by_point() -> None:
    hole = shapely.Polygon([(0, 0), (4, 0), (4, 3), (0, 3)], [[(1, 1), (2, 1), (2, 2), (1, 2)]])
    two = shapely.MultiPolygon([hole, shapely.box(5, 5, 6.5, 7.25)])
    for geom in (hole, two, shapely.GeometryCollection([hole, shapely.LineString([(0, 0),
                                                                                 (9, 9)])])):
        fast = view_path(geom)
        slow = shape_path(shapely.MultiPolygon([g for g in shapely.get_parts(geom)
                                                if g.geom_type == "Polygon"]))
        got = [(fast.elementAt(i).type, fast.elementAt(i).x, fast.elementAt(i).y)
               for i in range(fast.elementCount())]
        want = [(slow.elementAt(i).type, slow.elementAt(i).x, slow.elementAt(i).y)
                for i in range(slow.elementCount())]
        assert got == want
        assert fast.fillRule() == slow.fillRule()
        assert not fast.contains(QPointF(1.5 * PX, 1.5 * PX))  # the hole stays a hole
    assert view_path(shapely.Polygon()).isEmpty()


@pytest.mark.parametrize("r", [1, 2, 3, 5, 9])
def test_grow_moves_every_edge_by_about_r(r: int) -> None:
    # A disc of pixels grows into one of radius + r (within the octagon's ~8 %).
    n = 61
    y, x = np.mgrid[:n, :n] - n // 2
    a = np.where(np.hypot(x, y) <= 10, 255, 0).astype(np.uint8)
    grown = grow(a.copy(), r)
    radius = np.hypot(x, y)[grown > 0]
    assert grown.dtype == np.uint8 and (grown >= a).all()
    assert abs(radius.max() - (10 + r)) <= 0.08 * r + 1
    assert ((np.hypot(x, y) <= 10 + r * 0.9) <= (grown > 0)).all()  # nothing inside is missed


def test_the_exact_region_is_still_the_union_of_the_views_grown() -> None:
    s = rooms()
    from battlemap.ui.map.drawing.fog import viewpoints

    eyes = viewpoints(s)
    views = seen_regions(s.geo, eyes)
    assert len(views) == 3
    assert shapely.equals(visible_region(s.geo, eyes), shapely.union_all(views))
    grown = visible_region(s.geo, eyes, margin=WALL_MARGIN)
    assert shapely.contains(grown, shapely.union_all(views))


def _rgb(view: Any) -> np.ndarray:
    from PySide6.QtGui import QImage

    img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), np.uint8, count=img.sizeInBytes())
    rows = rows.reshape(img.height(), img.bytesPerLine())[:, :img.width() * 4]
    return rows.reshape(img.height(), img.width(), 4)[..., :3].astype(int)


def test_a_scrolled_fog_is_the_fog_painted_whole(map_view: Any, qtbot: Any) -> None:
    # Zoomed in, Qt keeps the part of the fog in view and paints only the strips a scroll
    # exposes: the margin's dilation must reach into a strip from outside it (no seams).
    s = rooms()
    view = fog_view(map_view, s)
    view.scale(3, 3)
    view.center_on(6, 4)
    qtbot.wait(1)
    view.viewport().repaint()
    bar, vbar = view.horizontalScrollBar(), view.verticalScrollBar()
    for _ in range(6):
        bar.setValue(bar.value() + 13)
        vbar.setValue(vbar.value() + 7)
        view.viewport().repaint()
    scrolled = _rgb(view)
    view.fog.update()  # the whole fog painted again
    whole = _rgb(view)
    assert (np.abs(scrolled - whole).max(axis=2) > 8).sum() == 0
    assert (whole == np.array([FOG.blue(), FOG.green(), FOG.red()])).all(axis=2).any()  # BGR


def _picture(view: Any) -> np.ndarray:
    """Every pixel the players' view shows (RGB)."""
    from PySide6.QtGui import QImage

    img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), np.uint8, count=img.sizeInBytes())
    return rows.reshape(img.height(), img.bytesPerLine())[:, :img.width() * 4].copy()


def _in_fog(view: Any, col: int, row: int) -> bool:
    """Whether the fog covers the whole square (its corners, sides and middle)."""
    points = [(col + dx, row + dy) for dx in (0.0, 0.5, 1.0) for dy in (0.0, 0.5, 1.0)]
    return all(view.fog.fogged(QPointF(x * PX, y * PX)) for x, y in points)


def test_not_a_pixel_of_a_token_the_party_cannot_see(map_view: Any) -> None:
    # The players' whole picture is the same whether a foe the party cannot see is there,
    # stands elsewhere out of sight, is shown by the GM behind a wall, or is gone; and a foe
    # in sight does change it (the comparison sees tokens).
    s = rooms()
    view = fog_view(map_view, s)
    assert _in_fog(view, 9, 1) and _in_fog(view, 10, 0) and _in_fog(view, 8, 0)
    before = _picture(view)
    s.update_token("lurker", col=8, row=0)  # a step within the fog
    assert np.array_equal(_picture(view), before)
    s.update_token("ghost", hidden=False)  # shown by the GM, behind the wall
    assert np.array_equal(_picture(view), before)
    s.update_token("lurker", hp=1)  # wounded out of sight: no bar, no badge shows
    assert np.array_equal(_picture(view), before)
    s.update_token("lurker", hidden=True)
    assert np.array_equal(_picture(view), before)
    s.update_token("lurker", hidden=False, col=4, row=1)  # into the hero's room
    assert not np.array_equal(_picture(view), before)
