"""The route search against an exhaustive search of the path walk itself (`plan_path`): on
random small mazes of each system, no simple path the walk finds legal is cheaper than the
route (or, with fewest attacks asked, provokes fewer attacks, then costs less), and the walk
agrees with the route's own cost. Walls on grid lines (closed doors, windows among them),
difficult squares, allies and foes in the way, a large creature."""

from __future__ import annotations

import random

import pytest

from battlemap.geometry import plan_path
from battlemap.geometry.movement.routes import find_route
from tests.helpers.geometry import Scene, build_scene, tok, wall

SYSTEMS = ["breche35", "adnd2bis", "dnd2024", "pmt"]
INF = (float("inf"), float("inf"))


def _maze(system: str, seed: int, size: str = "medium", n: int = 5) -> tuple[Scene, tuple[int, int]]:
    rnd = random.Random(seed)
    walls = []
    for _ in range(rnd.randint(3, 7)):
        x, y = rnd.randint(1, n - 1), rnd.randint(0, n - 1)
        a, b = ((x, y), (x, y + 1)) if rnd.random() < 0.5 else ((y, x), (y + 1, x))
        walls.append(wall(a, b, kind=rnd.choice(["wall", "wall", "door", "window"])))
    free = [(c, r) for c in range(n) for r in range(n)]
    rnd.shuffle(free)
    mover = free.pop()
    if size == "large":
        mover = (min(mover[0], n - 2), min(mover[1], n - 2))
        free = [s for s in free if not (0 <= s[0] - mover[0] <= 1 and 0 <= s[1] - mover[1] <= 1)]
    tokens = [tok("m", *mover, size=size, side="party")]
    for i in range(rnd.randint(1, 3)):
        tokens.append(tok(f"t{i}", *free.pop(), side=rnd.choice(["foe", "foe", "party"])))
    difficult = [free.pop() for _ in range(rnd.randint(0, 4))]
    scene = build_scene(system, tokens, walls, cols=n, rows=n, difficult=difficult)
    last = n - (2 if size == "large" else 1)
    # The target is a square the mover may end on: one under another creature ends the move
    # refused whatever the way there (`test_a_route_onto_a_creature_ends_refused`).
    side = 2 if size == "large" else 1
    taken = {(int(t.col), int(t.row)) for t in scene.geo.tokens.values() if t.id != "m"}
    while True:
        target = (rnd.randint(0, last), rnd.randint(0, last))
        if not any((target[0] + dc, target[1] + dr) in taken
                   for dc in range(side) for dr in range(side)):
            return scene, target


