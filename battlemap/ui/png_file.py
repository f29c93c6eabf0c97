"""A drawn map as a PNG file, written atomically: Qt's own `QImage.save(path)` writes in
place, so a full disk left a truncated PNG over the previous one (and libpng's complaint on
stderr). The PNG is encoded in memory, then written by the io layer's atomic write."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from battlemap.io.encounter_file import atomic_write_bytes


def png_bytes(image: QImage) -> bytes:
    """The PNG encoding of `image`; ValueError when Qt cannot encode it."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = image.save(buffer, "PNG")
    buffer.close()
    if not ok:
        raise ValueError("the picture cannot be encoded as PNG")
    return bytes(data.data())


def write_png(image: QImage, path: Path | str) -> None:
    """`path` holds either its previous bytes or the whole new PNG; OSError as raised."""
    atomic_write_bytes(path, png_bytes(image))
