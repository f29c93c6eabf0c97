"""A QPainterPath of many separate straight segments, built in one call from a numpy array.

Python pays ~1–3 µs for each Qt object it makes: the ~450 dashes of a big template's outline
cost more to build as QLineF, one by one at every preview, than Qt takes to draw them. Qt
reads a path from a QDataStream in C++: the segments go in as one byte string in the
documented layout of QPainterPath (`Serializing Qt Data Types`): element count, then per
element its type, x and y, then the current subpath's start and the fill rule, big-endian."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream, QIODevice
from PySide6.QtGui import QPainterPath

_MOVE_TO, _LINE_TO = 0, 1  # QPainterPath.ElementType
_ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])


def segments_path(segments: np.ndarray) -> QPainterPath:
    """(n, 4) rows x0, y0, x1, y1 → a path of n open subpaths, each one segment (moveTo,
    lineTo): stroked, exactly the segments."""
    n = len(segments)
    path = QPainterPath()
    if n == 0:
        return path
    elements = np.empty(2 * n, dtype=_ELEMENT)
    elements["type"][0::2], elements["type"][1::2] = _MOVE_TO, _LINE_TO
    elements["x"][0::2], elements["y"][0::2] = segments[:, 0], segments[:, 1]
    elements["x"][1::2], elements["y"][1::2] = segments[:, 2], segments[:, 3]
    head = np.array([2 * n], dtype=">i4").tobytes()
    tail = np.array([2 * n - 2, 0], dtype=">i4").tobytes()  # last moveTo; OddEvenFill
    data = QByteArray(head + elements.tobytes() + tail)  # held: the stream reads from it
    stream = QDataStream(data, QIODevice.OpenModeFlag.ReadOnly)
    stream >> path
    if stream.status() != QDataStream.Status.Ok or path.elementCount() != 2 * n:
        raise ValueError("segments_path: Qt did not read back every segment (non-finite "
                         "coordinates?)")
    return path