def _exhaustive(scene: Scene, target: tuple[int, int], avoid: bool,
                via: tuple[int, int] | None = None,
                bound: tuple[float, float] = INF) -> tuple[float, float]:
    """The least (attacks, cost) — attacks 0 unless `avoid` — over every path through
    `via` made of simple legs, each judged by `plan_path` (every step legal), found by
    depth-first search with the best so far as the bound. Given the route's own (attacks,
    cost) as `bound`, it looks only for a path strictly better than the route, and answers
    the bound when there is none: every simple path is still covered (each one pruned costs
    at least the bound), without first finding the paths the route already beats."""
    geo, policy = scene.geo, scene.policy
    mover = geo.token("m")
    start = (int(mover.col), int(mover.row))
    best = [bound]
    stops = [via, target] if via is not None else [target]

    def judge(path: list[tuple[int, int]]) -> tuple[tuple[float, float], bool, bool]:
        res = plan_path(geo, "m", path, policy, speed_m=1e6)
        key = (float(len(res.provokes)) if avoid else 0.0, res.cost_m)
        middle_ok = all(s.legal for s in res.steps[:-1])
        return key, middle_ok, middle_ok and res.steps[-1].legal

    def least(frm: tuple[int, int], leg: int) -> float:
        """A lower bound of the cost left, in metres (the metric on open ground)."""
        total, here = 0.0, frm
        for stop in stops[leg:]:
            dx, dy = abs(stop[0] - here[0]), abs(stop[1] - here[1])
            total += max(dx, dy) + (min(dx, dy) // 2 if policy.diagonals == "d35" else 0)
            here = stop
        return total * 1.5

    def dfs(path: list[tuple[int, int]], leg: int, seen: set[tuple[int, int]]) -> None:
        here = path[-1] if path else start
        steps = [(here[0] + dc, here[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
        steps.sort(key=lambda s: least(s, leg))
        for nxt in steps:
            if nxt == here or nxt in seen or not geo.in_grid(*nxt, mover.size.squares):
                continue
            key, middle_ok, ok = judge([*path, nxt])
            # Costs and attacks only grow along a path, and the cost left is at least the
            # metric's: a path that cannot beat the best so far is not followed.
            if not middle_ok or (key[0], key[1] + least(nxt, leg)) >= best[0]:
                continue
            if nxt == stops[leg]:
                if leg == len(stops) - 1:
                    if ok:
                        best[0] = key
                    continue
                dfs([*path, nxt], leg + 1, {nxt})
            dfs([*path, nxt], leg, seen | {nxt})

    if start == stops[0] and via is None:
        return (0.0, 0.0)
    dfs([], 0, {start})
    return best[0]


def _reachable(scene: Scene) -> set[tuple[int, int]]:
    """Every square the mover can reach by steps the walk finds legal (as middle steps):
    the exhaustive answer to "is there any route", without enumerating paths."""
    geo = scene.geo
    mover = geo.token("m")
    start = (int(mover.col), int(mover.row))
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        there = geo.with_token_at("m", *here)
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nxt = (here[0] + dc, here[1] + dr)
                if nxt in seen or not geo.in_grid(*nxt, mover.size.squares):
                    continue
                res = plan_path(there, "m", [nxt, here], scene.policy, speed_m=1e6)
                if res.steps[0].legal:
                    seen.add(nxt)
                    todo.append(nxt)
    return seen


def _route_key(scene: Scene, route_squares: list[tuple[int, int]], avoid: bool) -> tuple[
        tuple[float, float], bool]:
    res = plan_path(scene.geo, "m", route_squares, scene.policy, speed_m=1e6)
    return ((float(len(res.provokes)) if avoid else 0.0, res.cost_m),
            all(s.legal for s in res.steps))


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("avoid", [False, True])
def test_route_is_optimal_on_random_mazes(system: str, avoid: bool) -> None:
    found = 0
    for seed in range(30 if avoid else 50):
        scene, target = _maze(system, seed * 7 + len(system))
        route = find_route(scene.geo, "m", target, scene.policy, avoid_oa=avoid)
        if not route.found:
            assert target not in _reachable(scene), (seed, target)
            continue
        found += 1
        key, legal = _route_key(scene, route.squares, avoid)
        best = _exhaustive(scene, target, avoid, bound=key)
        # The walk agrees with the route's own count and cost, every step is legal, and
        # nothing cheaper exists (a route that revisits a square may beat every simple path).
        assert legal, (seed, route.squares)
        assert key[1] == pytest.approx(route.cost * 1.5)
        if avoid:
            assert key[0] == route.provoked
        assert key <= best, (seed, target, route.squares, key, best)
    assert found >= 15  # the mazes leave most targets reachable


@pytest.mark.parametrize("system", SYSTEMS)
def test_large_creature_route_is_optimal(system: str) -> None:
    for seed in range(20):
        scene, target = _maze(system, 100 + seed, size="large", n=4)
        route = find_route(scene.geo, "m", target, scene.policy)
        if not route.found:
            assert target not in _reachable(scene)
            continue
        key, legal = _route_key(scene, route.squares, False)
        best = _exhaustive(scene, target, False, bound=key)
        assert legal and key <= best, (seed, route.squares, key, best)


@pytest.mark.parametrize("system", ["breche35", "dnd2024"])
def test_route_through_a_waypoint_is_optimal(system: str) -> None:
    """The legs end to end, the diagonal parity carried over the waypoint: no path through
    it made of two simple legs costs less."""
    for seed in range(20):
        scene, target = _maze(system, 200 + seed, n=4)
        rnd = random.Random(seed)
        via = (rnd.randint(0, 3), rnd.randint(0, 3))
        route = find_route(scene.geo, "m", target, scene.policy, via=[via])
        reach = _reachable(scene)
        if not route.found:
            assert via not in reach or target not in reach
            continue
        key, legal = _route_key(scene, route.squares, False)
        best = _exhaustive(scene, target, False, via=via, bound=key)
        assert via in route.squares or via == (int(scene.geo.token("m").col),
                                                int(scene.geo.token("m").row))
        assert legal and key <= best, (seed, via, route.squares, key, best)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_route_onto_a_creature_ends_refused(system: str) -> None:
    """Dragged onto an ally's square, the cheapest way there is shown, its steps on the way
    legal and its last one refused by the rule of ending in another's space."""
    scene = build_scene(system, [tok("m", 0, 0, side="party"), tok("a", 3, 0, side="party")],
                        [], cols=5, rows=3)
    route = find_route(scene.geo, "m", (3, 0), scene.policy)
    assert route.found and route.squares == [(1, 0), (2, 0), (3, 0)]
    res = plan_path(scene.geo, "m", route.squares, scene.policy, speed_m=1e6)
    assert all(s.legal for s in res.steps[:-1])
    if scene.policy.sharing_allowed:
        assert res.steps[-1].legal
    else:
        assert not res.steps[-1].legal and res.steps[-1].reason.key == "step.end_shared"
