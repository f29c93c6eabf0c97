"""Solid walls are drawn as lines, those along the grid merged into straight runs (issue 9: a
zoom step redraws every wall in view), with square ends; what the lines cover is exactly what
the walls cover."""

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from battlemap.model import Wall
from battlemap.ui.map.drawing.items.walls_layer import RUNS, WallsLayer, grid_runs
from battlemap.ui.map.units import PX


def test_touching_collinear_walls_make_one_run_and_the_rest_stays_apart() -> None:
    walls = [Wall(points=[(0, 2), (1, 2)]), Wall(points=[(1, 2), (3, 2)]),  # touch: one run
             Wall(points=[(2, 2), (2.5, 2)]),  # inside it: nothing new
             Wall(points=[(4, 2), (5, 2)]),  # a gap before it: a run of its own
             Wall(points=[(3, 0), (3, 4), (5, 6)]),  # a vertical run, then a diagonal
             Wall(points=[(6, 0), (6, 1)], kind="door"),  # a closed door: its own look
             Wall(points=[(7, 0), (8, 0)], kind="window")]  # dashed: stays a polyline
    segments, polylines = grid_runs(walls)
    assert sorted(segments) == sorted([
        ("wall" + RUNS, [(0, 2), (3, 2)]), ("wall" + RUNS, [(4, 2), (5, 2)]),
        ("wall" + RUNS, [(3, 0), (3, 4)]), ("door_closed" + RUNS, [(6, 0), (6, 1)]),
        ("wall" + RUNS, [(3, 4), (5, 6)])])  # the slanted piece: a segment of its own
    assert polylines == [("window", [(7, 0), (8, 0)])]


def test_the_layer_draws_as_much_wall_as_the_walls_hold() -> None:
    walls = [Wall(points=[(0, 0), (4, 0), (4, 3)]), Wall(points=[(4, 3), (0, 0)]),
             Wall(points=[(1, 0), (2, 0)])]  # the last one lies on the first: drawn once
    layer = WallsLayer(walls)
    assert round(layer.paths["wall"].length() / PX, 6) == 4 + 3 + 5
    lines = [ln for group in layer.tiles_of("wall").visible_lines("wall" + RUNS, layer.bounds())
             for ln in group]
    assert sorted((ln.x1(), ln.y1(), ln.x2(), ln.y2()) for ln in lines) == [
        (0.0, 0.0, 4 * PX, 0.0), (4 * PX, 0.0, 4 * PX, 3 * PX), (4 * PX, 3 * PX, 0.0, 0.0)]


def test_a_door_opened_lays_out_the_doors_again_and_keeps_the_walls(qapp) -> None:
    # Issue 9: opening a door on the stress map laid out its 4,000 walls again (~15 ms).
    walls = [Wall(points=[(0, 0), (4, 0)]), Wall(points=[(4, 0), (4, 3)]),
             Wall(points=[(0, 3), (2, 3)], kind="door"),
             Wall(points=[(2, 3), (4, 3)], kind="door", open=True),
             Wall(points=[(0, 0), (0, 3)], kind="window")]
    layer = WallsLayer(walls)
    kept = {k: layer.tiles_of(k) for k in ("wall", "window", "door_closed", "door_open")}
    opened = [*walls[:2], walls[2].model_copy(update={"open": True}), *walls[3:]]
    layer.set_walls(opened)
    assert layer.tiles_of("wall") is kept["wall"] and layer.tiles_of("window") is kept["window"]
    assert layer.tiles_of("door_open") is not kept["door_open"]
    fresh = WallsLayer(opened)
    assert {k: p.length() for k, p in layer.paths.items()} == {
        k: p.length() for k, p in fresh.paths.items()}
    assert layer.paths["door_closed"].isEmpty() and round(
        layer.paths["door_open"].length() / PX, 6) == 4
    assert layer.bounds() == fresh.bounds()
    layer.set_walls([Wall(points=[(0, 0), (1, 0)])])  # a wall changed: laid out again
    assert round(layer.paths["wall"].length() / PX, 6) == 1 and layer.paths["window"].isEmpty()


def _painted(layer: WallsLayer, size: int, zoom: float) -> QImage:
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.scale(zoom, zoom)
    layer.paint_layer(p, QRectF())
    p.end()
    return img


def test_solid_walls_have_square_ends_that_close_a_rooms_corner(qapp) -> None:
    # Square caps are Qt's fast path for wide lines (issue 9: 4-7x cheaper than round caps on
    # a zoom step); they also close a corner as a drawn wall does. Zoomed 4x, a wall is 20 px
    # wide: a square end reaches 10 px past it along and across, a round one 10 px around.
    walls = [Wall(points=[(1, 1), (3, 1)]), Wall(points=[(1, 1), (1, 3)]),
             Wall(points=[(2, 2), (3, 3)])]
    img = _painted(WallsLayer(walls), 16 * int(PX), zoom=4)
    wall, floor = QColor("#1d1d1d").rgb(), QColor("white").rgb()
    corner = 4 * int(PX)  # the room's corner at (1, 1)
    # The pixel 8-9 px out along both axes: inside both square ends, 11.3 px or more from the
    # corner (outside any round end). 12 px out: floor.
    assert img.pixel(corner - 9, corner - 9) == wall
    assert img.pixel(corner - 12, corner - 12) == floor
    # The slanted wall's end at (3, 3): the pixel 11-12 px right of it and 0-1 px above lies
    # within 10 px of its line and 10 px past the end along it, but 11 px or more from the end.
    end = 3 * 4 * int(PX)
    assert img.pixel(end + 11, end - 1) == wall
