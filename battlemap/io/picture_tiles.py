"""A map picture as a pyramid of tiles on disk: what the window draws instead of the picture.

A 46 MP picture decoded whole and turned into one pixmap took ~10 s and ~400 MB; drawn from
tiles, a frame reads only the tiles it shows, at the level of detail its zoom needs. The
pyramid is made once per picture (decode, then halve until one tile holds it all) and kept in
the user's cache folder under the picture's content hash, so a second open reads a header and
nothing more, and an edited picture gets a pyramid of its own.

The file: a magic line, a JSON header (the picture's size, whether it is opaque), then every
tile's pixels, level after level, row by row, raw, 4 bytes a pixel in the order the window's painter blits without
converting (B, G, R, A in memory: Qt's RGB32 for an opaque picture, premultiplied ARGB32
otherwise). Written to a temporary name and renamed, so a pyramid is whole or absent; one
whose header or size is wrong is ignored and made again. The folder is kept under
`CACHE_LIMIT_BYTES`, the pyramids used longest ago removed first.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import tempfile
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from platformdirs import user_cache_dir

from battlemap.io.errors import LoadError
from battlemap.io.image_header import ImageHeader
from battlemap.io.limits import ENCOUNTER_LIMITS, MAX_MEGAPIXELS_ALLOWED, Limits

if TYPE_CHECKING:  # Pillow is imported when a pyramid is made, not to read one
    from PIL import Image

TILE = 512  # px: 1 MB a tile; a 1080p view needs ~15 at full detail
MAGIC = b"BMTILES3\n"
CACHE_LIMIT_BYTES = 2 * 1024**3  # a dozen 46 MP maps
SUFFIX = ".tiles"
_HEADER_MAX = 4 * 1024 * 1024


def cache_dir() -> Path:
    """Where pyramids are kept: BATTLEMAP_CACHE_DIR, else the platform's cache folder."""
    env = os.environ.get("BATTLEMAP_CACHE_DIR")
    return (Path(env) if env else Path(user_cache_dir("battlemap"))) / "tiles"


