"""Which enemies threaten which squares, for paths and the engine: the threat zones of every
enemy near a region, from the per-token cache in MapGeometry."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from battlemap.geometry.grid import footprint_box
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threatened import (
    CanThreaten,
    Reach,
    ReachOf,
    as_reach,
    default_can_threaten,
    default_reach,
    reach_zone,
)
from battlemap.geometry.results import Square
from battlemap.model import SQUARE_M, Token


@dataclass(slots=True)
class _Known:
    reach: dict[str, tuple[Reach, tuple[float, float, float, float]]] = field(
        default_factory=dict)
    zones: dict[str, frozenset[Square]] = field(default_factory=dict)
    able: dict[str, bool] = field(default_factory=dict)
    # Per token row: how far (squares) beyond its box a creature can matter, once known
    # (reach + 1, -inf when it can never threaten the mover); the widest bound until then.
    margin: np.ndarray | None = None


class ThreatMap:
    """Threat zones of the creatures hostile to `mover_id` whose reach can meet `region`
    (x0, y0, x1, y1 in grid units; None: the whole map)."""

    def __init__(
        self,
        geo: MapGeometry,
        mover_id: str,
        policy: GeometryPolicy,
        reach_of: ReachOf | None = None,
        can_threaten: CanThreaten | None = None,
        region: tuple[float, float, float, float] | None = None,
        known: _Known | None = None,
    ) -> None:
        reach_of = reach_of or default_reach
        can_threaten = can_threaten or default_can_threaten
        mover = geo.token(mover_id)
        self.zones: dict[str, frozenset[Square]] = {}
        self._geo, self._mover, self._can = geo, mover, can_threaten
        # `known`: what earlier maps of this mover (same map, policy and callables) learnt
        # about each creature: its reach, box and zone; "able" answers are shared too.
        known = known if known is not None else _Known()
        self._able = known.able
        # Geometry first (side, reach, distance), the rules' verdict only for those left:
        # asking the rules is the costly part.
        margin = _margins(geo, known)
        for row, other in _candidates(geo, region, margin):
            if other.id == mover_id or other.side == mover.side:
                margin[row] = -np.inf  # never a threat to this mover: skipped from now on
                continue
            seen = known.reach.get(other.id)
            if seen is None:
                seen = known.reach[other.id] = (as_reach(reach_of(other)), footprint_box(other))
            reach, box = seen
            longest = reach.longest_m
            if longest <= 0:
                margin[row] = -np.inf
                continue
            margin[row] = longest / SQUARE_M + 1.0
            if region is not None and not _near(box, region, longest / SQUARE_M):
                continue
            if self.able(other.id):
                zone = known.zones.get(other.id)
                if zone is None:
                    # Its real squares (a 3.5 reach weapon's ring, docs/architecture.md#threatened-squares).
                    zone = known.zones[other.id] = reach_zone(geo, other.id, policy, reach)
                self.zones[other.id] = zone

    @property
    def can_threaten(self) -> CanThreaten:
        return self._can

    def able(self, token_id: str) -> bool:
        """Hostile to the mover and able to attack (even with 0 reach)."""
        hit = self._able.get(token_id)
        if hit is None:
            other = self._geo.token(token_id)
            hit = other.side != self._mover.side and other.id != self._mover.id and bool(
                self._can(other))
            self._able[token_id] = hit
        return hit

    def threatening(self, squares: Iterable[Square]) -> list[str]:
        """Enemies that threaten at least one of the squares."""
        sq = set(squares)
        return [eid for eid, zone in self.zones.items() if not zone.isdisjoint(sq)]

    def matrix(self, squares: list[Square]) -> tuple[list[str], np.ndarray]:
        """(enemy ids, bool array enemies × squares): who threatens each square."""
        ids = list(self.zones)
        out = np.zeros((len(ids), len(squares)), dtype=bool)
        for i, eid in enumerate(ids):
            zone = self.zones[eid]
            out[i] = [s in zone for s in squares]
        return ids, out


def threat_map(
    geo: MapGeometry,
    mover_id: str,
    policy: GeometryPolicy,
    reach_of: ReachOf | None,
    can_threaten: CanThreaten | None,
    region: tuple[float, float, float, float],
) -> ThreatMap:
    """`ThreatMap(...)` for a drag: the last one per mover, and what was learnt about each
    creature, are remembered while no token moves (`token_cache`); a drag asks at every
    square, mostly for the same box or one a little larger."""
    key = ("threat-map", mover_id)
    mover = geo.token(mover_id)
    ask = (mover, policy, reach_of, can_threaten)
    hit = geo.token_cache.get(key)
    if hit is None or hit[0][0] is not mover or hit[0][1] is not policy or (
            hit[0][2:] != ask[2:]):
        hit = (ask, _Known(), None, None)
    if hit[2] == region and isinstance(hit[3], ThreatMap):
        return hit[3]
    made = ThreatMap(geo, mover_id, policy, reach_of, can_threaten, region, known=hit[1])
    geo.token_cache.keep(key, (ask, hit[1], region, made))
    return made


# No creature threatens farther (the longest by the rules: a gargantuan's 6 m natural reach
# doubled by a reach weapon, 12 m): creatures beyond are not even asked for their reach.
MAX_REACH_M = 18.0


def _candidates(geo: MapGeometry, region: tuple[float, float, float, float] | None,
                margin: np.ndarray) -> list[tuple[int, Token]]:
    """(row, token) of the tokens that may reach `region` (all of them when None), in map
    order; one vectorised distance test with each creature's known reach (`margin`), so
    Python runs only for creatures nearby: a drag among 3,000 tokens asks a handful."""
    ids = geo.token_index()[0]
    if region is None:
        return [(i, geo.tokens[t]) for i, t in enumerate(ids)]
    b = geo.token_bounds()
    near = ~((b[:, 2] + margin < region[0]) | (region[2] < b[:, 0] - margin)
             | (b[:, 3] + margin < region[1]) | (region[3] < b[:, 1] - margin))
    return [(i, geo.tokens[ids[i]]) for i in near.nonzero()[0].tolist()]


def _margins(geo: MapGeometry, known: _Known) -> np.ndarray:
    """`known.margin`, started at the widest reach for a new token layout."""
    n = len(geo.token_index()[0])
    if known.margin is None or len(known.margin) != n:
        known.margin = np.full(n, MAX_REACH_M / SQUARE_M + 1.0)
    return known.margin


def _near(box: tuple[float, float, float, float], region: tuple[float, float, float, float],
          reach: float) -> bool:
    m = reach + 1.0
    return not (box[2] + m < region[0] or region[2] < box[0] - m
                or box[3] + m < region[1] or region[3] < box[1] - m)
