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
_MAX, _MIN = np.maximum, np.minimum


def _clip(h: np.ndarray, hn: np.ndarray, t0: np.ndarray, t1: np.ndarray) -> tuple[
    np.ndarray, np.ndarray
]:
    """[t0, t1] of segments from value h to value hn of a linear function, cut to <= 0. Both
    ends above: tc falls outside [0, 1] (or is infinite), so the interval comes out empty.
    Called under errstate(divide, invalid: ignore): h == hn gives ±inf or NaN, unused or
    harmless as just said."""
    tc = h / (h - hn)
    return _MAX(t0, np.where(h > 0, tc, 0.0)), _MIN(t1, np.where(hn > 0, tc, 1.0))


def piece_areas(qx: np.ndarray, qy: np.ndarray, u0: tuple[np.ndarray, np.ndarray],
                u1: tuple[np.ndarray, np.ndarray],
                line: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """Per column: the area of the box with corners (qx, qy) (4, n), in order
    counter-clockwise, relative to the wedge's apex, inside the wedge from direction u0 to direction u1 (turning
    counter-clockwise, less than half a turn), and beyond `line` (x0, y0, x1, y1 relative to
    the apex: a segment inside the box that crosses the whole wedge; all zero or None: no
    such cut). A row per corner: every pass runs along contiguous rows, and the sum over
    the corners is three row additions, where a reduction along a short axis would loop
    per box."""
    qxn, qy_n = qx.take(_NEXT, axis=0), qy.take(_NEXT, axis=0)
    ux0, uy0 = u0
    ux1, uy1 = u1
    with np.errstate(divide="ignore", invalid="ignore"):
        # Left of u0: cross(u0, q) >= 0; right of u1: cross(u1, q) <= 0 (as values <= 0).
        h0 = uy0 * qx - ux0 * qy
        t0, t1 = _clip(h0, h0.take(_NEXT, axis=0), 0.0, 1.0)  # type: ignore[arg-type]
        h1 = ux1 * qy - uy1 * qx
        t0, t1 = _clip(h1, h1.take(_NEXT, axis=0), t0, t1)
        under: np.ndarray | float = 0.0
        if line is not None:
            lx0, ly0, lx1, ly1 = line
            k0 = lx0 * ly1 - ly0 * lx1  # the line's value at the apex: its sign, the near side
            sign = np.sign(k0)
            a, b = sign * (ly0 - ly1), sign * (lx1 - lx0)
            h2 = a * qx + b * qy + np.abs(k0)
            t0, t1 = _clip(h2, h2.take(_NEXT, axis=0), t0, t1)
            # The occluder's piece between the rays: a triangle with the apex, counted
            # negative. Its ends on the rays are u·k0 / cross(u, d), d the line's direction.
            dx, dy = lx1 - lx0, ly1 - ly0
            c0 = ux0 * dy - uy0 * dx
            c1 = ux1 * dy - uy1 * dx
            cross = ux0 * uy1 - uy0 * ux1
            under = np.where(k0 != 0, k0 * k0 * cross / (c0 * c1), 0.0)
    edges = _MAX(t1 - t0, 0.0) * (qx * qy_n - qy * qxn)
    return _MAX(np.add.reduce(edges, axis=0) - under, 0.0) / 2