@dataclass(frozen=True)
class Level:
    width: int
    height: int
    offsets: tuple[int, ...]  # row-major, tile (tx, ty) at [ty * cols + tx]

    @property
    def cols(self) -> int:
        return -(-self.width // TILE)

    @property
    def rows(self) -> int:
        return -(-self.height // TILE)

    def tile_size(self, tx: int, ty: int) -> tuple[int, int]:
        return min(TILE, self.width - tx * TILE), min(TILE, self.height - ty * TILE)


class TilePyramid:
    """An open pyramid: its size, its levels, and any tile's bytes on demand (thread-safe)."""

    def __init__(self, path: Path, width: int, height: int, opaque: bool,
                 levels: tuple[Level, ...]) -> None:
        self.path = path
        self.width, self.height, self.opaque = width, height, opaque
        self.levels = levels
        self._fh = open(path, "rb")  # noqa: SIM115 (held open: tiles are read as drawn)
        self._lock = threading.Lock()
        # Closed with the pyramid (the last view showing it gone), or by close().
        self._closing = weakref.finalize(self, self._fh.close)

    def tile(self, level: int, tx: int, ty: int) -> bytes:
        lv = self.levels[level]
        w, h = lv.tile_size(tx, ty)
        with self._lock:
            self._fh.seek(lv.offsets[ty * lv.cols + tx])
            return self._fh.read(w * h * 4)

    def level_for(self, image_px_per_device_px: float) -> int:
        """The coarsest level whose pixels are no bigger than the screen's: sharp, and never
        more pixels read than shown (at most twice as many per side)."""
        level = 0
        while level + 1 < len(self.levels) and image_px_per_device_px >= 2 ** (level + 1):
            level += 1
        return level

    def close(self) -> None:
        self._closing()


def level_sizes(width: int, height: int) -> list[tuple[int, int]]:
    """Every level's size: halved (rounded up, as Pillow's reduce does) until one tile holds it."""
    sizes = [(width, height)]
    while sizes[-1][0] > TILE or sizes[-1][1] > TILE:
        w, h = sizes[-1]
        sizes.append((-(-w // 2), -(-h // 2)))
    return sizes


def picture_pyramid(path: Path | str, limits: Limits = ENCOUNTER_LIMITS,
                    folder: Path | None = None, decode: Decoder | None = None) -> TilePyramid:
    """The pyramid of the picture at `path`: read from the cache when it holds one for these
    bytes, else decoded by `decode` (default `pillow_raster`) and made (and kept). LoadError
    in one sentence when the picture cannot be read or decoded. A cache folder that cannot
    be written costs the keeping, not the picture."""
    from battlemap.io.images import read_picture_file

    decode = decode or pillow_raster
    p = Path(path)
    data, header = read_picture_file(p, limits)
    digest = hashlib.sha256(data).hexdigest()[:32]
    folder = cache_dir() if folder is None else folder
    target = folder / f"{digest}{SUFFIX}"
    found = open_pyramid(target)
    if found is not None:
        _touch(target)
        return found
    raster = decode(data, header, p)
    del data  # the decoded picture is what counts now: hundreds of MB for a big map
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_pyramid(raster, target)
    except OSError:
        scratch = Path(tempfile.gettempdir()) / f"battlemap-tiles-{os.getpid()}"
        scratch.mkdir(exist_ok=True)
        target = scratch / target.name
        try:
            write_pyramid(raster, target)
        except OSError as exc:
            from battlemap.io.words import said

            raise LoadError(said("io.unreadable", name=p.name,
                                 why=str(exc.strerror or exc))) from None
    del raster
    prune(target.parent, keep=target)
    made = open_pyramid(target)
    if made is None:  # written a moment ago: only a failing disk or another process explains it
        from battlemap.io.words import said

        raise LoadError(said("io.unreadable", name=p.name, why=os.strerror(errno.EIO)))
    return made


def open_pyramid(path: Path) -> TilePyramid | None:
    """The pyramid kept at `path`, or None when there is none or it is not whole."""
    try:
        with open(path, "rb") as fh:
            if fh.read(len(MAGIC)) != MAGIC:
                return None
            length = int.from_bytes(fh.read(4), "little")
            if not 0 < length <= _HEADER_MAX:
                return None
            head = json.loads(fh.read(length))
            size = os.fstat(fh.fileno()).st_size
        width, height, opaque = int(head["width"]), int(head["height"]), head["opaque"]
        if not (width > 0 and height > 0 and isinstance(opaque, bool)
                and width * height <= MAX_MEGAPIXELS_ALLOWED * 1e6):
            return None
        levels, end = _layout(width, height, len(MAGIC) + 4 + length)
        if end != size:  # cut short, or something else
            return None
        return TilePyramid(path, width, height, opaque, levels)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _layout(width: int, height: int, start: int) -> tuple[tuple[Level, ...], int]:
    """Where each tile of each level starts, the tiles packed in order from `start`, row
    by row, level after level; and where the last one ends."""
    levels, offset = [], start
    for w, h in level_sizes(width, height):
        offs = []
        lv = Level(w, h, ())
        for ty in range(lv.rows):
            for tx in range(lv.cols):
                tw, th = lv.tile_size(tx, ty)
                offs.append(offset)
                offset += tw * th * 4
        levels.append(Level(w, h, tuple(offs)))
    return tuple(levels), offset


class Raster(Protocol):
    """A decoded picture, as the pyramid's writer reads it: whatever decoded it (Pillow here,
    Qt's readers in the window, which decode into one buffer of the right layout)."""

    width: int
    height: int
    opaque: bool

    def pixels(self, x: int, y: int, w: int, h: int) -> bytes:
        """The rectangle's B, G, R, A bytes, row by row (premultiplied unless opaque, where
        A is 255)."""

    def halved(self) -> Raster:
        """The picture at half the size, rounded up (`level_sizes`), each pixel the mean of
        the four below it; this raster may be dropped after."""


# (the file's bytes, its checked header, the file): a decoder reads whichever it needs.
Decoder = Callable[[bytes, ImageHeader, Path], Raster]


def write_pyramid(raster: Raster, target: Path) -> None:
    """Write the pyramid of `raster` at `target`, atomically. One level is held at a time
    beside the next (the full one and its half while halving), off the window's thread."""
    head = json.dumps({"width": raster.width, "height": raster.height,
                       "opaque": raster.opaque}).encode()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + len(head).to_bytes(4, "little") + head)
            for i, size in enumerate(level_sizes(raster.width, raster.height)):
                if i:
                    raster = raster.halved()
                    if (raster.width, raster.height) != size:
                        raise ValueError(f"a level of {raster.width}x{raster.height}, not {size}")
                lv = Level(raster.width, raster.height, ())
                for ty in range(lv.rows):
                    for tx in range(lv.cols):
                        tw, th = lv.tile_size(tx, ty)
                        fh.write(raster.pixels(tx * TILE, ty * TILE, tw, th))
        # No fsync: the cache can be made again, and a file cut short is never read (size).
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class _PillowRaster:
    def __init__(self, img: Image.Image, opaque: bool) -> None:
        self.img, self.opaque = img, opaque
        self.width, self.height = img.size

    def pixels(self, x: int, y: int, w: int, h: int) -> bytes:
        tile = self.img.crop((x, y, x + w, y + h))
        if not self.opaque:
            return tile.tobytes("raw", "BGRa")
        import numpy as np  # here: the window reads pyramids before its first frame, numpy after

        raw = np.frombuffer(tile.tobytes("raw", "BGRX"), np.uint8).copy()
        raw[3::4] = 255  # Pillow packs BGRX with X = 0; Qt's RGB32 wants 255 there
        return raw.tobytes()

    def halved(self) -> Raster:
        return _PillowRaster(self.img.reduce(2), self.opaque)  # box filter: mean of four


def pillow_raster(data: bytes, header: ImageHeader, path: Path) -> Raster:
    """The picture decoded by Pillow (as `check` decodes it)."""
    from battlemap.io.images import decode_picture

    img = decode_picture(data, header, path.name)
    opaque = _opaque(img)
    mode = "RGB" if opaque else "RGBA"
    return _PillowRaster(img if img.mode == mode else img.convert(mode), opaque)


def _opaque(img: Image.Image) -> bool:
    if img.mode in ("RGB", "L", "CMYK", "YCbCr", "I", "F"):
        return True
    if img.mode == "P" and "transparency" not in img.info:
        return True
    alpha = img.convert("RGBA").getchannel("A") if img.mode != "RGBA" else img.getchannel("A")
    return alpha.getextrema()[0] == 255


def _touch(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.utime(path)  # the last use, for `prune`


def prune(folder: Path, keep: Path, limit: int = CACHE_LIMIT_BYTES) -> None:
    """Remove the pyramids used longest ago until the folder holds at most `limit` bytes
    (`keep`, just made, stays), and temporary files a killed process left (an hour old)."""
    import time

    entries = []
    try:
        for entry in os.scandir(folder):
            st = entry.stat(follow_symlinks=False)
            if entry.name.endswith(".tmp") and st.st_mtime < time.time() - 3600:
                _remove(Path(entry.path))
            elif entry.name.endswith(SUFFIX):
                entries.append((st.st_mtime, st.st_size, Path(entry.path)))
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        if path != keep:
            _remove(path)
            total -= size


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
