"""A dashed outline as separate short segments. Qt strokes a dashed antialiased path of a big
template (an 18 m sphere at play zoom, ~5,000 px of outline) in ~2.7 ms; the same dashes as
one path of separate segments, stroked with a solid pen, take ~0.3 ms on the machines here,
and the pattern is Qt's `DashLine` (dashes of 4 pen widths, gaps of 2) carried across the
corners."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QPainterPath

from battlemap.ui.map.drawing.bulk_paths import segments_path


def dash_pieces(ring: np.ndarray, dash: float, gap: float) -> np.ndarray:
    """(n, 4) x0, y0, x1, y1 of the dashes along the polyline `ring` ((k, 2) points): dashes
    of length `dash` every `dash + gap`, measured along the whole line (a dash that runs over
    a corner is cut there in two pieces)."""
    if len(ring) < 2:
        return np.empty((0, 4))
    a, d = ring[:-1], np.diff(ring, axis=0)
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length > 0
    a, d, length = a[keep], d[keep], length[keep]
    end = np.cumsum(length)
    start = end - length
    period = dash + gap
    # Per segment, the dashes that may meet it: periods first(i) … last(i).
    first = np.floor(start / period).astype(np.intp)
    count = np.floor(end / period).astype(np.intp) - first + 1
    seg = np.repeat(np.arange(len(length)), count)
    m = first.take(seg) + (np.arange(len(seg)) - np.repeat(np.cumsum(count) - count, count))
    lo = np.maximum(m * period, start.take(seg))
    hi = np.minimum(m * period + dash, end.take(seg))
    ok = hi > lo
    seg, lo, hi = seg[ok], lo[ok], hi[ok]
    t0 = (lo - start.take(seg)) / length.take(seg)
    t1 = (hi - start.take(seg)) / length.take(seg)
    base, step = a.take(seg, axis=0), d.take(seg, axis=0)
    out = np.empty((len(seg), 4))
    out[:, :2] = base + step * t0[:, None]
    out[:, 2:] = base + step * t1[:, None]
    return out


def dash_path(rings: list[np.ndarray], width: float) -> QPainterPath:
    """Qt's `DashLine` pattern for a pen of `width`, along each ring, as a path of separate
    dashes to stroke with a flat-capped solid pen of the same width (`bulk_paths`: built in
    one call, not dash by dash)."""
    pieces = [dash_pieces(r, 4 * width, 2 * width) for r in rings]
    return segments_path(np.concatenate(pieces) if pieces else np.empty((0, 4)))
