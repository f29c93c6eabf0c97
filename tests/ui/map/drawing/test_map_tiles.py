"""The map picture in the window, as tiles: the map is there before the picture (made off the
window's thread), which then appears; the GM's and the players' views share one decode and
one set of tiles; a frame reads only the tiles it shows, at the detail of its zoom; a pan
repaints the strip it uncovers, not the whole background; the players' fog still covers
the picture."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QTransform

from battlemap.model import MapImage
from battlemap.ui.map.drawing.fog import FOG
from battlemap.ui.map.drawing.items import map_tiles
from battlemap.ui.map.units import PX
from tests.helpers.counting import count_names

from ..conftest import make_encounter, make_session

RED = (200, 40, 30)
PPS = 50  # picture pixels per square


def _pictured(tmp_path: Path, cols: int = 40, rows: int = 30) -> Any:
    """A session over a cols x rows squares picture: red, with one blue square at (2, 2)."""
    pixels = np.empty((rows * PPS, cols * PPS, 3), np.uint8)
    pixels[...] = RED
    pixels[2 * PPS:3 * PPS, 2 * PPS:3 * PPS] = (30, 40, 200)
    Image.fromarray(pixels, "RGB").save(tmp_path / "map.png")
    enc = make_encounter(cols=cols, rows=rows, tokens=[
        dict(id="hero", name="Hero", side="party", col=1, row=1),
        dict(id="ghoul", name="Ghoul", side="foe", col=20, row=1),
    ], walls=[dict(points=[(6, 0), (6, 30)])])
    image = MapImage(path=str(tmp_path / "map.png"), pixels_per_square=PPS)
    enc.grid = enc.grid.model_copy(update={"image": image})
    return make_session(enc)


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The pictures decoded, in a cache folder of the test's own (nothing made earlier)."""
    monkeypatch.setenv("BATTLEMAP_CACHE_DIR", str(tmp_path / "cache"))
    return count_names(monkeypatch, map_tiles, "qt_raster")


def _colour(view: Any, x: float, y: float) -> QColor:
    image = view.viewport().grab().toImage()
    at = view.mapFromScene(QPointF(x * PX, y * PX))
    return image.pixelColor(at.x(), at.y())


def _ready(view: Any, qtbot: Any) -> Any:
    picture = view.map_scene.backdrop.picture
    qtbot.waitUntil(lambda: not picture.pending, timeout=20000)
    return picture


def test_the_map_comes_first_the_picture_when_it_is_made(map_view: Any, qtbot: Any,
                                                         tmp_path: Path) -> None:
    view = map_view(_pictured(tmp_path))
    backdrop = view.map_scene.backdrop
    # Made in a thread whose answer comes through the event loop: not yet here.
    assert backdrop.pending and not backdrop.loaded
    assert set(view.map_scene.tokens) == {"hero", "ghoul"}
    assert _colour(view, 3.5, 3.5).red() < 250  # paper, not the picture
    _ready(view, qtbot)
    assert backdrop.loaded
    shown = _colour(view, 3.5, 3.5)
    assert (shown.red(), shown.green(), shown.blue()) == pytest.approx(RED, abs=12)
    blue = _colour(view, 2.5, 2.5)
    assert blue.blue() > 150 and blue.red() < 80


def test_the_players_window_shares_the_decode_and_the_tiles(window: Any, qtbot: Any,
                                                            tmp_path: Path,
                                                            decodes: list[str]) -> None:
    from battlemap.io import save_encounter

    session = _pictured(tmp_path)
    save_encounter(session.encounter, tmp_path / "map.json")
    assert window.files.open_path(tmp_path / "map.json", confirmed=True)
    window.show_player_window(True)
    gm = window.map_view.map_scene.backdrop.picture
    players = window.player.view.map_scene.backdrop.picture
    assert players is gm
    _ready(window.map_view, qtbot)
    window.player.view.viewport().grab()
    window.map_view.viewport().grab()
    assert decodes == ["map.png"]
    window.player.close()


