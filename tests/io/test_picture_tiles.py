"""The tile pyramid of a map picture: its levels hold the picture's own pixels (then their
four-pixel means), it is made once per content (a second open decodes nothing, other bytes
get their own), a corrupt or cut-short entry is made again, a failed make leaves nothing
behind, and the folder stays within its bound."""

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from battlemap.io import images, picture_tiles
from battlemap.io.errors import LoadError
from battlemap.io.picture_tiles import (
    TILE,
    level_sizes,
    open_pyramid,
    picture_pyramid,
    prune,
)
from tests.helpers.counting import count_names


def _picture(path: Path, w: int = 1100, h: int = 700, mode: str = "RGB", seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    channels = 4 if mode == "RGBA" else 3
    pixels = rng.integers(0, 256, size=(h, w, channels), dtype=np.uint8)
    Image.fromarray(pixels, mode).save(path)
    return pixels


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the pictures decoded (each decode is a pyramid made)."""
    return count_names(monkeypatch, images, "decode_picture")


def _tile_array(pyr: Any, level: int, tx: int, ty: int) -> np.ndarray:
    w, h = pyr.levels[level].tile_size(tx, ty)
    return np.frombuffer(pyr.tile(level, tx, ty), np.uint8).reshape(h, w, 4)


def test_levels_halve_until_one_tile_holds_the_picture() -> None:
    assert level_sizes(1100, 700) == [(1100, 700), (550, 350), (275, 175)]
    assert level_sizes(6800, 6800) == [(6800, 6800), (3400, 3400), (1700, 1700), (850, 850),
                                       (425, 425)]
    assert level_sizes(TILE, TILE) == [(TILE, TILE)]


def test_tiles_hold_the_pictures_pixels_then_their_means(tmp_path: Path) -> None:
    pixels = _picture(tmp_path / "map.png")
    pyr = picture_pyramid(tmp_path / "map.png", folder=tmp_path / "cache")
    assert (pyr.width, pyr.height, pyr.opaque) == (1100, 700, True)
    assert [(lv.cols, lv.rows) for lv in pyr.levels] == [(3, 2), (2, 1), (1, 1)]
    # Level 0, the tile at column 2 row 1 (76x188 px at the corner): B, G, R, then 255.
    corner = _tile_array(pyr, 0, 2, 1)
    assert corner.shape == (700 - TILE, 1100 - 2 * TILE, 4)
    expect = pixels[TILE:, 2 * TILE:]
    assert np.array_equal(corner[..., 0], expect[..., 2])
    assert np.array_equal(corner[..., 1], expect[..., 1])
    assert np.array_equal(corner[..., 2], expect[..., 0])
    assert (corner[..., 3] == 255).all()
    # Level 1: each pixel is the rounded mean of the four below it (Pillow's reduce).
    half = _tile_array(pyr, 1, 0, 0)
    block = pixels[:2, :2, 0].astype(int)
    assert abs(int(half[0, 0, 2]) - block.sum() / 4) <= 0.5


def test_a_picture_with_transparency_keeps_it_premultiplied(tmp_path: Path) -> None:
    pixels = _picture(tmp_path / "map.png", 40, 30, mode="RGBA")
    pyr = picture_pyramid(tmp_path / "map.png", folder=tmp_path / "cache")
    assert not pyr.opaque
    tile = _tile_array(pyr, 0, 0, 0)
    r, a = int(pixels[5, 7, 0]), int(pixels[5, 7, 3])
    assert tile[5, 7, 3] == a
    assert abs(int(tile[5, 7, 2]) - r * a / 255) <= 1


def test_the_second_open_decodes_nothing_and_other_bytes_get_their_own(
        tmp_path: Path, decodes: list[str]) -> None:
    cache = tmp_path / "cache"
    _picture(tmp_path / "map.png")
    first = picture_pyramid(tmp_path / "map.png", folder=cache)
    again = picture_pyramid(tmp_path / "map.png", folder=cache)
    assert decodes == ["map.png"]
    assert again.path == first.path
    _picture(tmp_path / "map.png", seed=4)  # the same name, other pixels
    edited = picture_pyramid(tmp_path / "map.png", folder=cache)
    assert decodes == ["map.png", "map.png"]
    assert edited.path != first.path
    assert _tile_array(edited, 0, 0, 0).tobytes() != _tile_array(first, 0, 0, 0).tobytes()


@pytest.mark.parametrize("damage", ["cut", "garbage", "empty", "header"])
def test_a_corrupt_entry_is_ignored_and_made_again(tmp_path: Path, decodes: list[str],
                                                   damage: str) -> None:
    cache = tmp_path / "cache"
    _picture(tmp_path / "map.png")
    kept = picture_pyramid(tmp_path / "map.png", folder=cache).path
    good = kept.read_bytes()
    kept.write_bytes({"cut": good[:-100], "garbage": os.urandom(len(good)), "empty": b"",
                      "header": good.replace(b'"width": 1100', b'"width": 1101', 1)}[damage])
    assert open_pyramid(kept) is None
    pyr = picture_pyramid(tmp_path / "map.png", folder=cache)
    assert decodes == ["map.png", "map.png"]
    assert kept.read_bytes() == good
    assert pyr.width == 1100


def test_a_picture_that_fails_to_decode_leaves_nothing_in_the_cache(tmp_path: Path) -> None:
    _picture(tmp_path / "map.png", 64, 64)
    data = (tmp_path / "map.png").read_bytes()
    (tmp_path / "map.png").write_bytes(data[:60] + b"\x00" * (len(data) - 60))
    with pytest.raises(LoadError, match="map.png: the picture is not a readable PNG image"):
        picture_pyramid(tmp_path / "map.png", folder=tmp_path / "cache")
    cache = tmp_path / "cache"
    assert not cache.exists() or list(cache.iterdir()) == []


def test_the_cache_folder_keeps_within_its_bound_the_oldest_going_first(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    for i, name in enumerate(["old", "middle", "new"]):
        path = cache / f"{name}.tiles"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (1000 + i, 1000 + i))
    (cache / ".killed.tiles.123.tmp").write_bytes(b"x")  # a make cut short, long ago
    os.utime(cache / ".killed.tiles.123.tmp", (0, 0))
    prune(cache, keep=cache / "old.tiles", limit=2000)
    assert sorted(p.name for p in cache.iterdir()) == ["new.tiles", "old.tiles"]


def test_a_read_only_cache_folder_costs_the_keeping_not_the_picture(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _picture(tmp_path / "map.png", 40, 30)
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")  # mkdir under a file fails, as on a read-only disk
    monkeypatch.setattr(picture_tiles.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    pyr = picture_pyramid(tmp_path / "map.png", folder=blocked / "tiles")
    assert pyr.path.parent.parent == tmp_path / "tmp"
    assert pyr.width == 40


def test_the_level_follows_the_zoom() -> None:
    class Two(picture_tiles.TilePyramid):
        def __init__(self) -> None:  # no file: only the level choice is tested
            self.levels = tuple(picture_tiles._layout(1100, 700, 0)[0])

    pyr = Two()
    assert [pyr.level_for(k) for k in (0.5, 1.0, 1.9, 2.0, 3.9, 4.0, 100.0)] == [0, 0, 0, 1, 1,
                                                                                 2, 2]
