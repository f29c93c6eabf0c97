"""The search behind `routes`: Dijkstra from the start over (square, diagonal parity[,
enemies provoked]) states, kept open between questions so that a drag asks it again for each
square under the mouse and pays only for the squares it has not settled yet.

Every step is judged by the path walk's own rules (`_walk.early_reason`, `step_cost`,
`dest_difficult`, `occupancy`) and the attacks by `opportunity.step_provocations`; what is
prepared here only asks them once per square instead of once per step:
- which of the eight steps from a square are off the grid or cut by a wall, per wall layout
  and footprint, worked out in blocks of squares with one wall query each (`_open_steps`);
- who stands on each square, per token layout (`_occupant_grid`)."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Any

from battlemap.geometry.grid import footprint_squares
from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.movement._walk import (
    dest_difficult,
    early_reason,
    occupancy,
    step_cost,
    walls_in_the_way,
)
from battlemap.geometry.movement.opportunity import first_step_safe, step_provocations
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threat_map import ThreatMap
from battlemap.geometry.reach.threatened import CanThreaten
from battlemap.geometry.results import Square
from battlemap.model import Token

# The eight steps, orthogonal first: bit k of a square's mask is step k.
DIRS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1),
                                     (1, 1), (1, -1), (-1, 1), (-1, -1))
BLOCK = 8  # squares a side of one wall query's block
MAX_LAYOUTS = 16  # footprints × grid sizes remembered per wall layout

State = tuple[int, int, int]  # square index (row * cols + col), diagonal parity, enemies bitmask
Key = tuple[int, float, float]  # attacks provoked (avoid mode), cost in squares, length


@dataclass(slots=True)
class _Open:
    masks: list[int]  # per square: bit k set when step k is on the grid and clear of walls; -1 unknown


def _open_steps(geo: MapGeometry, mover: Token) -> _Open:
    memo = geo.walls.memo("route steps", MAX_LAYOUTS)
    key = (mover.size.squares, geo.cols, geo.rows)
    found = memo.get(key)
    if found is None:
        found = memo.keep(key, _Open([-1] * (geo.cols * geo.rows)))
    return found


def _fill_block(geo: MapGeometry, mover: Token, table: _Open, idx: int) -> None:
    """The open steps of every square in `idx`'s block, one wall query for the block."""
    cols, rows = geo.cols, geo.rows
    c0, r0 = (idx % cols) // BLOCK * BLOCK, (idx // cols) // BLOCK * BLOCK
    side = mover.size.squares
    frm: list[Square] = []
    to: list[Square] = []
    where: list[tuple[int, int]] = []
    cells = [(c, r) for r in range(r0, min(r0 + BLOCK, rows)) for c in range(c0, min(c0 + BLOCK, cols))]
    for c, r in cells:
        for k, (dx, dy) in enumerate(DIRS):
            b = (c + dx, r + dy)
            if not early_reason(geo, side, (c, r), b, False):
                frm.append((c, r))
                to.append(b)
                where.append((r * cols + c, k))
    hit = walls_in_the_way(geo, mover, frm, to)
    for c, r in cells:
        table.masks[r * cols + c] = 0
    for (i, k), wall in zip(where, hit.tolist(), strict=True):
        if not wall:
            table.masks[i] |= 1 << k


def _occupant_grid(geo: MapGeometry) -> dict[Square, list[str]]:
    """Who stands on each square (the squares of each token's space), per token layout."""
    key = ("route-occupants",)
    found = geo.token_cache.get(key)
    if found is None:
        grid: dict[Square, list[str]] = {}
        for tok in geo.tokens.values():
            for sq in footprint_squares(tok):
                grid.setdefault(sq, []).append(tok.id)
        found = geo.token_cache.keep(key, grid)
    return found  # type: ignore[no-any-return]


def _difficult_spaces(geo: MapGeometry, mover: Token) -> dict[int, bool]:
    """Per top-left square: does the mover's space there hold difficult terrain? Filled as
    the search reaches squares (the walk's `dest_difficult`), per token layout."""
    key = ("route-terrain", mover.size.squares)
    found = geo.token_cache.get(key)
    if found is None:
        found = geo.token_cache.keep(key, {})
    return found  # type: ignore[no-any-return]


@dataclass(slots=True)
class Enemies:
    """The attack side of an avoid-attacks search: the move's zones and who each bit is."""

    rule: str
    move_kind: str
    threats: ThreatMap
    within: CanThreaten | None
    zones: list[tuple[str, frozenset[Square]]]
    bits: dict[str, int] = field(default_factory=dict)
    touched: set[Square] = field(default_factory=set)

    def __post_init__(self) -> None:
        for eid, zone in self.zones:
            self.touched |= zone
            self.bits.setdefault(eid, len(self.bits))

    def bit(self, eid: str) -> int:
        return 1 << self.bits.setdefault(eid, len(self.bits))


