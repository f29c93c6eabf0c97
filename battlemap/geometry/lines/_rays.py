"""Which rays from one origin O cross which walls (the test behind `from_point`), in few numpy
calls (a preview pays per numpy call far more than per pair: ~20 calls here, whatever the size).

Seen from O, with a wall's ends A, B and c = A×B, s = sign(c), a square centre E is
E = αA + βB with A×E = βc and E×B = αc. The segment O→E crosses the wall's interior (both
pairs of ends strictly apart) exactly when α > 0, β > 0 and α + β > 1, that is when
z = min(s·A×E, s·E×B, s·(A×E + E×B) − |c|) > 0. A wall on a line through O (c = 0) stops
nothing (then z = 0).

On the fine lattice of `from_point` (origin, centres and the wall's ends) differences and
these products and sums are exact in doubles (below 2^44 lattice steps), in any order numpy
or BLAS adds them. Elsewhere z is off by far less than t = REL_TOL·(|A|₁ + |B|₁)·|E|₁ +
REL_TOL·|A|₁·|B|₁: z > t crosses, z ≤ −t does not, and
the few pairs between are left "unsure" for the caller's exact test, as are walls with
|c| ≤ REL_TOL·|A|₁·|B|₁ (their turn seen from O is unsure: s = 0 makes z = −|c|).

With p = s·A×E = β|c| and q = s·E×B = α|c|, a ray through the wall's end A strictly before
its square has p = 0 and q > |c| (β = 0, α > 1), and through B q = 0 and p > |c|: z = 0,
no crossing. Such "touches" are reported with the side of the ray the wall leaves on
(s at A, −s at B): walls meeting at one point seal it against rays that have a wall on
each side there (`walls.joints`). Exact on the lattice only; elsewhere they are unsure.

Before the test, `wedge_positions` finds which (ray, segment) pairs can cross: a segment can
only cross a ray whose end lies inside the segment's angular wedge seen from the origin. Sorting
the ray ends by angle turns each wedge into one index range (two binary searches), so the
pairs found are about the pairs that matter, not rays × segments.

The filter is conservative (a superset of the crossing pairs): angles get a margin far above
atan2's rounding, and where angles say little (a segment end or a ray end almost at the
origin, a segment almost through it) every pair is kept."""

from __future__ import annotations

from collections.abc import Callable
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


REL_TOL = 1e-12  # far above the rounding of these few products of doubles (~1e-15)
_SIGNS = np.array([-1.0, 1.0, 1.0, -1.0])

# Up to this many (ray, wall) pairs one matrix product over all of them is cheaper than
# finding the few pairs that can cross (the wedge search costs ~35 small numpy calls). In
# instructions the wedges win from ~4,000 pairs, but the few large SIMD passes of the
# matrix path run faster per instruction: in wall-clock time these limits still hold.
DENSE_MAX = 10_000
# On the lattice the whole matrix is one product and five ufuncs (`_dense_exact`): cheaper
# per pair, so worth it for more pairs before the wedge search pays off.
DENSE_EXACT_MAX = 40_000
# (x0, y0, x1, y1) relative to O → (−A.y, A.x, B.y, −B.x): the coefficients of A×E and E×B.
_TO_COEF = np.array([[0.0, 1.0, 0.0, 0.0], [-1.0, 0.0, 0.0, 0.0],
                     [0.0, 0.0, 0.0, -1.0], [0.0, 0.0, 1.0, 0.0]])


# Shared empty answers (read-only): a preview pays per numpy call, even for an empty array.
_NO_INDEX, _NO_FLAG, _NO_SIDE = (np.empty(0, dtype=t) for t in (np.intp, bool, float))
for _empty in (_NO_INDEX, _NO_FLAG, _NO_SIDE):
    _empty.setflags(write=False)


