"""Areas of the pieces of target boxes hidden in angular wedges, many at once (AD&D 2bis cover
by percentage, `hidden_batch`).

Green's theorem: a region's area is half the sum over its boundary of cross(start, end).
With coordinates relative to the point the wedge starts from, the wedge's two rays add
nothing (each lies on a line through the origin). So the area of box ∩ wedge ∩ (far side of
an occluder's line) is half the sum, over the box's edges, of each edge's cross product
times the share of it inside the wedge and the far side, minus the triangle under the
occluder's piece between the rays. Each share is a clip of a parameter interval (a handful
of whole-array passes), with no polygon built: numpy's per-call cost is what counts here."""

from __future__ import annotations

import numpy as np

_NEXT = np.array([1, 2, 3, 0])
# The next corner's row in a stack of 2 or 3 clip tables of four rows each.
_NEXT12 = np.concatenate([_NEXT, _NEXT + 4, _NEXT + 8])
_MAX, _MIN = np.maximum, np.minimum


def piece_areas(q: np.ndarray, u0: tuple[np.ndarray, np.ndarray],
                u1: tuple[np.ndarray, np.ndarray],
                line: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """Per column: the area of the box with corners q (x rows then y rows, (8, n)), in
    order counter-clockwise, relative to the wedge's apex, inside the wedge from direction
    u0 to direction u1 (turning counter-clockwise, less than half a turn), and beyond
    `line` (x0, y0, x1, y1 relative to the apex: a segment inside the box that crosses the
    whole wedge; all zero or None: no such cut). A row per corner: every pass runs along
    contiguous rows, and the sum over the corners is three row additions, where a
    reduction along a short axis would loop per box. Call it under errstate(divide,
    invalid: ignore) (`hidden_shares` enters it once for all its passes).

    Each side (left of u0, right of u1, beyond the line) clips every edge's parameter
    interval [t0, t1] to where a linear function h is <= 0; the three clips are one stack
    of tables, so each step is one numpy call for all of them (numpy's per-call cost is
    what counts). Same operations, same order: the same numbers."""
    qx, qy = q[:4], q[4:]
    ux0, uy0 = u0
    ux1, uy1 = u1
    k = 12 if line is not None else 8
    h = np.empty((k, q.shape[1]))
    # Left of u0: cross(u0, q) >= 0; right of u1: cross(u1, q) <= 0 (as values <= 0).
    np.multiply(uy0, qx, out=h[:4])
    h[:4] -= ux0 * qy
    np.multiply(ux1, qy, out=h[4:8])
    h[4:8] -= uy1 * qx
    under: np.ndarray | float = 0.0
    if line is not None:
        lx0, ly0, lx1, ly1 = line
        k0 = lx0 * ly1 - ly0 * lx1  # the line's value at the apex: its sign, the near side
        sign = np.sign(k0)
        a, b = sign * (ly0 - ly1), sign * (lx1 - lx0)
        np.multiply(a, qx, out=h[8:])
        h[8:] += b * qy
        h[8:] += np.abs(k0)
        # The occluder's piece between the rays: a triangle with the apex, counted
        # negative. Its ends on the rays are u·k0 / cross(u, d), d the line's direction.
        dx, dy = lx1 - lx0, ly1 - ly0
        c0 = ux0 * dy - uy0 * dx
        c1 = ux1 * dy - uy1 * dx
        cross = ux0 * uy1 - uy0 * ux1
        under = np.where(k0 != 0, k0 * k0 * cross / (c0 * c1), 0.0)
    # [t0, t1] of each edge, from value h to the next corner's hn, cut to h <= 0. Both ends
    # above: tc falls outside [0, 1] (or is infinite), so the interval comes out empty;
    # h == hn gives ±inf or NaN, unused or harmless as just said.
    hn = h.take(_NEXT12[:k], axis=0)
    tc = h / (h - hn)
    lo, hi = np.where(h > 0, tc, 0.0), np.where(hn > 0, tc, 1.0)
    t0, t1 = _MAX(_MAX(0.0, lo[:4]), lo[4:8]), _MIN(_MIN(1.0, hi[:4]), hi[4:8])
    if line is not None:
        t0, t1 = _MAX(t0, lo[8:]), _MIN(t1, hi[8:])
    qn = q.take(_NEXT12[:8], axis=0)
    edges = _MAX(t1 - t0, 0.0) * (qx * qn[4:] - qy * qn[:4])
    return _MAX(np.add.reduce(edges, axis=0) - under, 0.0) / 2
