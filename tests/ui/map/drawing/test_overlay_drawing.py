"""Drawing shortcuts of the drag overlays: the path left out inside the dragged token's disc
by arithmetic (`path_marks.outside_disc`), and text plates copied from pixmaps
(`plates.draw_plate`), which must look like the plates drawn as vectors."""

import math
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from battlemap.ui.map.drawing import sprites
from battlemap.ui.map.drawing.overlays import plates
from battlemap.ui.map.drawing.overlays.path_marks import outside_disc


def _inside(pt: tuple[float, float], c: tuple[float, float], r: float) -> bool:
    return math.hypot(pt[0] - c[0], pt[1] - c[1]) < r - 1e-9


def test_a_path_from_the_centre_starts_on_the_rim() -> None:
    pieces = outside_disc([(0, 0), (100, 0), (100, 50)], (0, 0), 30)
    assert pieces == [[(30.0, 0.0), (100.0, 0.0), (100.0, 50.0)]]


def test_a_path_coming_back_through_the_disc_is_cut_twice() -> None:
    # Out east, back west through the disc, out again: the part inside is left out.
    pts = [(0.0, 0.0), (100.0, 0.0), (100.0, 10.0), (-100.0, 10.0)]
    pieces = outside_disc(pts, (0.0, 0.0), 30.0)
    assert len(pieces) == 2
    first, second = pieces
    assert first[0] == (30.0, 0.0) and first[1:3] == [(100.0, 0.0), (100.0, 10.0)]
    cut = math.sqrt(30.0 ** 2 - 10.0 ** 2)  # where y = 10 meets the circle
    assert first[-1] == pytest.approx((cut, 10.0))
    assert second[0] == pytest.approx((-cut, 10.0)) and second[-1] == (-100.0, 10.0)
    for piece in pieces:
        for a, b in zip(piece[:-1], piece[1:], strict=True):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert not _inside(mid, (0.0, 0.0), 30.0)


def test_a_path_outside_the_disc_is_kept_whole_and_repeated_points_are_skipped() -> None:
    pts = [(50.0, 0.0), (60.0, 0.0), (60.0, 0.0), (60.0, 40.0)]
    assert outside_disc(pts, (0.0, 0.0), 30.0) == [[(50.0, 0.0), (60.0, 0.0), (60.0, 40.0)]]


def _image(draw: Any, scale: float) -> QImage:
    img = QImage(260, 80, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    p.setFont(plates.plate_font())
    draw(p, QRectF(10.25, 12.5, plates.plate_width(p, "⚔ OA by Goule"), 18))
    p.end()
    return img


def _ink(img: QImage) -> tuple[tuple[int, int, int, int], float]:
    """Bounding box of the non-white pixels and their total darkness (antialiasing spreads
    ink over more or fewer pixels with the sub-pixel position, about conserving the sum)."""
    xs, ys, dark = [], [], 0.0
    for y in range(img.height()):
        for x in range(img.width()):
            c = QColor(img.pixel(x, y))
            d = 765 - (c.red() + c.green() + c.blue())
            if d > 30:
                xs.append(x)
                ys.append(y)
                dark += d
    return (min(xs), min(ys), max(xs), max(ys)), dark


@pytest.mark.parametrize("scale", [1.0, 1.5, 0.75])
def test_a_copied_plate_looks_like_the_plate_drawn_as_vectors(qapp: Any, scale: float) -> None:
    red, bg = QColor(210, 30, 30), QColor(255, 255, 255, 230)
    sprites.clear()
    copied = _image(lambda p, r: plates.draw_plate(p, r, "⚔ OA by Goule", red, bg), scale)
    drawn = _image(lambda p, r: plates._draw_vector(p, r, "⚔ OA by Goule", red, bg), scale)
    (box_c, dark_c), (box_d, dark_d) = _ink(copied), _ink(drawn)
    assert all(abs(a - b) <= 1 for a, b in zip(box_c, box_d, strict=True)), (box_c, box_d)
    # The copy sits on a whole device pixel, the vectors where the rect says: same ink.
    assert dark_c == pytest.approx(dark_d, rel=0.02)
    assert len(sprites._PIXMAPS) == 1  # drawn once into its pixmap


def test_a_plate_is_drawn_once_then_copied(qapp: Any) -> None:
    red, bg = QColor(210, 30, 30), QColor(255, 255, 255, 230)
    sprites.clear()
    calls: list[str] = []
    real = sprites._render

    def counting(*args: Any) -> Any:
        calls.append(args[1])
        return real(*args)

    sprites._render = counting  # type: ignore[assignment]
    try:
        for _ in range(3):
            _image(lambda p, r: plates.draw_plate(p, r, "half cover", red, bg), 1.0)
        _image(lambda p, r: plates.draw_plate(p, r, "half cover", red, bg), 2.0)
    finally:
        sprites._render = real  # type: ignore[assignment]
    assert calls == ["half cover", "half cover"]  # once per scale


def test_a_turned_painter_draws_the_plate_as_vectors(qapp: Any) -> None:
    sprites.clear()
    img = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.setFont(plates.plate_font())
    p.rotate(30)
    plates.draw_plate(p, QRectF(40, 10, 80, 18), "total", QColor(200, 30, 30), QColor("white"))
    p.end()
    assert sprites._PIXMAPS == {}  # no pixmap could be copied straight
    assert _ink(img)[1] > 0


def test_the_same_badges_again_repaint_nothing(qapp: Any, monkeypatch: Any) -> None:
    from battlemap.ui.map.drawing.overlays.lines_overlay import Label, LinesOverlay

    overlay = LinesOverlay()
    updates: list[int] = []
    monkeypatch.setattr(overlay, "update", lambda *a: updates.append(1))
    labels = [Label((3.0, 4.0), "half cover", QColor(200, 110, 0))]
    overlay.set_content([], labels)
    overlay.set_content([], [Label((3.0, 4.0), "half cover", QColor(200, 110, 0))])
    assert len(updates) == 1  # the second call found the same content
    labels.append(Label((5.0, 4.0), "total", QColor(200, 30, 30)))  # the caller's list moved on
    overlay.set_content([], labels)
    assert len(updates) == 2 and len(overlay.labels) == 2


def test_a_copied_plate_on_a_high_dpi_screen_looks_like_the_vector_plate(qapp: Any) -> None:
    # A laptop at 200 %: the pixmap is drawn at twice the pixels and placed on whole device
    # pixels; it must still cover what the vector plate covers.
    red, bg = QColor(210, 30, 30), QColor(255, 255, 255, 230)

    def image(draw: Any) -> QImage:
        img = QImage(520, 160, QImage.Format.Format_ARGB32_Premultiplied)
        img.setDevicePixelRatio(2.0)
        img.fill(Qt.GlobalColor.white)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(1.25, 1.25)
        p.setFont(plates.plate_font())
        draw(p, QRectF(10.3, 12.6, plates.plate_width(p, "abri partiel"), 18))
        p.end()
        return img

    sprites.clear()
    copied = image(lambda p, r: plates.draw_plate(p, r, "abri partiel", red, bg))
    drawn = image(lambda p, r: plates._draw_vector(p, r, "abri partiel", red, bg))
    (box_c, dark_c), (box_d, dark_d) = _ink(copied), _ink(drawn)
    assert all(abs(a - b) <= 1 for a, b in zip(box_c, box_d, strict=True)), (box_c, box_d)
    assert dark_c == pytest.approx(dark_d, rel=0.02)