def test_a_frame_reads_only_the_tiles_it_shows_at_its_zoom(map_view: Any, qtbot: Any,
                                                           tmp_path: Path) -> None:
    view = map_view(_pictured(tmp_path, cols=80, rows=60))  # 4000 x 3000 px: 8 x 6 tiles
    picture = _ready(view, qtbot)

    def frame_at(zoom: float) -> set[tuple[int, int, int]]:
        """The tiles one frame at `zoom` draws, centred on scene (400, 300)."""
        view.setTransform(QTransform.fromScale(zoom, zoom))
        view.centerOn(400, 300)
        picture._tiles.clear()
        picture._bytes = 0
        before = picture.tiles_read
        view.viewport().grab()
        assert picture.tiles_read - before == len(picture._tiles)  # each read once
        return set(picture._tiles)

    # 800 x 600 at zoom 1: 12.5 x 9.4 squares from the corner, 625 x 470 picture px at full
    # detail: 2 of the 48 tiles of level 0.
    assert frame_at(1.0) == {(0, 0, 0), (0, 1, 0)}
    # 50 / (64 * 0.1) = 7.8 picture px per screen px: the level of 4 x 4 px (1000 x 750),
    # whose 2 x 2 tiles hold the whole map.
    assert frame_at(0.1) == {(2, 0, 0), (2, 1, 0), (2, 0, 1), (2, 1, 1)}


def test_a_pan_repaints_the_strip_it_uncovers(map_view: Any, qtbot: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    view = map_view(_pictured(tmp_path, cols=80, rows=60))
    _ready(view, qtbot)
    view.setTransform(QTransform())  # zoom 1: the map is 6 views wide
    view.centerOn(1000, 1000)
    view.viewport().repaint()
    backdrop = view.map_scene.backdrop
    drawn: list[QRectF] = []
    real = backdrop.paint

    def spy(p: QPainter, rect: QRectF) -> None:  # what the background redraws, in scene px
        drawn.append(QRectF(rect))
        real(p, rect)

    monkeypatch.setattr(backdrop, "paint", spy)
    visible = view.visibleSceneRect()
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    view.viewport().repaint()
    assert drawn, "the pan drew nothing"
    assert view.visibleSceneRect().left() == pytest.approx(visible.left() + 40)
    uncovered = sum(r.width() * r.height() for r in drawn)
    assert uncovered <= visible.width() * visible.height() * 0.2


def test_the_fog_still_covers_the_picture(map_view: Any, qtbot: Any, tmp_path: Path) -> None:
    view = map_view(_pictured(tmp_path), role="player")
    _ready(view, qtbot)
    view.set_fog(True)
    assert _colour(view, 10.5, 3.5) == FOG  # behind the wall at x = 6: not seen
    seen = _colour(view, 3.5, 3.5)
    assert seen != FOG and seen.red() > seen.blue()


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_the_windows_decoder_gives_the_pixels_check_reads(tmp_path: Path, mode: str) -> None:
    """Qt's reader (one buffer, what the window uses) and Pillow's (what `check` uses) make
    the same full-detail tiles, and halves within rounding of each other."""
    from battlemap.io.picture_tiles import picture_pyramid

    rng = np.random.default_rng(5)
    pixels = rng.integers(0, 256, size=(700, 1100, len(mode)), dtype=np.uint8)
    if mode == "RGBA":
        pixels[..., 3] = rng.integers(1, 256, size=(700, 1100), dtype=np.uint8)
    Image.fromarray(pixels, mode).save(tmp_path / "map.png")
    qt = picture_pyramid(tmp_path / "map.png", folder=tmp_path / "qt",
                         decode=map_tiles.qt_raster)
    pil = picture_pyramid(tmp_path / "map.png", folder=tmp_path / "pil")
    assert (qt.opaque, pil.opaque) == (mode == "RGB", mode == "RGB")
    for tx, ty in [(0, 0), (2, 1)]:
        a = np.frombuffer(qt.tile(0, tx, ty), np.uint8).astype(int)
        b = np.frombuffer(pil.tile(0, tx, ty), np.uint8).astype(int)
        assert np.abs(a - b).max() <= (0 if mode == "RGB" else 1)  # premultiplying rounds
    half_qt = np.frombuffer(qt.tile(1, 0, 0), np.uint8).astype(int)
    half_pil = np.frombuffer(pil.tile(1, 0, 0), np.uint8).astype(int)
    assert np.abs(half_qt - half_pil).mean() < 2


def test_a_rebuild_keeps_the_picture_it_has(map_view: Any, qtbot: Any, tmp_path: Path,
                                            decodes: list[str]) -> None:
    """An option changed rebuilds the scene: the same tiles at once, not a flash of paper
    while the picture is read again."""
    import weakref

    session = _pictured(tmp_path)
    view = map_view(session)
    shown = weakref.ref(_ready(view, qtbot))  # only the scene holds the picture
    view.map_scene.rebuild()
    assert view.map_scene.backdrop.picture is shown() and view.map_scene.backdrop.loaded
    assert decodes == ["map.png"]

