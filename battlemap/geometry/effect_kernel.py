"""The crossing test of `effect_lines` for many rays from one origin O, in few numpy calls
(a preview pays per numpy call far more than per pair: ~20 calls here, whatever the size).

Seen from O, with a wall's ends A, B and c = A×B, s = sign(c), a square centre E is
E = αA + βB with A×E = βc and E×B = αc. The segment O→E crosses the wall's interior (both
pairs of ends strictly apart) exactly when α > 0, β > 0 and α + β > 1, that is when
z = min(s·A×E, s·E×B, s·(A×E + E×B) − |c|) > 0. A wall on a line through O (c = 0) stops
nothing (then z = 0).

On the fine lattice of `effect_lines` (origin, centres and the wall's ends) differences and
these products and sums are exact in doubles (below 2^44 lattice steps), in any order numpy
or BLAS adds them. Elsewhere z is off by far less than t = REL_TOL·(|A|₁ + |B|₁)·|E|₁ +
REL_TOL·|A|₁·|B|₁: z > t crosses, z ≤ −t does not, and
the few pairs between are left "unsure" for the caller's exact test, as are walls with
|c| ≤ REL_TOL·|A|₁·|B|₁ (their turn seen from O is unsure: s = 0 makes z = −|c|)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from battlemap.geometry.ray_wedges import RayFan, wedge_pairs_rows

REL_TOL = 1e-12  # far above the rounding of these few products of doubles (~1e-15)
_SIGNS = np.array([-1.0, 1.0, 1.0, -1.0])

# Up to this many (ray, wall) pairs one matrix product over all of them is cheaper than
# finding the few pairs that can cross (the wedge search costs ~30 small numpy calls).
DENSE_MAX = 10_000
# On the lattice the whole matrix is one product and five ufuncs (`_dense_exact`): cheaper
# per pair, so worth it for more pairs before the wedge search pays off.
DENSE_EXACT_MAX = 40_000
# (x0, y0, x1, y1) relative to O → (−A.y, A.x, B.y, −B.x): the coefficients of A×E and E×B.
_TO_COEF = np.array([[0.0, 1.0, 0.0, 0.0], [-1.0, 0.0, 0.0, 0.0],
                     [0.0, 0.0, 0.0, -1.0], [0.0, 0.0, 1.0, 0.0]])


class Crossings:
    """What `crossings` found: rays surely stopped, and the (ray, wall) pairs it could not
    decide (indices into `ends` and `segs`)."""

    def __init__(self, n: int) -> None:
        self.blocked = np.zeros(n, dtype=bool)
        self.unsure_ray = np.empty(0, dtype=np.intp)
        self.unsure_wall = np.empty(0, dtype=np.intp)


def _walls(o: np.ndarray, segs: np.ndarray, exact: np.ndarray) -> tuple[np.ndarray, bool]:
    """(m, 7) per wall: (−s·A.y, s·A.x, s·B.y, −s·B.x, |c|, t₀, t₁) with the tolerance
    t = t₀ + t₁·|E|₁ (zero for exact walls); and is any wall inexact."""
    ab = segs - np.concatenate([o, o])
    c = ab[:, 0] * ab[:, 3] - ab[:, 1] * ab[:, 2]
    v = np.zeros((len(segs), 7))
    fuzzy = not bool(exact.all())
    if fuzzy:
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
    return v, fuzzy


def _pq(rel: np.ndarray, coef: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, m) s·A×E and s·E×B for ends `rel` (from O) and walls' (−s·A.y, s·A.x, s·B.y,
    −s·B.x): one matrix product whose column 2j is wall j's A×E and 2j+1 its E×B."""
    pq = (rel @ coef.reshape(-1, 2).T).reshape(len(rel), len(coef), 2)
    return pq[:, :, 0], pq[:, :, 1]


def _dense_exact(o: np.ndarray, ends: np.ndarray, segs: np.ndarray) -> np.ndarray:
    """Per ray: blocked by any wall, all on the lattice (products and sums exact, in any order
    a matrix product adds them). Few numpy calls: a preview pays per call, not per pair."""
    ab = segs - (o[0], o[1], o[0], o[1])
    c = ab[:, 0] * ab[:, 3] - ab[:, 1] * ab[:, 2]
    coef = ab @ _TO_COEF
    coef *= np.sign(c)[:, None]
    p, q = _pq(ends - o, coef)
    z = p + q
    z -= np.abs(c)
    np.minimum(z, np.minimum(p, q), out=z)
    return np.asarray(np.maximum.reduce(z, axis=1) > 0)


