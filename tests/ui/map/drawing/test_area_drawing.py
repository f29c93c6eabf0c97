"""How a template preview is drawn cheaply (issue 9): the dashed outline as separate dashes
in Qt's `DashLine` pattern, the covered squares as row runs, and no square model built
until the mouse hovers one square."""

from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from battlemap.model import AreaTemplate
from battlemap.ui.map.drawing.bulk_paths import segments_path
from battlemap.ui.map.drawing.overlays.area_overlay import AreaOverlay
from battlemap.ui.map.drawing.overlays.dashes import dash_path, dash_pieces
from battlemap.ui.map.drawing.overlays.squares_overlay import SquaresOverlay, row_runs
from battlemap.ui.map.units import PX

from ..conftest import make_encounter, make_session


def test_dashes_follow_the_line_and_cross_its_corners() -> None:
    # A 10 × 10 square ring, dashes of 4 every 6: along the top 0–4 and 6–10, then the dash
    # starting at 12 runs 2 down the right side (12–16).
    ring = np.array([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)])
    got = dash_pieces(ring, 4.0, 2.0).tolist()
    assert got[:4] == [[0.0, 0.0, 4.0, 0.0], [6.0, 0.0, 10.0, 0.0], [10.0, 2.0, 10.0, 6.0],
                       [10.0, 8.0, 10.0, 10.0]]
    assert got[4] == [10.0, 10.0, 8.0, 10.0]  # the dash 18–22 bends round the corner
    drawn = sum(abs(x1 - x0) + abs(y1 - y0) for x0, y0, x1, y1 in got)
    assert drawn == pytest.approx(4 * (40 // 6) + min(4, 40 % 6))  # 6 whole periods + 4


def _segments(path: Any) -> list[tuple[float, float, float, float]]:
    """A path of one-segment subpaths read back element by element: (x0, y0, x1, y1)."""
    el = [path.elementAt(k) for k in range(path.elementCount())]
    assert [e.type.value for e in el] == [0, 1] * (len(el) // 2)  # moveTo, lineTo, …
    return [(a.x, a.y, b.x, b.y) for a, b in zip(el[0::2], el[1::2], strict=True)]


def test_dash_path_uses_qts_dash_pattern_for_the_pen_width(qapp: Any) -> None:
    # Qt's DashLine: dashes of 4 pen widths, gaps of 2 (a 2-unit pen: 8 and 4).
    path = dash_path([np.array([(0.0, 0.0), (30.0, 0.0)])], 2.0)
    assert _segments(path) == [(0.0, 0.0, 8.0, 0.0), (12.0, 0.0, 20.0, 0.0),
                               (24.0, 0.0, 30.0, 0.0)]


def test_a_segments_path_is_the_path_built_segment_by_segment(qapp: Any) -> None:
    # Read by Qt from one byte string: the same elements as moveTo/lineTo calls make,
    # coordinates to the last bit (a fraction, a negative, a big one).
    segs = np.array([(0.1, -2.5, 1e6 / 3, 7.0), (-40.25, 3.0, -40.25, 9.75), (5, 5, 6, 6)])
    by_hand = QPainterPath()
    for x0, y0, x1, y1 in segs.tolist():
        by_hand.moveTo(x0, y0)
        by_hand.lineTo(x1, y1)
    built = segments_path(segs)
    assert _segments(built) == _segments(by_hand) == [tuple(r) for r in segs.tolist()]
    assert built == by_hand
    assert segments_path(np.empty((0, 4))).isEmpty()


def test_a_segments_path_refuses_coordinates_qt_drops(qapp: Any) -> None:
    with pytest.raises(ValueError, match="every segment"):
        segments_path(np.array([(0.0, 0.0, float("nan"), 1.0)]))


def test_squares_are_filled_as_runs_along_each_row() -> None:
    squares = {(1, 1), (2, 1), (3, 1), (5, 1), (2, 2), (0, 3), (1, 3)}
    want = [(1, 1, 3), (5, 1, 1), (2, 2, 1), (0, 3, 2)]
    runs = row_runs(squares)
    assert [(r.x() / PX, r.y() / PX, r.width() / PX) for r in runs] == want
    # An area's cells come as an array, in any order: the same runs.
    cells = np.array(sorted(squares, reverse=True), dtype=np.int64)
    assert [(r.x() / PX, r.y() / PX, r.width() / PX) for r in row_runs(cells)] == want
    assert row_runs(np.empty((0, 2), dtype=np.int64)) == []


def test_a_squares_overlay_is_hit_on_its_squares_only(qapp: Any) -> None:
    overlay = SquaresOverlay(AreaOverlay().squares.fill)
    overlay.set_squares({(1, 1), (2, 1), (2, 2)})
    assert overlay.contains(QPointF(1.5 * PX, 1.5 * PX))
    assert not overlay.contains(QPointF(1.5 * PX, 2.5 * PX))  # the notch of the L
    assert overlay.boundingRect() == QRectF(PX - 3, PX - 3, 2 * PX + 6, 2 * PX + 6)
    outline = overlay.path  # one ring round the L, built when asked
    assert outline.contains(QPointF(2.5 * PX, 2.5 * PX))
    assert not outline.contains(QPointF(1.5 * PX, 2.5 * PX))


def test_a_preview_builds_no_square_model_until_a_square_is_hovered(qapp: Any) -> None:
    # RULES.md §3: the 3 m burst covers 12 squares; the tooltip of one says why it is in.
    s = make_session(make_encounter(cols=12, rows=8))
    template = AreaTemplate(shape="sphere", origin=(6.0, 4.0), size_m=3.0)
    result = s.preview_area(template)
    overlay = AreaOverlay()
    overlay.show_result(template, result, s.encounter)
    assert len(overlay.squares.squares) == 12 and result._squares is None
    why = overlay.squares.why[(5, 3)]
    assert why == "100% of the square covered" and result._squares is None
    with pytest.raises(KeyError):
        overlay.squares.why[(0, 0)]
