"""Which (ray, segment) pairs can cross, for many rays from one origin: a segment can only
cross a ray whose end lies inside the segment's angular wedge seen from the origin. Sorting
the ray ends by angle turns each wedge into one index range (two binary searches), so the
pairs found are about the pairs that matter, not rays × segments.

The filter is conservative (a superset of the crossing pairs): angles get a margin far above
atan2's rounding, and where angles say little (a segment end or a ray end almost at the
origin, a segment almost through it) every pair is kept."""

from __future__ import annotations

from functools import cached_property

import numpy as np

ANGLE_MARGIN = 1e-7  # radians; atan2 of coordinate differences ≤ 1e5 errs < 1e-10 here
NEAR = 1e-3  # a segment or ray end this close to the origin: its angle is not trusted
TWO_PI = 2.0 * np.pi


class RayFan:
    """What the wedges need of the rays alone, seen from the origin: their ends `rel`
    (2, n), squared lengths, order by angle and the sorted angles over three turns. A
    template's rays seen from its origin are the same wherever its stencil is placed (on the
    lattice and off it: (c + 0.5) − x and (i + c₀ + 0.5) − (x − ⌊x⌋) are the same real
    number, rounded once), so a stencil keeps its fan and a big area's preview skips this."""

    def __init__(self, rel: np.ndarray) -> None:
        self.rel = rel
        ang = np.arctan2(rel[1], rel[0])
        self.d2 = np.einsum("ij,ij->j", rel, rel)
        self.order = ang.argsort()
        sphi = ang.take(self.order)
        # Three turns: a wedge that straddles ±π (or starts just below −π) is one range.
        self.turns = np.concatenate([sphi - TWO_PI, sphi, sphi + TWO_PI])
        self.order3 = np.tile(self.order, 3)  # turns[k] is ray order3[k]: a plain `take`

    @cached_property
    def rel3(self) -> np.ndarray:
        """(2, 3n) the ray ends in the order of `turns`: a pair's end is one `take` away."""
        return self.rel.take(self.order3, axis=1)

    @cached_property
    def norm1(self) -> np.ndarray:
        """|E.x| + |E.y| per ray (the kernel's tolerance off the lattice)."""
        return np.abs(self.rel[0]) + np.abs(self.rel[1])

    @cached_property
    def norm1_max(self) -> float:
        return float(self.norm1.max()) if len(self.norm1) else 0.0

    @cached_property
    def short(self) -> np.ndarray:
        """Rays whose end is almost at the origin (their angle is noise)."""
        return np.flatnonzero(self.d2 < NEAR * NEAR)


def wedge_positions(fan: RayFan, ab: np.ndarray, live: np.ndarray,
                    near: bool) -> tuple[np.ndarray, np.ndarray]:
    """The (ray, segment) pairs the angles let through, wall after wall: (position in
    `fan.turns` of each pair's ray, pairs per segment). Segment ends `ab` (4, m) relative to
    the origin; `live`: segments that may stop something (the others get no pair); `near`:
    off the lattice, where an end may lie almost at the origin (on it such an end is exactly
    at the origin and its segment is not live). Rays almost at the origin are the caller's
    (`fan.short`). No cut by the segment's line: the caller's exact test decides that anyway,
    and the cut cost more numpy calls than the pairs it saved."""
    n = len(fan.order)
    ang = np.arctan2(ab[1::2], ab[0::2])  # rows: angle of A, angle of B
    ta = ang[0]
    span = ang[1] - ta
    span += np.pi
    np.remainder(span, TWO_PI, out=span)
    span -= np.pi  # signed, in [−π, π)
    start = np.minimum(ta, ta + span)
    start -= ANGLE_MARGIN
    width = np.abs(span)
    lo = fan.turns.searchsorted(start, side="left")
    hi = fan.turns.searchsorted(start + (width + 2 * ANGLE_MARGIN), side="right")
    # Nearly through the origin, or an end at it: the wedge is unreliable, keep all rays.
    every = width > np.pi - 1e-6
    if near:
        sq = ab * ab
        every |= np.minimum(sq[0] + sq[1], sq[2] + sq[3]) < NEAR * NEAR
    if every.any():
        lo[every], hi[every] = n, 2 * n
    counts = hi - lo
    counts *= live
    last = counts.cumsum()
    # Position in `turns` of each pair's ray: its wedge's start plus its rank in the wedge.
    pos = np.arange(int(last[-1]) if len(last) else 0)
    pos += np.repeat(lo - (last - counts), counts)
    return pos, counts