class Crossings:
    """What `crossings` found: rays surely stopped, the (ray, wall) pairs it could not
    decide (indices into `ends` and `segs`), and lattice pairs that may touch: when the ray
    passes through the wall's end strictly before its square, which end (True: B) and the
    side of the ray the wall lies on (+1 left, −1 right, seen from the origin); else side 0."""

    def __init__(self, n: int) -> None:
        self.blocked = np.zeros(n, dtype=bool)
        self.unsure_ray = self.unsure_wall = self.touch_ray = self.touch_wall = _NO_INDEX
        self.touch_end_b, self.touch_side = _NO_FLAG, _NO_SIDE

    def set_touches(self, ray: np.ndarray, wall: np.ndarray, p: np.ndarray, q: np.ndarray,
                    cabs: np.ndarray, s: np.ndarray) -> None:
        """From pairs with z = 0 exactly (lattice walls): their rays, walls, p, q, |c| and
        the walls' s. With z = 0, max(p, q) > |c| only for a ray through an end (p = 0 at
        A, q = 0 at B), not for a square's centre on the wall; the others get side 0."""
        self.touch_ray, self.touch_wall = ray, wall
        self.touch_end_b = q < p
        side = np.sign(q - p)
        side *= s
        side *= np.maximum(p, q) > cabs
        self.touch_side = side


