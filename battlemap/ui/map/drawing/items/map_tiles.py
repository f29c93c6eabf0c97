"""The map picture as tiles: made off the window's thread, drawn at the detail the zoom needs.

`shared_picture(path)` gives the one `SharedPicture` of a picture file for every view that
shows it (the GM's and the players' windows): one decode, one set of tiles in memory. Its
pyramid (`io.picture_tiles`) is read or made in a QThread; the map is usable meanwhile, and
the views repaint their background when it is ready. A paint draws only the tiles it
exposes, from the coarsest level still as sharp as the screen, each tile a pixmap kept in a
bounded cache (`TILE_BUDGET_BYTES`), so a pan reads the few tiles it uncovers and a zoomed-out
frame reads a few coarse ones, never the 46 MP picture."""

from __future__ import annotations

import atexit
import math
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QRectF,
    Qt,
    QThread,
    Signal,
)
from PySide6.QtGui import QImage, QImageReader, QPainter, QPixmap

from battlemap.io.errors import LoadError
from battlemap.io.image_header import ImageHeader
from battlemap.io.limits import MAX_MEGAPIXELS_ALLOWED
from battlemap.io.picture_tiles import TILE, TilePyramid, picture_pyramid
from battlemap.io.words import said
from battlemap.text import Message

TILE_BUDGET_BYTES = 96 * 1024 * 1024  # ~96 tiles: a 4K view at full detail, twice over
_LIVE: weakref.WeakValueDictionary[tuple[str, int, int], SharedPicture] = (
    weakref.WeakValueDictionary())
# A picture being made is kept (with its thread) until it is done, even if no view holds it.
_RUNNING: set[SharedPicture] = set()


class _PyramidThread(QThread):
    """Reads or makes the pyramid; `done` carries it, or the sentence saying why not."""

    done = Signal(object)

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def run(self) -> None:
        self.done.emit(_load(self.path))


