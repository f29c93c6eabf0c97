"""The picture under the grid, drawn by the scene's drawBackground (below the grid lines).
`pixels_per_square` image pixels span one square; `offset_px` (where intersection (0,0)
falls in the image) lands on the scene origin.

The picture's size comes from its header, read here at once (a few kilobytes); its pixels
come as tiles (`map_tiles`), made off the window's thread: until they are ready the scene
shows the bare grid, and `on_ready` is called when they are (or when they failed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from battlemap.io.picture_check import picture_file
from battlemap.model import MapImage
from battlemap.ui.map.drawing.items.map_tiles import SharedPicture, shared_picture
from battlemap.ui.map.units import PX


class MapBackdrop:
    """A map picture and the scene rectangle it covers. `loaded`: its tiles are ready to
    draw; `pending`: they are being made; neither: the file is missing or unreadable and the
    scene shows the bare grid."""

    def __init__(self, image: MapImage, encounter_path: Path | str | None) -> None:
        self.path = picture_file(image, encounter_path)
        self.target = QRectF()
        self.picture: SharedPicture | None = None
        header = _header(self.path)
        if header is None:
            return
        scale = PX / image.pixels_per_square
        self.target = QRectF(-image.offset_px[0] * scale, -image.offset_px[1] * scale,
                             header[0] * scale, header[1] * scale)
        self.picture = shared_picture(self.path)

    @property
    def loaded(self) -> bool:
        return self.picture is not None and self.picture.pyramid is not None

    @property
    def pending(self) -> bool:
        return self.picture is not None and self.picture.pending

    def on_ready(self, fn: Callable[[], Any]) -> None:
        """fn (a QObject's method: disconnected when that object goes) once the tiles are
        ready or failed; at once when that is already so."""
        if self.picture is None or not self.picture.pending:
            fn()
        else:
            self.picture.ready.connect(fn)

    def wait(self) -> None:
        """Until the tiles are ready or failed (a render to a file draws them at once)."""
        if self.picture is not None and self.picture.pending:
            self.picture.wait()

    def paint(self, p: QPainter, rect: QRectF) -> None:
        if self.picture is not None:
            self.picture.paint(p, self.target, rect)


def _header(path: Path) -> tuple[int, int] | None:
    """The picture's size from its header, or None when it cannot be shown (a missing file,
    a pipe, not a picture, over the picture limit): the window says why (picture_check)."""
    from battlemap.io.errors import LoadError
    from battlemap.io.images import read_picture_header

    try:
        header = read_picture_header(path)
    except LoadError:
        return None
    return header.width, header.height