def _walls(o: np.ndarray, segs: np.ndarray, exact: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(m, 7) per wall: (−s·A.y, s·A.x, s·B.y, −s·B.x, |c|, t₀, t₁) with the tolerance
    t = t₀ + t₁·|E|₁ (zero for exact walls); and s per wall."""
    ab = segs - np.concatenate([o, o])
    c = ab[:, 0] * ab[:, 3] - ab[:, 1] * ab[:, 2]
    v = np.zeros((len(segs), 7))
    if not exact.all():
        k = np.where(exact, 0.0, REL_TOL)
        norms = np.abs(ab)
        na, nb = norms[:, 0] + norms[:, 1], norms[:, 2] + norms[:, 3]
        v[:, 5] = k * na * nb
        v[:, 6] = k * (na + nb)
        s = np.where(np.abs(c) > v[:, 5], np.sign(c), 0.0)
    else:
        s = np.sign(c)
    v[:, :4] = ab[:, [1, 0, 3, 2]] * _SIGNS * s[:, None]
    v[:, 4] = np.abs(c)
    return v, s


def _pq(rel: np.ndarray, coef: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, m) s·A×E and s·E×B for ends `rel` (from O) and walls' (−s·A.y, s·A.x, s·B.y,
    −s·B.x): one matrix product whose column 2j is wall j's A×E and 2j+1 its E×B."""
    pq = (rel @ coef.reshape(-1, 2).T).reshape(len(rel), len(coef), 2)
    return pq[:, :, 0], pq[:, :, 1]


def _dense_exact(o: np.ndarray, ends: np.ndarray, segs: np.ndarray, out: Crossings) -> None:
    """Rays blocked by any wall, and touches, all on the lattice (products and sums exact, in
    any order a matrix product adds them). Few numpy calls: a preview pays per call."""
    ab = segs - (o[0], o[1], o[0], o[1])
    c = ab[:, 0] * ab[:, 3] - ab[:, 1] * ab[:, 2]
    s = np.sign(c)
    coef = ab @ _TO_COEF
    coef *= s[:, None]
    p, q = _pq(ends - o, coef)
    cabs = np.abs(c)
    z = p + q
    z -= cabs
    np.minimum(z, np.minimum(p, q), out=z)
    out.blocked = np.asarray(np.maximum.reduce(z, axis=1) > 0)
    _dense_touches(out, z == 0.0, p, q, cabs, s)


def _dense_touches(out: Crossings, zero: np.ndarray, p: np.ndarray, q: np.ndarray,
                   cabs: np.ndarray, s: np.ndarray) -> None:
    """Touches among the (ray, wall) matrix's exact zeros (`Crossings.set_touches`)."""
    ray, wall = np.nonzero(zero)
    if len(ray):
        out.set_touches(ray, wall, p[ray, wall], q[ray, wall], cabs.take(wall), s.take(wall))


def wedge_path(n: int, m: int, all_exact: bool) -> bool:
    """Does `crossings` test n rays against m walls by the wedges (else all pairs at once)?"""
    return m * n > DENSE_MAX and (m * n > DENSE_EXACT_MAX or not all_exact)


def crossings(o: np.ndarray, ends: np.ndarray, segs: np.ndarray, exact: np.ndarray,
              fan: Callable[[], RayFan] | None = None,
              segs_t: np.ndarray | None = None) -> Crossings:
    """Rays o→ends[i] against walls `segs` ((m, 4): x0, y0, x1, y1); `exact[j]`: wall j and
    the origin are on the lattice (then nothing about it is unsure). `fan`: gives the rays'
    `RayFan`; `segs_t`: `segs` transposed, contiguous (both only spare work)."""
    n, m = len(ends), len(segs)
    out = Crossings(n)
    if m == 0 or n == 0:
        return out
    all_exact = bool(exact.all())
    if wedge_path(n, m, all_exact):
        return _wedge_crossings(o, ends, segs, exact, out, None if fan is None else fan(),
                                segs_t, all_exact)
    if m * n <= DENSE_EXACT_MAX and all_exact:
        _dense_exact(o, ends, segs, out)
        return out
    v, s = _walls(o, segs, exact)
    rel = ends - o
    # Rays down, walls across: every pair in one matrix product and a few ufuncs.
    p, q = _pq(rel, v[:, :4])
    z = p + q
    z -= v[:, 4]
    np.minimum(z, np.minimum(p, q), out=z)
    t = np.multiply.outer(np.abs(rel).sum(axis=1), v[:, 6])
    t += v[:, 5]
    out.blocked = np.asarray(np.logical_or.reduce(z > t, axis=1))
    out.unsure_ray, out.unsure_wall = np.nonzero((z > -t) & (z <= t))
    _dense_touches(out, (z == 0.0) & (t == 0.0), p, q, v[:, 4], s)
    return out


_ROWS = np.array([1, 0, 3, 2])  # (A.x, A.y, B.x, B.y) → (A.y, A.x, B.y, B.x)
_ROW_SIGNS = np.array([[-1.0], [1.0], [1.0], [-1.0]])


def _wedge_crossings(o: np.ndarray, ends: np.ndarray | None, segs: np.ndarray,
                     exact: np.ndarray, out: Crossings, fan: RayFan | None = None,
                     segs_t: np.ndarray | None = None,
                     all_exact: bool | None = None) -> Crossings:
    """Many pairs: only those the angular wedges let through (`wedge_positions`: a superset of
    the crossings), then z on them. Every coordinate in its own contiguous row and every
    gather a `take`, so each step is one numpy call (a preview pays ~7k instructions per
    call, far more than per pair). The arithmetic of z and its tolerance is that of `_walls`
    and the dense paths, term for term. `segs_t`: `segs` transposed (4, m), if at hand;
    `ends` are only read without a `fan`; `all_exact`: `exact.all()` if known."""
    ox, oy = float(o[0]), float(o[1])
    o4 = np.array([[ox], [oy], [ox], [oy]])
    # Rows A.x, A.y, B.x, B.y (subtracting from a transposed view is several times slower).
    ab = np.subtract(segs.T if segs_t is None else segs_t, o4)
    if fan is None:  # rows E.x, E.y (a stencil's fan has them, worked out once)
        assert ends is not None
        fan = RayFan(np.subtract(ends.T, o4[:2]))
    rel = fan.rel
    c = ab[0] * ab[3]
    c -= ab[1] * ab[2]
    fuzzy = not (bool(exact.all()) if all_exact is None else all_exact)
    # Per wall: −s·A.y, s·A.x, s·B.y, −s·B.x, |c| (and off the lattice a bar, below).
    rows = np.empty((6 if fuzzy else 5, len(c)))
    np.abs(c, out=rows[4])
    s = np.sign(c)
    if fuzzy:  # the tolerance t = t₀ + t₁·|E|₁ per pair (zero for lattice walls)
        k = np.where(exact, 0.0, REL_TOL)
        norms = np.abs(ab)
        nab = norms[0::2] + norms[1::2]  # rows |A|₁, |B|₁
        t0 = k * nab[0]
        t0 *= nab[1]
        t1 = nab[0] + nab[1]
        t1 *= k
        s *= rows[4] > t0  # the turn seen from O is unsure: s = 0 makes z = −|c|
        # No pair's t exceeds tmax (rounding is monotonic), so beyond ±tmax z decides
        # alone; a wall with t₁ = 0 has t = 0 (a lattice wall: z > 0 decides, and its many
        # pairs with z = 0 exactly need no more). The bar per wall: tmax or 0.
        tmax = float(t0.max()) + float(t1.max()) * fan.norm1_max
        np.multiply(t1 > 0.0, tmax, out=rows[5])
    np.multiply(ab.take(_ROWS, axis=0), _ROW_SIGNS * s, out=rows[:4])
    # A wall on a line through O stops nothing (c = 0, exactly, on the lattice): its wedge
    # is useless (half a turn, or an end at O), it would pair with every ray, so it gets none.
    pos, counts = wedge_positions(fan, ab, (c != 0.0) if not fuzzy else (c != 0.0) | ~exact,
                                  fuzzy)
    # Pairs come wall after wall: each wall's row repeated (cheaper than a gather by index),
    # each ray's end gathered by its position in the fan's turns.
    w = np.repeat(rows, counts, axis=1)
    p, q, z = _pqz(w, fan.rel3.take(pos, axis=1))
    if not fuzzy:
        out.blocked[fan.order3.take(pos.compress(z > 0))] = True
        _wedge_touches(out, np.flatnonzero(z == 0.0), p, q, w[4], s, pos, counts, fan)
        return out
    # Past its bar a pair is decided; only the few within it need their own t (each step
    # costs numpy calls, not pairs).
    bar = w[5]
    out.blocked[fan.order3.take(pos.compress(z > bar))] = True
    _wedge_touches(out, np.flatnonzero((z == 0.0) & (bar == 0.0)), p, q, w[4], s, pos,
                   counts, fan)
    near = np.flatnonzero((np.abs(z) <= bar) & (bar > 0.0))
    ray = fan.order3.take(pos.take(near))
    wall = counts.cumsum().searchsorted(near, side="right")  # the wall of each pair
    z = z.take(near)
    if len(fan.short):
        # Ray ends almost at the origin: their angles are noise, pair them with every wall.
        short, m = fan.short, len(c)
        ray = np.concatenate([ray, np.repeat(short, m)])
        wall = np.concatenate([wall, np.tile(np.arange(m), len(short))])
        z = np.concatenate([z, _pqz(rows.take(wall[-m * len(short):], axis=1),
                                    rel.take(ray[-m * len(short):], axis=1))[2]])
    if len(ray):
        t = t0.take(wall) + t1.take(wall) * fan.norm1.take(ray)
        out.blocked[ray[z > t]] = True
        unsure = (z > -t) & (z <= t)
        out.unsure_ray, out.unsure_wall = ray[unsure], wall[unsure]
    return out


def _pqz(w: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pair p, q and z = min(p, q, p + q − |c|) from the wall's row (−s·A.y, s·A.x,
    s·B.y, −s·B.x, |c|) and the ray's end E, as `_walls` and the dense paths compute them."""
    p = w[0] * e[0] + w[1] * e[1]
    q = w[2] * e[0] + w[3] * e[1]
    return p, q, np.asarray(np.minimum(np.minimum(p, q), p + q - w[4]))


def _wedge_touches(out: Crossings, zero: np.ndarray, p: np.ndarray, q: np.ndarray,
                   cabs: np.ndarray, s: np.ndarray, pos: np.ndarray, counts: np.ndarray,
                   fan: RayFan) -> None:
    """Touches among the wedge pairs `zero` (z = 0 exactly, lattice walls): few pairs, so
    each one's wall is found by a binary search (`Crossings.set_touches`)."""
    if len(zero):
        wall = counts.cumsum().searchsorted(zero, side="right")
        out.set_touches(fan.order3.take(pos.take(zero)), wall, p.take(zero), q.take(zero),
                        cabs.take(zero), s.take(wall))