class RouteTree:
    """One leg's search from its sources (the start, or where the last leg may end), kept
    open: `settle(square)` goes on until that square is settled."""

    def __init__(self, geo: MapGeometry, mover: Token, policy: GeometryPolicy,
                 sources: list[tuple[State, Key, Any]], enemies: Enemies | None,
                 first_leg: bool) -> None:
        self.geo, self.mover, self.policy = geo, mover, policy
        self.enemies = enemies
        self.first_leg = first_leg
        self.cols = geo.cols
        self.table = _open_steps(geo, mover)
        self.occupants = _occupant_grid(geo)
        self.difficult = _difficult_spaces(geo, mover)
        self.d35 = policy.diagonals == "d35"
        self.best: dict[State, Key] = {}
        self.parent: dict[State, Any] = {}  # state → previous state, or the source's link
        self.done: set[State] = set()
        self.settled: dict[int, list[State]] = {}  # square → its states, in the order settled
        self.heap: list[tuple[Key, int, State]] = []
        self.starts: set[State] = set()
        self._mid: dict[int, tuple[bool, list[str]]] = {}
        self._seq = 0
        for state, key, link in sources:
            if key < self.best.get(state, (math.inf, math.inf, math.inf)):
                self.best[state] = key
                self.parent[state] = link
                self.starts.add(state)
                self._push(key, state)
        self.expanded = 0  # states expanded so far (the benchmark's count of work)

    def _push(self, key: Key, state: State) -> None:
        self._seq += 1
        heapq.heappush(self.heap, (key, self._seq, state))

    def settle(self, square: int, want: int = 1) -> list[State]:
        """The states of `square` settled, cheapest first: at least `want` of them when the
        search can reach that many, none when no legal route reaches it."""
        settled = self.settled
        while self.heap and len(settled.get(square, ())) < want:
            key, _, state = heapq.heappop(self.heap)
            if state in self.done or key != self.best[state]:
                continue
            self.done.add(state)
            settled.setdefault(state[0], []).append(state)
            self._expand(state, key)
        return settled.get(square, [])

    def key_of(self, state: State) -> Key:
        return self.best[state]

    def _space_free(self, idx: int) -> tuple[bool, list[str]]:
        """May the mover pass through its space at `idx` (not ending there), and whom it
        enters there: the walk's own `occupancy` rule."""
        hit = self._mid.get(idx)
        if hit is None:
            c, r = idx % self.cols, idx // self.cols
            mover, geo = self.mover, self.geo
            others = list(dict.fromkeys(
                o for sq in footprint_squares(mover, c, r) for o in self.occupants.get(sq, ())
                if o != mover.id))
            ok = not occupancy(geo, self.policy, mover, others, False)
            hit = self._mid[idx] = (ok, [o for o in others if geo.tokens[o].side != mover.side])
        return hit

    def _expand(self, state: State, key: Key) -> None:
        self.expanded += 1
        idx, parity, mask = state
        masks = self.table.masks
        steps = masks[idx]
        if steps < 0:
            _fill_block(self.geo, self.mover, self.table, idx)
            steps = masks[idx]
        cols = self.cols
        provoked, cost, length = key
        first = state in self.starts and self.first_leg
        for k, (dx, dy) in enumerate(DIRS):
            if not steps >> k & 1:
                continue
            nidx = idx + dy * cols + dx
            ok, entered = self._space_free(nidx)
            if not ok:
                continue
            difficult = self.difficult.get(nidx)
            if difficult is None:
                difficult = self.difficult[nidx] = dest_difficult(
                    self.geo, footprint_squares(self.mover, nidx % cols, nidx // cols))
            step, diagonals = step_cost(self.policy, dx, dy, parity, difficult)
            npar = diagonals & 1 if self.d35 else 0
            nmask = mask
            if self.enemies is not None:
                nmask = mask | self._provoked(idx, nidx, mask, entered, first)
            nkey = (nmask.bit_count() if self.enemies is not None else 0, cost + step,
                    length + (1.4142135623730951 if dx and dy else 1.0))
            nstate = (nidx, npar, nmask)
            if nkey < self.best.get(nstate, (math.inf, math.inf, math.inf)):
                self.best[nstate] = nkey
                self.parent[nstate] = state
                self._push(nkey, nstate)

    def _provoked(self, idx: int, nidx: int, mask: int, entered: list[str], first: bool) -> int:
        """Bitmask of the enemies the step provokes that the move has not provoked yet."""
        en = self.enemies
        assert en is not None
        if first and first_step_safe(en.rule, en.move_kind):
            return 0
        mover, cols = self.mover, self.cols
        before = set(footprint_squares(mover, idx % cols, idx // cols))
        if not entered and en.touched.isdisjoint(before):
            return 0  # `_may_provoke`: every rule asks the mover to leave a zone or enter a foe
        after = set(footprint_squares(mover, nidx % cols, nidx // cols))
        done = {eid for eid, b in en.bits.items() if mask >> b & 1}
        out = 0
        for eid, _ in step_provocations(self.geo, en.rule, en.move_kind, before, after,
                                        en.zones, entered, en.threats, en.within, done):
            out |= en.bit(eid)
        return out

    def squares_to(self, state: State) -> tuple[list[Square], Any]:
        """The leg's squares up to `state` (its source excluded) and the source's link."""
        out: list[Square] = []
        cols = self.cols
        while state not in self.starts:
            out.append((state[0] % cols, state[0] // cols))
            state = self.parent[state]
        out.reverse()
        return out, self.parent[state]


def index_of(geo: MapGeometry, square: Square) -> int:
    return square[1] * geo.cols + square[0]


def on_grid(geo: MapGeometry, square: Square) -> bool:
    return 0 <= square[0] < geo.cols and 0 <= square[1] < geo.rows

