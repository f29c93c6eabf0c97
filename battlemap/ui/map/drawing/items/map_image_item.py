"""The picture under the grid, drawn by the scene's drawBackground (below the grid lines).
`pixels_per_square` image pixels span one square; `offset_px` (where intersection (0,0)
falls in the image) lands on the scene origin."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPixmap

from battlemap.io.picture_check import picture_file
from battlemap.io.plain_files import plain_file_bytes
from battlemap.model import MapImage
from battlemap.ui.map.units import PX


class MapBackdrop:
    """A loaded map image and the scene rectangle it covers. `loaded` is False when the file
    is missing or unreadable: the scene then shows the bare grid."""

    def __init__(self, image: MapImage, encounter_path: Path | str | None) -> None:
        self.path = picture_file(image, encounter_path)
        self.pixmap = QPixmap()
        data = plain_file_bytes(self.path)  # Qt's own open would wait forever on a pipe
        if data is not None:
            self.pixmap.loadFromData(data)
        self.loaded = not self.pixmap.isNull()
        scale = PX / image.pixels_per_square
        self.target = QRectF(-image.offset_px[0] * scale, -image.offset_px[1] * scale,
                             self.pixmap.width() * scale, self.pixmap.height() * scale)
