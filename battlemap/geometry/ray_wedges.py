"""Which (ray, segment) pairs can cross, for many rays from one origin: a segment can only
cross a ray whose end lies inside the segment's angular wedge seen from the origin and
beyond the segment's line. Sorting the ray ends by angle turns each wedge into one index
range (two binary searches), so the pairs found are about the pairs that matter, not
rays × segments.

The filter is conservative (a superset of the crossing pairs): angles get a margin far above
atan2's rounding, and where angles say little (a segment end or a ray end almost at the
origin, a segment almost through it) every pair is kept."""

from __future__ import annotations

import numpy as np

ANGLE_MARGIN = 1e-7  # radians; atan2 of coordinate differences ≤ 1e5 errs < 1e-10 here
NEAR = 1e-3  # a segment or ray end this close to the origin: its angle is not trusted
TWO_PI = 2.0 * np.pi


def wedge_pairs(o: np.ndarray, ends: np.ndarray, segs: np.ndarray) -> tuple[np.ndarray,
                                                                             np.ndarray]:
    """(ray index, segment index) of every pair whose ray o→ends[i] may cross segs[j]
    ((m, 4): x0, y0, x1, y1); a superset of the pairs that cross (maybe repeated)."""
    n, m = len(ends), len(segs)
    # One atan2 for the ray ends and both ends of every segment (fewer numpy calls).
    rel = np.concatenate([ends, segs[:, :2], segs[:, 2:]]) - o
    ang = np.arctan2(rel[:, 1], rel[:, 0])
    d2 = np.einsum("ij,ij->i", rel, rel)
    order = np.argsort(ang[:n])
    sphi = ang[order]
    # Three turns: a wedge that straddles ±π (or starts just below −π) is one range.
    turns = np.concatenate([sphi - TWO_PI, sphi, sphi + TWO_PI])
    ta, tb = ang[n:n + m], ang[n + m:]
    span = np.remainder(tb - ta + np.pi, TWO_PI) - np.pi  # signed, in [−π, π)
    start = np.minimum(ta, ta + span) - ANGLE_MARGIN
    lo = np.searchsorted(turns, start, side="left")
    hi = np.searchsorted(turns, start + (np.abs(span) + 2 * ANGLE_MARGIN), side="right")
    # Nearly through the origin, or an end at it: the wedge is unreliable, keep all rays.
    every = (np.abs(span) > np.pi - 1e-6) | (np.minimum(d2[n:n + m], d2[n + m:]) < NEAR * NEAR)
    if every.any():
        lo[every], hi[every] = n, 2 * n
    counts = hi - lo
    seg = np.repeat(np.arange(m), counts)
    pos = np.arange(len(seg)) - np.repeat(np.cumsum(counts) - counts, counts) + lo[seg]
    ray = np.concatenate([order, order, order])[pos]
    # A crossing point lies on the segment's line, so the ray's end is farther from the
    # origin than that line (squared distances, with a margin for rounding).
    a, d = rel[n:n + m], rel[n + m:] - rel[n:n + m]
    cross = a[:, 0] * d[:, 1] - a[:, 1] * d[:, 0]
    line2 = cross * cross / np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
    keep = d2[ray] >= line2[seg] * (1 - 1e-9) - 1e-9
    ray, seg = ray[keep], seg[keep]
    short = np.flatnonzero(d2[:n] < NEAR * NEAR)
    if len(short):
        # A ray end almost at the origin: its angle is noise, pair it with every segment.
        ray = np.concatenate([ray, np.repeat(short, m)])
        seg = np.concatenate([seg, np.tile(np.arange(m), len(short))])
    return ray, seg