class _QtRaster:
    """A picture decoded by Qt's reader: one buffer, in the layout tiles keep or converted a
    tile at a time (a 46 MP map holds 185 MB while its pyramid is made; Pillow's WebP decoder
    held three copies). Used only in the thread that makes the pyramid. Every Qt call here
    is short (a tile, a band of rows): PySide holds the GIL through some of them, and one
    call over the whole picture (a 46 MP scale, ~0.5 s) would freeze the window's thread."""

    BAND = 64  # rows of the half made per call: ~1 MP of the level read, a few ms

    def __init__(self, image: QImage, opaque: bool | None = None) -> None:
        self.opaque = not image.hasAlphaChannel() if opaque is None else opaque
        self.fmt = (QImage.Format.Format_RGB32 if self.opaque
                    else QImage.Format.Format_ARGB32_Premultiplied)
        self.image = image
        self.width, self.height = image.width(), image.height()

    def pixels(self, x: int, y: int, w: int, h: int) -> bytes:
        tile = self.image.copy(x, y, w, h)
        if tile.format() != self.fmt:
            tile.convertTo(self.fmt)
        line = tile.bytesPerLine()
        data = bytes(tile.constBits())
        if line == w * 4:
            return data
        return b"".join(data[r * line:r * line + w * 4] for r in range(h))

    def halved(self) -> _QtRaster:
        w2, h2 = -(-self.width // 2), -(-self.height // 2)
        half = QImage(w2, h2, self.fmt)
        painter = QPainter(half)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        for y in range(0, h2, self.BAND):
            rows = min(self.BAND, h2 - y)
            band = self.image.copy(0, 2 * y, self.width, min(2 * rows, self.height - 2 * y))
            # Two rows and two columns to one: Qt's smooth scale averages each 2 x 2 block,
            # so bands scaled apart meet without a seam.
            part = band.scaled(w2, rows, Qt.AspectRatioMode.IgnoreAspectRatio,
                               Qt.TransformationMode.SmoothTransformation)
            if part.format() != self.fmt:
                part.convertTo(self.fmt)
            painter.drawImage(0, y, part)
        painter.end()
        self.image = QImage()  # the full level goes now, not when the caller drops it
        return _QtRaster(half, self.opaque)


def qt_raster(data: bytes, header: ImageHeader, path: Path) -> _QtRaster:
    """The picture decoded by Qt's reader for its format; LoadError when it cannot (the
    window then asks `picture_check` why, in the words `check` uses).

    The reader opens the file itself (`data` was read from it a moment ago, through the
    plain-file check: a pipe never gets here). Qt's own file is a C++ object; a QBuffer or
    QFile made here would be a Python one, whose every read Qt's reader checks for a Python
    override under the GIL while holding its handlers' lock, and the window's thread, holding
    the GIL, waits on that lock as it lays out an icon: each would wait on the other for
    ever. `QImage.fromData` holds the GIL through the whole decode (a 1.7 s freeze)."""
    reader = QImageReader(str(path), header.format.encode())
    # Our limit, checked from the header, is the one: Qt's own (256 MB) would refuse 64 MP.
    reader.setAllocationLimit(math.ceil(MAX_MEGAPIXELS_ALLOWED * 4) + 1)
    image = reader.read()
    if image.isNull() or (image.width(), image.height()) != (header.width, header.height):
        raise LoadError(said("picture.unreadable"))
    return _QtRaster(image)


def _load(path: Path) -> TilePyramid | Message | None:
    """The pyramid, or why not: the sentence of a LoadError, None for anything else (the
    window then says the picture could not be decoded). Never raises: a thread's exception
    would end the program."""
    try:
        return picture_pyramid(path, decode=qt_raster)
    except LoadError as err:
        return err.reason if isinstance(err.reason, Message) else None
    except Exception:  # noqa: BLE001 (a decoder's failure, memory): the map opens without it
        return None


class SharedPicture(QObject):
    """One picture file for every view that shows it: its state, its pyramid, its tiles."""

    ready = Signal()  # the pyramid is here, or it failed: `pyramid` says which

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.pyramid: TilePyramid | None = None
        self.problem: Message | None = None  # why it failed, when a sentence says it
        self.pending = True
        self.tiles_read = 0  # tiles read from the pyramid: the work a paint did
        self.first_drawn: float | None = None  # perf_counter of the first paint with tiles
        self._tiles: OrderedDict[tuple[int, int, int], QPixmap] = OrderedDict()
        self._bytes = 0
        self._thread: _PyramidThread | None = None

    def start(self) -> None:
        """Read or make the pyramid in a thread; `ready` says when it is done."""
        thread = _PyramidThread(self.path)
        self._thread = thread
        _RUNNING.add(self)
        thread.done.connect(self._finish)  # queued: runs on this object's thread
        thread.start(QThread.Priority.LowPriority)

    def wait(self) -> None:
        """Until the pyramid is here or failed, `ready` emitted (a render, a test)."""
        thread = self._thread
        if thread is not None:
            thread.wait()
            QCoreApplication.sendPostedEvents(self)  # the queued `done`, delivered now

    def _finish(self, result: Any) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.wait()  # it ends right after saying so; a running QThread must not go
        _RUNNING.discard(self)
        self.pending = False
        if isinstance(result, TilePyramid):
            self.pyramid = result
        elif isinstance(result, Message):
            self.problem = result
        self.ready.emit()

    # -- drawing ------------------------------------------------------------------------
    def paint(self, p: QPainter, target: QRectF, rect: QRectF) -> None:
        """The part of the picture inside scene rectangle `rect`; the whole picture spans
        scene rectangle `target`. The level is picked from the painter's scale."""
        pyr = self.pyramid
        if pyr is None:
            return
        t = p.worldTransform()
        device_per_scene = math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21())) or 1.0
        scene_per_image = target.width() / pyr.width
        level = pyr.level_for(1.0 / (device_per_scene * scene_per_image))
        lv = pyr.levels[level]
        sx, sy = target.width() / lv.width, target.height() / lv.height  # scene per level px
        area = rect.intersected(target)
        if area.isEmpty():
            return
        tx0 = max(0, int((area.left() - target.left()) / sx) // TILE)
        ty0 = max(0, int((area.top() - target.top()) / sy) // TILE)
        tx1 = min(lv.cols - 1, int((area.right() - target.left()) / sx) // TILE)
        ty1 = min(lv.rows - 1, int((area.bottom() - target.top()) / sy) // TILE)
        p.save()
        # Edges left sharp: antialiased, neighbouring tiles would leave a faint seam.
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                pix = self._tile(level, tx, ty)
                p.drawPixmap(QRectF(target.left() + tx * TILE * sx,
                                    target.top() + ty * TILE * sy,
                                    pix.width() * sx, pix.height() * sy),
                             pix, QRectF(pix.rect()))
        p.restore()
        if self.first_drawn is None:
            self.first_drawn = time.perf_counter()

    def _tile(self, level: int, tx: int, ty: int) -> QPixmap:
        key = (level, tx, ty)
        pix = self._tiles.get(key)
        if pix is not None:
            self._tiles.move_to_end(key)
            return pix
        pyr = self.pyramid
        assert pyr is not None
        w, h = pyr.levels[level].tile_size(tx, ty)
        data = pyr.tile(level, tx, ty)
        fmt = (QImage.Format.Format_RGB32 if pyr.opaque
               else QImage.Format.Format_ARGB32_Premultiplied)
        pix = QPixmap.fromImage(QImage(data, w, h, w * 4, fmt))  # copies: `data` may go
        self.tiles_read += 1
        self._tiles[key] = pix
        self._bytes += w * h * 4
        while self._bytes > TILE_BUDGET_BYTES and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self._bytes -= old.width() * old.height() * 4
        return pix


@atexit.register
def _wait_for_all() -> None:
    """A QThread still running when Python tears down would abort the process."""
    for picture in list(_RUNNING):
        thread = picture._thread
        if thread is not None:
            thread.wait()


def shared_picture(path: Path) -> SharedPicture:
    """The picture at `path` as every view shows it; started if no view holds it yet. A
    file changed since (size, time) is another picture."""
    try:
        st = path.stat()
        key = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    except (OSError, ValueError):
        key = (str(path), -1, -1)
    found = _LIVE.get(key)
    if found is not None:
        return found
    made = SharedPicture(path)
    _LIVE[key] = made
    made.start()
    return made

