"""The cheapest legal route to a square (docs/architecture.md#routes): the squares a drag
or `query … route` moves through, found by a search over the same steps the path walk judges
(`_walk`: walls, closed doors and windows and the corner rule of §4.2, the grid's edge,
who stands where, difficult terrain, 1-2-1-2 diagonals with their parity carried along, or
every square one), with the mover's whole space.

- The cheapest route: least cost, then the shortest on the map among equal costs (the
  straightest to the eye).
- Fewest attacks (`avoid_oa`): fewest enemies provoked (one attack each per move, by the
  policy's rule, `opportunity.step_provocations`), then least cost.
- Waypoints (`via`): the route is its legs end to end, each leg from where the last one
  ends. The cheapest route carries the diagonal parity over the waypoints, every parity
  reached there kept, so the whole route is the cheapest through them; with `avoid_oa`,
  each leg goes on from the fewest-attacks end of the leg before.

The search is kept per mover while no token moves (`MapGeometry.token_cache`): a drag asks
for the square under the mouse at every move and only new squares are settled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlemap.geometry.map_geometry import MapGeometry
from battlemap.geometry.movement._route_search import Enemies, RouteTree, State, index_of, on_grid
from battlemap.geometry.movement.opportunity import move_provokes
from battlemap.geometry.policy import GeometryPolicy
from battlemap.geometry.reach.threat_map import threat_map
from battlemap.geometry.reach.threatened import CanThreaten, ReachOf
from battlemap.geometry.results import Square


@dataclass(frozen=True, slots=True)
class Route:
    squares: list[Square]  # start excluded; [] when no legal route reaches the target
    found: bool
    cost: float  # squares, by the search (the path walk says the same in metres)
    provoked: int  # enemies provoked, as the search counted them (avoid_oa only)
    expanded: int  # states the search expanded for this question (its work)


def find_route(
    geo: MapGeometry,
    token_id: str,
    target: Square,
    policy: GeometryPolicy,
    via: Sequence[Square] = (),
    avoid_oa: bool = False,
    move_kind: str = "normal",
    reach_of: ReachOf | None = None,
    can_threaten: CanThreaten | None = None,
    within: CanThreaten | None = None,
) -> Route:
    mover = geo.token(token_id)
    start = (int(mover.col // 1), int(mover.row // 1))
    stops = [*[(int(c), int(r)) for c, r in via], (int(target[0]), int(target[1]))]
    if not all(on_grid(geo, s) for s in stops) or not on_grid(geo, start):
        return Route([], False, 0.0, 0, 0)
    enemies = None
    if avoid_oa and move_provokes(policy, move_kind):
        threats = threat_map(geo, token_id, policy, reach_of, can_threaten,
                             (0.0, 0.0, float(geo.cols), float(geo.rows)))
        enemies = Enemies(policy.oa_rule, move_kind, threats, within,
                          list(threats.zones.items()))
    want = 2 if policy.diagonals == "d35" and enemies is None else 1
    ask = (mover, policy, reach_of, can_threaten, within)
    sources: list[tuple[State, tuple[int, float, float], object]] = [
        ((index_of(geo, start), 0, 0), (0, 0.0, 0.0), None)]
    trees: list[RouteTree] = []
    expanded = 0
    for leg, stop in enumerate(stops):
        key = ("route-tree", token_id, avoid_oa, move_kind, tuple(stops[:leg]))
        held = geo.token_cache.get(key)
        if held is not None and held[0] == ask and held[1] == sources:
            tree = held[2]
        else:
            tree = RouteTree(geo, mover, policy, sources, enemies, first_leg=leg == 0)
            geo.token_cache.keep(key, (ask, sources, tree))
        trees.append(tree)
        before = tree.expanded
        last = leg == len(stops) - 1
        ends = tree.settle(index_of(geo, stop), 1 if last else want)
        expanded += tree.expanded - before
        if not ends:
            return Route([], False, 0.0, 0, expanded)
        if last:
            break
        # The next leg starts from every way of ending this one that may still pay
        # (both diagonal parities), or the fewest-attacks one.
        sources = [(s, tree.key_of(s), (leg, s)) for s in ends[:want]]
    best = ends[0]
    key_best = trees[-1].key_of(best)
    squares: list[Square] = []
    leg, state = len(trees) - 1, best
    while True:
        part, link = trees[leg].squares_to(state)
        squares[:0] = part
        if link is None:
            break
        leg, state = link
    return Route(squares, True, key_best[1], key_best[0], expanded)
