"""Token pictures: each file checked and decoded once, each size it is drawn at scaled once.

A map of 300 tokens may show a few distinct pictures many times over, in two windows: the
decoded pictures are kept by file (its path, modification time and size, so a picture the
GM replaces is read again), the scaled ones by picture, size in device pixels and fit. A
drag, a repaint or a refresh of every token then costs dictionary look-ups. Both are bounded
in bytes and forget the least recently used first."""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QImage, QPixmap

from battlemap.text import Message

# A token is drawn at most a few hundred device pixels wide (a gargantuan token zoomed in):
# a bigger picture is kept at this size, which bounds each decoded picture to 16 MB.
MAX_SIDE_PX = 2048
MAX_DECODED_BYTES = 256 * 1024 * 1024
MAX_SCALED_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, eq=False)
class Art:
    """A token picture as read: the image, or the words saying why there is none."""

    key: tuple[str, int, int]  # the file: resolved path, modification time, size in bytes
    image: QImage | None
    problem: Message | None  # "is missing", "is not a PNG, JPEG or WebP image"…


@dataclass
class Counts:
    """Work done since the last `clear`: for tests and benchmarks (never timings)."""

    decodes: int = 0
    scales: int = 0


counts = Counts()
_decoded: OrderedDict[tuple[str, int, int], Art] = OrderedDict()
_scaled: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_held = {"decoded": 0, "scaled": 0}


def clear() -> None:
    """Forget every picture and the counts (tests; a picture is read again on next use)."""
    _decoded.clear()
    _scaled.clear()
    _held.update(decoded=0, scaled=0)
    counts.decodes = counts.scales = 0


def load_art(path: Path) -> Art:
    """The picture at `path`, read, checked (size limits, plain file) and decoded on its first
    use only."""
    key = _file_key(path)
    art = _decoded.get(key)
    if art is not None:
        _decoded.move_to_end(key)
        return art
    art = _decode(key, path)
    _decoded[key] = art
    _held["decoded"] += _bytes(art.image)
    while _held["decoded"] > MAX_DECODED_BYTES and len(_decoded) > 1:
        _, old = _decoded.popitem(last=False)
        _held["decoded"] -= _bytes(old.image)
    return art


def scaled_art(art: Art, width: int, height: int) -> QPixmap:
    """The picture cropped about its centre to the shape of `width` x `height` (a portrait
    keeps its proportions) and scaled smoothly to that size in device pixels, once."""
    assert art.image is not None
    key = (art.key, width, height)
    pix = _scaled.get(key)
    if pix is not None:
        _scaled.move_to_end(key)
        return pix
    counts.scales += 1
    pix = QPixmap.fromImage(_cropped(art.image, width, height).scaled(
        QSize(max(1, width), max(1, height)), Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation))
    _scaled[key] = pix
    _held["scaled"] += pix.width() * pix.height() * 4
    while _held["scaled"] > MAX_SCALED_BYTES and len(_scaled) > 1:
        _, old = _scaled.popitem(last=False)
        _held["scaled"] -= old.width() * old.height() * 4
    return pix


def _file_key(path: Path) -> tuple[str, int, int]:
    try:
        st = os.stat(path)
    except (OSError, ValueError):  # missing, or a name the system refuses: said by the check
        return (str(path), -1, -1)
    return (os.path.realpath(path), st.st_mtime_ns, st.st_size)


def _decode(key: tuple[str, int, int], path: Path) -> Art:
    """Checked like a map picture (header and limits before any decoding), then decoded by
    Qt, once."""
    from battlemap.io.limits import ART_LIMITS
    from battlemap.io.picture_check import checked_picture
    from battlemap.io.words import said

    data, problem = checked_picture(path, ART_LIMITS, decode=False)
    if data is None:
        return Art(key, None, problem)
    counts.decodes += 1
    image = QImage.fromData(data)
    if image.isNull():
        return Art(key, None, said("picture.unreadable"))
    if max(image.width(), image.height()) > MAX_SIDE_PX:
        image = image.scaled(MAX_SIDE_PX, MAX_SIDE_PX, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    return Art(key, image, None)


def _cropped(image: QImage, width: int, height: int) -> QImage:
    """The largest centred part of `image` with the proportions of `width` x `height`."""
    iw, ih = image.width(), image.height()
    if iw * height > ih * width:  # wider than wanted: the sides go
        w = max(1, round(ih * width / max(1, height)))
        return image.copy(QRect((iw - w) // 2, 0, w, ih))
    h = max(1, round(iw * height / max(1, width)))
    return image.copy(QRect(0, (ih - h) // 2, iw, h))


def _bytes(image: QImage | None) -> int:
    return 0 if image is None else image.sizeInBytes()