def crossings(o: np.ndarray, ends: np.ndarray, segs: np.ndarray, exact: np.ndarray,
              fan: Callable[[], RayFan] | None = None) -> Crossings:
    """Rays o→ends[i] against walls `segs` ((m, 4): x0, y0, x1, y1); `exact[j]`: wall j and
    the origin are on the lattice (then nothing about it is unsure)."""
    n, m = len(ends), len(segs)
    out = Crossings(n)
    if m == 0 or n == 0:
        return out
    if m * n <= DENSE_EXACT_MAX and bool(exact.all()):
        out.blocked = _dense_exact(o, ends, segs)
        return out
    v, fuzzy = _walls(o, segs, exact)
    rel = ends - o
    if m * n <= DENSE_MAX:
        # Rays down, walls across: every pair in one matrix product and a few ufuncs.
        p, q = _pq(rel, v[:, :4])
        z = p + q
        z -= v[:, 4]
        np.minimum(z, np.minimum(p, q), out=z)
        t = np.multiply.outer(np.abs(rel).sum(axis=1), v[:, 6])
        t += v[:, 5]
        out.blocked = np.asarray(np.logical_or.reduce(z > t, axis=1))
        out.unsure_ray, out.unsure_wall = np.nonzero((z > -t) & (z <= t))
        return out
    return _wedge_crossings(o, ends, segs, exact, out, None if fan is None else fan())


_ROWS = np.array([1, 0, 3, 2])  # (A.x, A.y, B.x, B.y) → (A.y, A.x, B.y, B.x)
_ROW_SIGNS = np.array([[-1.0], [1.0], [1.0], [-1.0]])


def _wedge_crossings(o: np.ndarray, ends: np.ndarray, segs: np.ndarray, exact: np.ndarray,
                     out: Crossings, fan: RayFan | None = None) -> Crossings:
    """Many pairs: only those the angular wedges let through (a superset of the crossings).
    The walls' coordinates relative to O are computed once and shared with the wedges, one
    contiguous row per coordinate, so each step is one numpy call and every gather a `take`
    (numpy gathers rows of an (m, k) array one small copy per row). The arithmetic of z and
    its tolerance is that of `_walls` and the dense paths, term for term."""
    m = len(segs)
    ox, oy = float(o[0]), float(o[1])
    ab = np.subtract(segs.T, np.array([[ox], [oy], [ox], [oy]]))  # rows A.x, A.y, B.x, B.y
    # Rows E.x, E.y (the caller's fan has them, worked out once per stencil).
    rel = np.subtract(ends.T, np.array([[ox], [oy]])) if fan is None else fan.rel
    c = ab[0] * ab[3]
    c -= ab[1] * ab[2]
    fuzzy = not bool(exact.all())
    rows = np.empty((7 if fuzzy else 5, m))  # per wall: −s·A.y, s·A.x, s·B.y, −s·B.x, |c|, t₀, t₁
    if fuzzy:
        k = np.where(exact, 0.0, REL_TOL)
        norms = np.abs(ab)
        na, nb = norms[0] + norms[1], norms[2] + norms[3]
        rows[5] = k * na * nb
        rows[6] = k * (na + nb)
        s = np.where(np.abs(c) > rows[5], np.sign(c), 0.0)
    else:
        s = np.sign(c)
    np.multiply(ab.take(_ROWS, axis=0), _ROW_SIGNS * s, out=rows[:4])
    np.abs(c, out=rows[4])
    # A wall on a line through O stops nothing (c = 0, exactly on the lattice); its wedge is
    # useless (half a turn or more), so it would pair with every ray: leave it out.
    live = np.flatnonzero(~exact | (c != 0.0))
    ray, wall = wedge_pairs_rows(rel, ab.take(live, axis=1), c.take(live), fan)
    wall = live.take(wall)
    w = rows.take(wall, axis=1)
    e = rel.take(ray, axis=1)
    p = w[0] * e[0] + w[1] * e[1]
    q = w[2] * e[0] + w[3] * e[1]
    z = np.minimum(np.minimum(p, q), p + q - w[4])
    if not fuzzy:
        out.blocked[ray[z > 0]] = True
        return out
    t = w[5] + w[6] * (np.abs(e[0]) + np.abs(e[1]))
    out.blocked[ray[z > t]] = True
    unsure = (z > -t) & (z <= t)
    out.unsure_ray, out.unsure_wall = ray[unsure], wall[unsure]
    return out
